// Placeholder until the sales screen is built (the sales helper overwrites this file).
import { EnConstruccion } from "../en-construccion";

export default function Placeholder() {
  return <EnConstruccion titulo="Editar Presupuestos" />;
}
