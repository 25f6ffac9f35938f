// Invoice receipts into stock ("Ingresos de Inventario", POST api/ingresar_factura):
// specification sections 2.7 and 5, server-behaviour "Purchasing".
import { isIsoDate } from "../dates/dates";
import { formatNumber } from "../format/number";
import { roundQuantity, toNumberOrNull, toQuantity, type NumericValue } from "./values";

/** Section 5, inventory receipts. */
export const MSG_FACTURA_Y_FECHA_REQUERIDAS = (numeroOc: string | number) =>
  `Debe ingresar número y fecha de factura para la OC ${numeroOc}.`;
export const MSG_FECHA_FACTURA_INVALIDA = (numeroOc: string | number) =>
  `La fecha de factura de la OC ${numeroOc} no es válida.`;
export const MSG_LLEGADA_INVALIDA = (codigo: string) => `La cantidad llegada de ${codigo} debe ser un número.`;
export const MSG_LLEGADA_NEGATIVA = (codigo: string) => `La cantidad llegada de ${codigo} no puede ser negativa.`;
export const MSG_LLEGADA_MENOR = (codigo: string, anterior: number) =>
  `La cantidad llegada de ${codigo} no puede ser menor que la ya ingresada (${formatNumber(anterior, 6)}).`;

const blank = (v: unknown) => v === null || v === undefined || String(v).trim() === "";

/**
 * Both the invoice number and its date are required for a receipt; the date must be a
 * calendar date (YYYY-MM-DD). Returns the message to show, or null when valid.
 */
export function receiptInvoiceError(
  numeroOc: string | number,
  factura: string | number | null | undefined,
  fechaFactura: string | null | undefined,
): string | null {
  if (blank(factura) || blank(fechaFactura)) return MSG_FACTURA_Y_FECHA_REQUERIDAS(numeroOc);
  if (!isIsoDate(String(fechaFactura).trim())) return MSG_FECHA_FACTURA_INVALIDA(numeroOc);
  return null;
}

/**
 * The new cumulative arrived quantity of an item: a number, not below 0 and not below
 * what already arrived (a receipt only adds; a correction is a stock adjustment).
 * Arriving more than was ordered is allowed: suppliers over-deliver and the stock must
 * show what is really there. Returns the message, or null when valid.
 */
export function arrivedQuantityError(codigo: string, previous: NumericValue, next: NumericValue): string | null {
  const n = toNumberOrNull(next);
  if (n === null) return MSG_LLEGADA_INVALIDA(codigo);
  if (n < 0) return MSG_LLEGADA_NEGATIVA(codigo);
  const prev = toQuantity(previous);
  if (roundQuantity(n - prev) < 0) return MSG_LLEGADA_MENOR(codigo, prev);
  return null;
}

/**
 * What enters stock on a receipt: new cumulative arrived − previous. Sending the same
 * receipt again gives 0, so a repeated receipt moves nothing.
 */
export function stockDifference(previous: NumericValue, next: NumericValue): number {
  return roundQuantity(toQuantity(next) - toQuantity(previous));
}
