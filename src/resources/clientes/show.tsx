// Placeholder until the sales resource is built (the sales helper overwrites this file).
import { EnConstruccion } from "../../custom-pages/en-construccion";

export default function Placeholder() {
  return <EnConstruccion titulo="Clientes — detalle" />;
}
