// Where a search result opens: the record's own screen (show page, or the custom screen
// that edits it, told which record by its query string).
import type { SearchHit, SearchKind } from "../../domain/search";

const q = (params: Record<string, string>) => new URLSearchParams(params).toString();

export function hitPath(tipo: SearchKind, hit: Pick<SearchHit, "id">): string {
  switch (tipo) {
    case "clientes":
      return `/clientes/show/${encodeURIComponent(hit.id)}`;
    case "presupuestos":
      return `/presupuestos/show/${encodeURIComponent(hit.id)}`;
    case "ordenes_compra":
      return `/EditarOCPage?${q({ numero_oc: hit.id })}`;
    case "materiales":
      return `/StockActual?${q({ codigo: hit.id })}`;
    case "proveedores":
      return `/ProveedorPage?${q({ id: hit.id })}`;
    case "facturas_guias":
      // The Refine list reads its filters from the URL (syncWithLocation): this one invoice.
      return `/facturas_guias?${q({ "filters[0][field]": "id", "filters[0][operator]": "eq", "filters[0][value]": hit.id })}`;
  }
}
