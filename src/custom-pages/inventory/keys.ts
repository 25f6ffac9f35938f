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
  /** A product's active reservations (Stock Actual's expanded row; every product's without one). */
  reservations: (codigo?: string) => (codigo === undefined ? ["reservas_activas"] : ["reservas_activas", codigo]),
  /** A product's kardex page (every product's without arguments). */
  movements: (codigo?: string | null, page?: number) => (codigo === undefined ? ["movimientos"] : ["movimientos", codigo, page]),
  /** The product pickers' suggestions (useSuggestions' name). */
  productSuggestions: "materiales",
};

/** What a stock movement changes (an exit, an adjustment): Stock Actual, Faltantes and every kardex. */
export const stockMoves = [[inventoryKeys.stock], [inventoryKeys.faltantes], inventoryKeys.movements()];
