// Rounding for money and measures. Pure, no I/O.

/**
 * Rounds half away from zero to `decimals` places (0 = whole pesos).
 *
 * Binary floating point stores 1.45 × 10 as 14.499999999999998; rounding that naively
 * gives 14 instead of 15. We first cut the value to 9 decimals (far below a peso and far
 * above float noise for any ERP amount), then round. Negative values round symmetrically
 * (-2.5 → -3), unlike Math.round (-2.5 → -2), so a credit note mirrors its invoice.
 */
export function roundHalfAwayFromZero(value: number, decimals = 0): number {
  if (!Number.isFinite(value)) return value;
  const factor = 10 ** decimals;
  const exact = Math.abs(value) * factor;
  // Already whole at that scale (1.5 → 15000 ten-thousandths): cutting and rounding give
  // it back as it is, so the text conversion (slow, and run for every line of a batch) is
  // skipped. Below 2^53 a whole float is exact.
  const scaled = Number.isInteger(exact) && exact < Number.MAX_SAFE_INTEGER ? exact : Number(exact.toFixed(9));
  const rounded = Math.round(scaled) / factor;
  return value < 0 && rounded !== 0 ? -rounded : rounded;
}

/** Whole pesos (CLP has no decimals). */
export function roundPesos(value: number): number {
  return roundHalfAwayFromZero(value, 0);
}
