// The technical office's query keys (src/data/query.ts).

export const pautasKeys = {
  /** A quote's saved pautas, by category; `reload` is bumped to read them again. */
  ofQuote: (quoteId: number, reload: number) => ["pautas", "presupuesto", quoteId, reload],
  /** Stock reservado por OT's list (usePagedQuery's name). */
  reserved: "stock_reservado",
};
