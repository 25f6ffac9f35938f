// The sales area's query keys (src/data/query.ts): a key starts with the resource its rows
// come from, so invalidating it also refreshes Refine's pages of that resource.

export const salesKeys = {
  /** Every read of quotes (Refine's list and pages, the pickers): a quote's total follows its items. */
  quotes: () => ["presupuestos"],
  /** A quote's items: the quote's page and Editar Presupuestos read and refresh this one key. */
  quoteItems: (quoteId: number | null) => ["items_presupuesto", quoteId],
  /** One quote (a screen opened with ?presupuesto=id). */
  quote: (id: number | null) => ["presupuestos", "id", id],
  /** A client's quotes (the pickers, Crear OC). */
  quotesOfClient: (clienteId: number | null) => ["presupuestos", "cliente", clienteId],
  /** A quote's links for the client (Compartir con el cliente). */
  quoteLinks: (quoteId: number | undefined) => ["enlaces", quoteId],
  /** The client picker's suggestions (useSuggestions' name). */
  clientSuggestions: "clientes",
};
