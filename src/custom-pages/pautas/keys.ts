// The technical office's query keys (src/data/query.ts).
import { inventoryKeys } from "../inventory/keys";

export const pautasKeys = {
  /** A quote's saved pautas, by category; `reload` is bumped to read them again. */
  ofQuote: (quoteId: number, reload: number) => ["pautas", "presupuesto", quoteId, reload],
  /** Stock reservado por OT's list (usePagedQuery's name). */
  reserved: "stock_reservado",
};

/** What a write of pautas changes beyond the quote's own list: the stock they reserve, the shortages and Stock reservado por OT. */
export const pautaWrites = [[pautasKeys.reserved], [inventoryKeys.stock], [inventoryKeys.faltantes], inventoryKeys.reservations()];
