// VAT (IVA) and quote totals, specification section 9:
// "VAT is 19%, rounded to a whole number of pesos. Total equals net plus VAT (also net times 1.19)."
import { roundPesos } from "./round";
import { cantidadEfectiva } from "../sales/cantidad";

export const IVA_RATE = 0.19;
/** The rate as an exact integer percentage: integer arithmetic avoids float dust. */
const IVA_PERCENT = 19;

export interface Totals {
  neto: number;
  iva: number;
  total: number;
}

/**
 * IVA of a net amount, rounded to whole pesos (half away from zero).
 * Computed as neto × 19 / 100, which is exact for integer pesos, so it equals
 * Math.round(neto × 0.19) for every non-negative amount and never drifts.
 */
export function iva(neto: number): number {
  return roundPesos((neto * IVA_PERCENT) / 100);
}

/**
 * Total with IVA = neto + iva(neto). For whole-peso nets this is the same as
 * round(neto × 1.19) (tested), which is how client payments compute it.
 * A net with cents is first rounded to whole pesos.
 */
export function totalConIva(neto: number): number {
  const n = roundPesos(neto);
  return n + iva(n);
}

/** { neto, iva, total } for a net amount (net rounded to whole pesos). */
export function totals(neto: number): Totals {
  const n = roundPesos(neto);
  const v = iva(n);
  return { neto: n, iva: v, total: n + v };
}

/**
 * Net of one quote line: cantidad × precio_unitario, rounded to whole pesos.
 *
 * An empty quantity (null/undefined) counts as 1, the same default section 9 gives for
 * UTV, so the show page, the PDF and the UTV column all read the line the same way.
 * An explicit 0 stays 0. An empty unit price counts as 0 (the line has no price yet).
 */
export function lineTotal(cantidad: number | null | undefined, precioUnitario: number | null | undefined): number {
  const qty = cantidadEfectiva(cantidad);
  const price = precioUnitario ?? 0;
  return roundPesos(qty * price);
}

export interface MoneyLine {
  cantidad?: number | null;
  precio_unitario?: number | null;
}

/** Totals of a quote: the sum of its rounded line totals, then IVA on that sum. */
export function quoteTotals(items: readonly MoneyLine[]): Totals {
  const neto = items.reduce((sum, it) => sum + lineTotal(it.cantidad, it.precio_unitario), 0);
  return totals(neto);
}
