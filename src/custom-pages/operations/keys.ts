// The operations area's query keys (src/data/query.ts): `facturas_guias` first, so a write
// that invalidates operationsKeys.invoices() also refreshes the declared Listado de Facturas/Guías.

export const operationsKeys = {
  /** Every read of the invoices register (its history, the suppliers' names). */
  invoices: () => ["facturas_guias"],
  invoiceSuppliers: () => ["facturas_guias", "proveedores"],
  invoiceHistory: (filter: unknown) => ["facturas_guias", "historial", filter],
  /** Control de pago's pages. */
  paymentControl: (filter?: unknown) => (filter === undefined ? ["facturas_estado"] : ["facturas_estado", filter]),
  /** A work's client payments and their summary. */
  clientPayments: (quoteId?: number | null) => (quoteId === undefined ? ["pagos_clientes"] : ["pagos_clientes", quoteId]),
  /** Seguimiento de Obras' stage hints for a page's works. */
  workHints: (ids?: readonly number[]) => (ids === undefined ? ["seguimiento_obras", "pistas"] : ["seguimiento_obras", "pistas", ids]),
  /** A supplier invoice's state at the SII (accept or claim). */
  invoiceSii: (facturaId: number) => ["facturas_sii", facturaId],
  /** Registro de Compras SII: every read (imports, a month's reconciliation, the facturas por aceptar). */
  rcv: () => ["rcv"],
  rcvImports: () => ["rcv", "importaciones"],
  rcvDetail: (importId: number | null, filter: unknown) => ["rcv", "detalle", importId, filter],
  rcvPorAceptar: () => ["rcv", "por-aceptar"],
  /** usePagedQuery's names. */
  workTracking: "seguimiento_obras",
  worksSummary: "resumen_obras",
};

/** What a new invoice changes: the register's reads (its history, the suppliers, the declared list) and Control de pago. */
export const invoiceWrites = [operationsKeys.invoices(), operationsKeys.paymentControl()];
