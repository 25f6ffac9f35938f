// The colour of an invoice's displayed state (Pagado, Vencida, Contado, Vigente, Nota de crédito), shared
// by the invoice screens and the declared list (INVOICE_STATE_COLORS).
import { INVOICE_STATE_COLORS } from "../../../domain/operations/invoices";

export const estadoColor = (estado: string): (typeof INVOICE_STATE_COLORS)[keyof typeof INVOICE_STATE_COLORS] => INVOICE_STATE_COLORS[estado as keyof typeof INVOICE_STATE_COLORS] ?? "gold";
