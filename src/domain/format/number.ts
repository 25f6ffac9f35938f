// es-CL number and currency formatting, written by hand so the output does not depend on
// the ICU data of the runtime (Node "small-icu", old browsers and jsdom differ):
// thousands with ".", decimals with ",", pesos with "$" and no decimals.
import { roundHalfAwayFromZero } from "../money/round";

/** Database numeric columns arrive as strings ("1234.50"); both forms are accepted. */
export type NumberLike = number | string | null | undefined;

function toNumber(value: NumberLike): number | null {
  if (value === null || value === undefined) return null;
  if (typeof value === "string") {
    const t = value.trim();
    if (t === "") return null;
    const n = Number(t);
    return Number.isFinite(n) ? n : null;
  }
  return Number.isFinite(value) ? value : null;
}

function groupThousands(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, ".");
}

/**
 * es-CL number: 1234567.891 → "1.234.567,89" (up to `maxDecimals`, trailing zeros
 * dropped). Empty or non-numeric input gives "".
 */
export function formatNumber(value: NumberLike, maxDecimals = 2): string {
  const n = toNumber(value);
  if (n === null) return "";
  const rounded = roundHalfAwayFromZero(n, maxDecimals);
  const abs = Math.abs(rounded);
  if (abs >= 1e21) return String(rounded);
  const [intPart, fracPart = ""] = abs.toFixed(maxDecimals).split(".");
  const frac = fracPart.replace(/0+$/, "");
  const sign = rounded < 0 ? "-" : "";
  return `${sign}${groupThousands(intPart)}${frac ? `,${frac}` : ""}`;
}

/**
 * Chilean pesos: 1234567 → "$1.234.567", -1234 → "-$1.234", 0 → "$0".
 * Rounded to whole pesos (half away from zero). Empty or non-numeric input gives "".
 */
export function formatCLP(value: NumberLike): string {
  const n = toNumber(value);
  if (n === null) return "";
  const rounded = roundHalfAwayFromZero(n, 0);
  const abs = Math.abs(rounded);
  const digits = abs >= 1e21 ? String(abs) : abs.toFixed(0);
  return `${rounded < 0 ? "-" : ""}$${groupThousands(digits)}`;
}

/** Millimetres: 1200 → "1.200 mm", 2.5 → "2,5 mm". Empty gives "". */
export function formatMm(value: NumberLike): string {
  const s = formatNumber(value, 1);
  return s === "" ? "" : `${s} mm`;
}
