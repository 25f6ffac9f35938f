// "Ingreso de Cliente" (/IngresoCliente): the client form of the Clientes resource.
import { IngresoClienteForm } from "../../resources/clientes/ClienteForm";

export default function IngresoClientePage() {
  return <IngresoClienteForm />;
}
