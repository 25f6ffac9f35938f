// The purchasing area's query keys (src/data/query.ts).

export const purchasingKeys = {
  /** OC Pendientes/Histórico's page of orders. */
  orders: (params: unknown, page: number) => ["ordenes_compra_estado", "ordenes", params, page],
  /** The receipt cards' page of orders. */
  receiptOrders: (filters: unknown, page: number) => ["ordenes_compra_estado", "recepcion", filters, page],
  /** Editar OC's order choices: a state's orders matching the typed text. */
  orderChoices: (estado: string, q: string) => ["ordenes_compra_estado", "opciones", estado, q],
  /** The last order's number (Crear OC proposes the next). */
  lastOrder: () => ["ordenes_compra", "ultima"],
  /** Draft orders for a list of shortages (Crear OC from Faltantes). */
  drafts: (faltantes: string) => ["borradores_oc", faltantes], // no write invalidates it: the form is loaded once
  /** An order's receipts. */
  receipts: (numero: string | number) => ["ordenes_compra", numero, "recepciones"],
};
