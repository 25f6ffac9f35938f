// Ventas → Clientes → Nuevo: the same form as "Ingreso de Cliente"; after saving it
// opens the new client's page.
import { useShowCreated } from "../../components/useShowCreated";
import { IngresoClienteForm, MSG_CLIENTE_OK } from "./ClienteForm";

export default function ClientesCreate() {
  return <IngresoClienteForm onSaved={useShowCreated("clientes", MSG_CLIENTE_OK)} />;
}
