// Client payments ("Pagos de Clientes", specification sections 4 and 9): the total with VAT
// of a budget, what was paid, the balance and its state. Amounts are whole pesos; the
// Monto entered is with VAT.
import { roundPesos, totalConIva } from "../money";
import { toQuantity, type NumericValue } from "../purchasing/values";

export const CLIENT_PAYMENT_STATES = ["Pendiente", "Parcial", "Pagado"] as const;
export type ClientPaymentState = (typeof CLIENT_PAYMENT_STATES)[number];

export interface ClientPaymentSummary {
  /** round(budgeted net × 1.19). */
  total: number;
  pagado: number;
  /** total − pagado (negative when the client paid more). */
  saldo: number;
  estado: ClientPaymentState;
}

/**
 * Pendiente by default, Parcial once something was paid, Pagado when the balance is 0
 * or less. A budget without a net (0) and nothing paid stays Pendiente: with no amount
 * agreed yet there is nothing to call paid (and no "pago" hint on the work).
 */
export function clientPaymentState(total: number, pagado: number): ClientPaymentState {
  if (pagado <= 0 && total <= 0) return "Pendiente";
  if (total - pagado <= 0) return "Pagado";
  return pagado > 0 ? "Parcial" : "Pendiente";
}

/** The summary of a budget from its net and its payments (each `monto` with VAT). */
export function clientPaymentSummary(netoPresupuestado: NumericValue, pagos: readonly { monto: NumericValue }[]): ClientPaymentSummary {
  const total = totalConIva(toQuantity(netoPresupuestado));
  const pagado = roundPesos(pagos.reduce((sum, p) => sum + toQuantity(p.monto), 0));
  return { total, pagado, saldo: total - pagado, estado: clientPaymentState(total, pagado) };
}
