// Supplier invoices and delivery notes (facturas/guías): due date, payment state and the
// entry form's amounts (specification sections 2.7, 4 and 5; server-behaviour
// "Operations and payments"). "Today" is always a Santiago calendar date passed in.
import { addDays, daysBetween, isIsoDate } from "../dates/dates";
import { parseNumberInput } from "../format/parse";
import { iva, roundPesos } from "../money";
import { calendarDate } from "../purchasing/values";

export const INVOICE_PAYMENT_STATES = ["Pagado", "Vigente", "Vencida", "Contado", "Nota de crédito"] as const;
/** The colour (antd tag) of each displayed state, on every invoice screen. */
export const INVOICE_STATE_COLORS = { Pagado: "green", Vigente: "gold", Vencida: "red", Contado: "blue", "Nota de crédito": "purple" } as const satisfies Record<(typeof INVOICE_PAYMENT_STATES)[number], string>;

/** SII document type of a nota de crédito: a credit in our favour, never a debt (issue 32 §4). */
export const DTE_NOTA_CREDITO = 61;
export type InvoicePaymentState = (typeof INVOICE_PAYMENT_STATES)[number];

/**
 * Payment-state filter of "Facturas/Guías" status control. "Pendiente" is sent to the
 * server as Vencida (section 4).
 */
export const INVOICE_STATE_FILTER_OPTIONS = [
  { label: "Todos", value: "" },
  { label: "Pagado", value: "Pagado" },
  { label: "Pendiente", value: "Vencida" },
  { label: "Vigente", value: "Vigente" },
  { label: "Contado", value: "Contado" },
  { label: "Nota de crédito", value: "Nota de crédito" },
] as const;

export const MSG_ESTADO_PAGO_INVALIDO = "Estado de pago inválido: use Pagado, Vigente, Vencida, Contado, Nota de crédito o Pendiente.";

type DateValue = string | Date | null | undefined;

/** vencimiento = fecha + dias_credito (empty credit counts as 0); no valid date → null. */
export function invoiceDueDate(fecha: DateValue, diasCredito: number | null | undefined): string | null {
  const d = calendarDate(fecha);
  if (!d) return null;
  const dias = diasCredito ?? 0;
  return Number.isInteger(dias) && dias >= 0 ? addDays(d, dias) : null;
}

/** Paid when estado_pago says Pagado (any case). */
export function isInvoicePaid(estadoPago: string | null | undefined): boolean {
  return (estadoPago ?? "").trim().toLocaleLowerCase("es-CL") === "pagado";
}

export interface InvoiceForState {
  estado_pago?: string | null;
  tipo_dte?: number | null;
  dias_credito?: number | null;
  fecha?: DateValue;
  vencimiento?: DateValue;
}

/**
 * estado_calculado: Pagado when paid, else Nota de crédito for a credit note (tipo_dte 61:
 * nothing to pay), else Contado when dias_credito is 0 (or empty), else Vencida when
 * vencimiento is before today, else Vigente. Due today is still Vigente.
 * The due date is the stored vencimiento, else fecha + dias_credito.
 */
export function invoiceComputedState(inv: InvoiceForState, today: string): InvoicePaymentState {
  if (isInvoicePaid(inv.estado_pago)) return "Pagado";
  if (inv.tipo_dte === DTE_NOTA_CREDITO) return "Nota de crédito";
  if (!inv.dias_credito) return "Contado";
  const due = calendarDate(inv.vencimiento) ?? invoiceDueDate(inv.fecha, inv.dias_credito);
  if (due && due < today) return "Vencida";
  return "Vigente";
}

export const MSG_NO_ELIMINAR_PAGADA = "No se puede eliminar un documento pagado: su pago quedó registrado en Control de pago.";
export const MSG_NO_ELIMINAR_SII = "No se puede eliminar un documento importado del SII: es el registro del documento tributario recibido.";

/**
 * Why a supplier's document cannot be deleted (issue 32): it is paid, or it came from the
 * SII (it carries its DTE type: the import fills tipo_dte, the registration form never sends it).
 */
