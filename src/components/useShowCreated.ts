// A resource's create page reuses the entry screen's form; after saving it opens the new
// record's page, the success message travelling as a notification.
//   <NuevoPresupuestoForm onSaved={useShowCreated("presupuestos", MSG_PRESUPUESTO_OK)} />
import { useNavigate } from "react-router";
import { useNotification } from "@refinedev/core";
import { recordLink } from "../custom-pages/screens";

export function useShowCreated(resource: string, message: string): (id: number | undefined) => void {
  const navigate = useNavigate();
  const { open } = useNotification();
  return (id) => {
    if (id === undefined) return;
    open?.({ type: "success", message });
    navigate(recordLink(resource, id));
  };
}
