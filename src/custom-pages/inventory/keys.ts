// The inventory area's query keys (src/data/query.ts). usePagedQuery takes a list's name: its
// pages are [name, "page", query].

export const inventoryKeys = {
  /** Stock Actual's list. */
  stock: "inventario",
  faltantes: "faltantes",
  /** Ajuste de Stock's list. */
  adjustments: "inventario_join",
  salidas: "salidas",
  solicitudes: (query?: unknown) => (query === undefined ? ["solicitudes"] : ["solicitudes", query]),
  /** A product's active reservations (Stock Actual's expanded row). */
  reservations: (codigo: string) => ["reservas_activas", codigo],
  /** A product's kardex page. */
  movements: (codigo: string | null, page: number) => ["movimientos", codigo, page],
  /** The product pickers' suggestions (useSuggestions' name). */
  productSuggestions: "materiales",
};
