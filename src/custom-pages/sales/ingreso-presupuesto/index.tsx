// "Nuevo Presupuesto" (/IngresoPresupuesto): the new-quote form of the Presupuestos resource.
import { NuevoPresupuestoForm } from "../presupuestos/NuevoPresupuestoForm";

export default function IngresoPresupuestoPage() {
  return <NuevoPresupuestoForm />;
}
