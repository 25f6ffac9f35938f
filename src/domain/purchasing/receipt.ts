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

/** Issue 23.1: an order twice in one receipt would post its arrivals twice. */
export const MSG_OC_REPETIDA_INGRESO = (numeroOc: number) => `La OC ${numeroOc} está repetida en el ingreso: envíela una sola vez.`;
/** Issue 23.1: an item twice in one order of a receipt would post its arrival twice. */
export const MSG_ITEM_REPETIDO_INGRESO = (itemId: number, numeroOc: number) => `El ítem ${itemId} está repetido en la OC ${numeroOc}: envíelo una sola vez.`;
/** Issue 23.2: the unit price is edited on the receipts screen only together with a quantity arriving. */
export const MSG_PRECIO_SIN_LLEGADA = (codigo: string) => `El precio de ${codigo} solo puede cambiar cuando llega cantidad en este ingreso.`;

/**
 * The paths (in the body of POST api/ingresar_factura) of every repeated order number and of
 * every item id repeated within one order, each with its message; the first occurrence is fine.
 */
export function repeatedInReceipt(ordenes: readonly { numero_oc: number; detalles: readonly { id: number }[] }[]): { path: (string | number)[]; message: string }[] {
  const out: { path: (string | number)[]; message: string }[] = [];
  const orders = new Set<number>();
  ordenes.forEach((o, oi) => {
    if (orders.has(o.numero_oc)) out.push({ path: ["ordenes", oi, "numero_oc"], message: MSG_OC_REPETIDA_INGRESO(o.numero_oc) });
    orders.add(o.numero_oc);
    const items = new Set<number>();
    o.detalles.forEach((d, di) => {
      if (items.has(d.id)) out.push({ path: ["ordenes", oi, "detalles", di, "id"], message: MSG_ITEM_REPETIDO_INGRESO(d.id, o.numero_oc) });
      items.add(d.id);
    });
  });
  return out;
}

/**
 * Specification 2.7 lets the receipts screen edit an item's unit price, but only as the
 * price of what arrives: a line whose price changes must receive something in this receipt
 * (`diferencia` > 0). Returns the message, or null when valid.
 */
export function receiptPriceError(codigo: string, orderPrice: number, sentPrice: number, diferencia: number): string | null {
  return sentPrice !== orderPrice && !(diferencia > 0) ? MSG_PRECIO_SIN_LLEGADA(codigo) : null;
}

/**
 * Whether a receipt line receives something: the arrived quantity typed (cumulative) is
 * above what already arrived. The receipts screen lets the unit price be edited only then.
 */
export function lineReceives(previous: NumericValue, typed: NumericValue): boolean {
  const n = toNumberOrNull(typed);
  return n !== null && stockDifference(previous, n) > 0;
}
