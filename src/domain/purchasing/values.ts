// Values as they reach the purchasing and operations rules: numbers from the web app,
// machine-format numeric text from the database ("10.500" from a numeric column is ten
// and a half), dates as date-only text or timestamps. Database text is never read the
// es-CL way here: that is parseNumberInput's job for what a person typed.
import { isIsoDate, santiagoDateOf } from "../dates/dates";
import { roundHalfAwayFromZero } from "../money/round";

export type NumericValue = number | string | null | undefined;

/** A number, or machine-format numeric text; empty, null or not a number → null. */
export function toNumberOrNull(value: NumericValue): number | null {
  if (value === null || value === undefined) return null;
  if (typeof value === "number") return Number.isFinite(value) ? value : null;
  const t = value.trim();
  if (t === "" || !/^[+-]?(?:\d+(?:\.\d*)?|\.\d+)$/.test(t)) return null;
  const n = Number(t);
  return Number.isFinite(n) ? n : null;
}

/** Like toNumberOrNull, with 0 for an empty or invalid value (an item with nothing arrived yet). */
export function toQuantity(value: NumericValue): number {
  return toNumberOrNull(value) ?? 0;
}

/**
 * Quantities carry decimals (2,5 m of gasket); differences are cut to 6 decimals so
 * float dust (0.3 − 0.1 = 0.19999999999999998) never shows up as a pending amount.
 */
export function roundQuantity(value: number): number {
  const r = roundHalfAwayFromZero(value, 6);
  return r === 0 ? 0 : r;
}

const DATE_PREFIX = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The Santiago calendar date ("YYYY-MM-DD") of a stored value: a date-only string as is,
 * an instant (Date or timestamp text, as a timestamp column arrives) in America/Santiago.
 * Empty or unreadable → null.
 */
export function calendarDate(value: string | Date | null | undefined): string | null {
  if (value === null || value === undefined || value === "") return null;
  if (typeof value === "string") {
    const t = value.trim();
    if (DATE_PREFIX.test(t)) return isIsoDate(t) ? t : null;
  }
  const d = value instanceof Date ? value : new Date(value);
  return Number.isNaN(d.getTime()) ? null : santiagoDateOf(d);
}
