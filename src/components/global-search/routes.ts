// Where a search result opens: the record's own screen (show page, or the custom screen
// that edits it, told which record by its query string).
import type { SearchHit, SearchKind } from "../../domain/search";
import { linkTo, recordLink, resourceLink } from "../../custom-pages/screens";

export function hitPath(tipo: SearchKind, hit: Pick<SearchHit, "id">): string {
  switch (tipo) {
    case "clientes":
    case "presupuestos":
      return recordLink(tipo, hit.id);
    case "ordenes_compra":
      return linkTo("editar-oc", { numero_oc: hit.id });
    case "materiales":
      return linkTo("stock-actual", { codigo: hit.id });
    case "proveedores":
      return linkTo("proveedor-page", { id: hit.id });
    case "facturas_guias":
      // The Refine list reads its filters from the URL (syncWithLocation): this one invoice.
      return resourceLink(tipo, { "filters[0][field]": "id", "filters[0][operator]": "eq", "filters[0][value]": hit.id });
  }
}
