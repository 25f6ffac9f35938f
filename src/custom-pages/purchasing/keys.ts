// The purchasing area's query keys (src/data/query.ts).
import { inventoryKeys } from "../inventory/keys";

export const purchasingKeys = {
  /** Every read of orders by state: OC Pendientes/Histórico, the receipt cards, Editar OC's choices. */
  orderStates: () => ["ordenes_compra_estado"],
  /** Every read of an order's own records: the last number, its receipts. */
  orderRecords: () => ["ordenes_compra"],
  /** OC Pendientes/Histórico's page of orders. */
  orders: (params: unknown, page: number) => ["ordenes_compra_estado", "ordenes", params, page],
  /** The receipt cards' page of orders. */
  receiptOrders: (filters: unknown, page: number) => ["ordenes_compra_estado", "recepcion", filters, page],
  /** Editar OC's order choices: a state's orders matching the typed text. */
  orderChoices: (estado: string, q: string) => ["ordenes_compra_estado", "opciones", estado, q],
  /** One order with its items (Editar OC). */
  order: (numero: number | null) => ["ordenes_compra", numero],
  /** The last order's number (Crear OC proposes the next). */
  lastOrder: () => ["ordenes_compra", "ultima"],
  /** Draft orders for a list of shortages (Crear OC from Faltantes). */
  drafts: (faltantes: string) => ["borradores_oc", faltantes], // no write invalidates it: the form is loaded once
  /** An order's receipts. */
  receipts: (numero: string | number) => ["ordenes_compra", numero, "recepciones"],
};

/** What an order's write changes: every list of orders and, through what is on order or arrived, the stock screens. */
export const orderWrites = [purchasingKeys.orderStates(), purchasingKeys.orderRecords(), [inventoryKeys.stock], [inventoryKeys.faltantes]];
