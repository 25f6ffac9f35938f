// Ventas → Clientes → Nuevo: the same form as "Ingreso de Cliente"; after saving it
// opens the new client's page (the success message travels as a notification).
import { useNavigate } from "react-router";
import { useNotification } from "@refinedev/core";
import { IngresoClienteForm, MSG_CLIENTE_OK } from "./ClienteForm";

export default function ClientesCreate() {
  const navigate = useNavigate();
  const { open } = useNotification();
  return (
    <IngresoClienteForm
      onSaved={(id) => {
        if (id === undefined) return;
        open?.({ type: "success", message: MSG_CLIENTE_OK });
        navigate(`/clientes/show/${id}`);
      }}
    />
  );
}