export function invoiceDeleteRefusal(row: { estado_pago?: unknown; tipo_dte?: unknown }): string | null {
  if (isInvoicePaid(typeof row.estado_pago === "string" ? row.estado_pago : null)) return MSG_NO_ELIMINAR_PAGADA;
  if (row.tipo_dte !== null && row.tipo_dte !== undefined) return MSG_NO_ELIMINAR_SII;
  return null;
}

/** The state shown: Pagado, else the server's estado_calculado, else Vigente (section 4). */
export function invoiceDisplayState(estadoPago: string | null | undefined, estadoCalculado: string | null | undefined): string {
  if (isInvoicePaid(estadoPago)) return "Pagado";
  const c = (estadoCalculado ?? "").trim();
  return c === "" ? "Vigente" : c;
}

/**
 * The `estado_pago` query of GET api/facturas_estado: one of the four states in any case,
 * "Pendiente" read as Vencida; empty or missing → no filter (null).
 */
export function parseInvoiceStateFilter(raw: unknown): { valid: true; estado: InvoicePaymentState | null } | { valid: false; message: string } {
  if (raw === undefined || raw === null) return { valid: true, estado: null };
  if (typeof raw !== "string") return { valid: false, message: MSG_ESTADO_PAGO_INVALIDO };
  const k = raw.trim().toLocaleLowerCase("es-CL");
  if (k === "" || k === "todos" || k === "todas") return { valid: true, estado: null };
  if (k === "pendiente" || k === "pendientes") return { valid: true, estado: "Vencida" };
  const match = INVOICE_PAYMENT_STATES.find((s) => s.toLocaleLowerCase("es-CL") === k);
  return match ? { valid: true, estado: match } : { valid: false, message: MSG_ESTADO_PAGO_INVALIDO };
}

/** The row is red when the invoice is not paid and its due date is before today. */
export function isInvoiceRowOverdue(inv: { estado_pago?: string | null; vencimiento?: DateValue }, today: string): boolean {
  if (isInvoicePaid(inv.estado_pago)) return false;
  const due = calendarDate(inv.vencimiento);
  return due !== null && due < today;
}

export type PaymentDateHighlight = "today" | "muted" | "normal";

/** The payment date is highlighted when it is today and muted when more than 7 days old. */
export function paymentDateHighlight(fechaPago: DateValue, today: string): PaymentDateHighlight | null {
  const d = calendarDate(fechaPago);
  if (!d) return null;
  if (d === today) return "today";
  return daysBetween(d, today) > 7 ? "muted" : "normal";
}

/**
 * The status button: a paid invoice goes back to unpaid (estado_pago and fecha_pago
 * cleared); an unpaid one becomes Pagado with fecha_pago today (section 4).
 */
export function togglePayment(estadoPago: string | null | undefined, today: string): { estado_pago: "Pagado" | null; fecha_pago: string | null } {
  if (!isIsoDate(today)) throw new RangeError(`Fecha inválida: ${today}`);
  return isInvoicePaid(estadoPago) ? { estado_pago: null, fecha_pago: null } : { estado_pago: "Pagado", fecha_pago: today };
}

export interface InvoiceAmountsInput {
  monto_neto?: string | number | null;
  iva?: string | number | null;
  monto_total?: string | number | null;
}

export interface InvoiceAmounts {
  monto_neto: number | null;
  iva: number | null;
  monto_total: number | null;
}

/**
 * Invoice entry (section 5): VAT and total are filled in from the net when empty. Amounts
 * are read as es-CL text ("1.234.567", comma decimals) and kept in whole pesos. A VAT the
 * user typed is kept, and an empty total is then net + that VAT (an exempt invoice with
 * VAT 0 totals its net).
 */
export function autofillInvoiceAmounts(input: InvoiceAmountsInput): InvoiceAmounts {
  const read = (v: string | number | null | undefined) => {
    const n = parseNumberInput(v);
    return n === null ? null : roundPesos(n);
  };
  const neto = read(input.monto_neto);
  let vat = read(input.iva);
  let total = read(input.monto_total);
  if (neto !== null) {
    vat ??= iva(neto);
    total ??= neto + vat;
  }
  return { monto_neto: neto, iva: vat, monto_total: total };
}
