// "Crear/Editar Proveedores" (screen "proveedor-page", specification 2.6 item 5 and 5), rendered from
// the declared Proveedores (src/domain/purchasing/proveedores.resource.ts): a form and a
// table with edit. Name required ("El nombre del proveedor es obligatorio."), credit days a
// whole number, RUT checked as for clients; the table is paged, sorted and searched on the
// server. "Editar" loads a supplier into the form; saving then updates it. ?id=N (the
// global search) opens that supplier for editing; while editing, the form has a
// «Historial» tab with the supplier's changes (Informático and Gerencia).
import DeclaredEntryScreen from "../../../resources/declared/entry-screen";
import { MSG_PROVEEDOR_ERROR_GUARDAR, MSG_PROVEEDOR_GUARDADO } from "../../../domain/purchasing/messages";

export default function ProveedorPage() {
  return (
    <DeclaredEntryScreen
      name="proveedores"
      title="Crear/Editar Proveedores"
      form="proveedor"
      save="Guardar Proveedor"
      saved={MSG_PROVEEDOR_GUARDADO}
      failed={MSG_PROVEEDOR_ERROR_GUARDAR}
      list={{ title: "Proveedores", search: "Buscar proveedor", placeholder: "Nombre, RUT, vendedor…", pageSize: 10 }}
    />
  );
}
