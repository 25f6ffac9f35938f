// Ventas → Presupuestos → Nuevo: the "Nuevo Presupuesto" form; after saving it opens the
// new quote's page (the success message travels as a notification).
import { useNavigate } from "react-router";
import { useNotification } from "@refinedev/core";
import { MSG_PRESUPUESTO_OK, NuevoPresupuestoForm } from "./NuevoPresupuestoForm";

export default function PresupuestosCreate() {
  const navigate = useNavigate();
  const { open } = useNotification();
  return (
    <NuevoPresupuestoForm
      onSaved={(p) => {
        if (!p) return;
        open?.({ type: "success", message: MSG_PRESUPUESTO_OK });
        navigate(`/presupuestos/show/${p.id}`);
      }}
    />
  );
}
