// "Ingreso de Cliente" (/IngresoCliente, spec 2.4, 4, 5, 8): the client form of the declared
// Clientes (src/domain/sales/clientes.resource.ts): Nombre (required), RUT, Correo,
// Teléfono, Dirección; "Guardar Cliente" shows "Guardando..." and is disabled while saving;
// on success "Cliente guardado correctamente" (gone after 3 s) and the form is cleared; on
// failure "Error al guardar el cliente" with the server's field errors under the fields.
import DeclaredEntryScreen from "../../../resources/declared/entry-screen";

export default function IngresoClientePage() {
  return (
    <DeclaredEntryScreen
      name="clientes"
      title="Ingreso de Cliente"
      form="ingreso-cliente"
      save="Guardar Cliente"
      saved="Cliente guardado correctamente"
      failed="Error al guardar el cliente"
      narrow
    />
  );
}
