// Ventas → Presupuestos → Nuevo: the "Nuevo Presupuesto" form; after saving it opens the
// new quote's page.
import { useShowCreated } from "../../components/useShowCreated";
import { MSG_PRESUPUESTO_OK, NuevoPresupuestoForm } from "../../custom-pages/sales/presupuestos/NuevoPresupuestoForm";

export default function PresupuestosCreate() {
  return <NuevoPresupuestoForm onSaved={useShowCreated("presupuestos", MSG_PRESUPUESTO_OK)} />;
}
