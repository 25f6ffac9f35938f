// Stock quantities. The design page lets quantities carry decimals (metres of profile,
// m² of glass), and the database keeps them as numeric with 4 decimals. Floats add up
// badly (0.1 + 0.2 = 0.30000000000000004), so sums and differences are done in whole
// ten-thousandths ("units") and converted back: exact for 4 decimals up to ±900 million.
import type { NumberLike } from "../format/number";
import { roundHalfAwayFromZero } from "../money/round";

export const QTY_DECIMALS = 4;
/** Ten-thousandths in one unit of quantity. */
export const QTY_SCALE = 10_000;

/** A quantity as a number: database numerics arrive as text ("12.5000"). Empty or not a number → null. */
export function qtyValue(value: NumberLike): number | null {
  if (value === null || value === undefined) return null;
  if (typeof value === "number") return Number.isFinite(value) ? value : null;
  const t = value.trim();
  if (t === "") return null;
  const n = Number(t);
  return Number.isFinite(n) ? n : null;
}

/** A quantity rounded to 4 decimals (half away from zero), without -0. */
export function roundQty(value: number): number {
  const r = roundHalfAwayFromZero(value, QTY_DECIMALS);
  return r === 0 ? 0 : r;
}

/** Quantity → whole ten-thousandths (23.2 → 232000). Empty or not a number → 0. */
export function toQtyUnits(value: NumberLike): number {
  const n = qtyValue(value);
  if (n === null) return 0;
  const u = Math.round(roundQty(n) * QTY_SCALE);
  return u === 0 ? 0 : u;
}

/** Whole ten-thousandths → quantity (232000 → 23.2). */
export function fromQtyUnits(units: number): number {
  const q = units / QTY_SCALE;
  return q === 0 ? 0 : q;
}

/** Exact sum of quantities (empty counts as 0): sumQty([0.1, 0.2]) = 0.3. */
export function sumQty(values: Iterable<NumberLike>): number {
  let units = 0;
  for (const v of values) units += toQtyUnits(v);
  return fromQtyUnits(units);
}

/**
 * ⌈a / b⌉ for whole numbers, b > 0, without float surprises: the float quotient only
 * gives a first guess, checked with exact integer products.
 */
export function ceilDivInt(a: number, b: number): number {
  let q = Math.floor(a / b);
  while (q * b > a) q--;
  while ((q + 1) * b <= a) q++;
  const r = q * b === a ? q : q + 1;
  return r === 0 ? 0 : r;
}
