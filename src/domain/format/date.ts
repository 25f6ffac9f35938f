// Dates are shown day-month-year (specification section 9) as "DD-MM-YYYY".
import { isIsoDate, santiagoParts } from "../dates/dates";

const DATE_PREFIX = /^(\d{4})-(\d{2})-(\d{2})$/;
const pad2 = (n: number) => String(n).padStart(2, "0");

export type DateLike = string | Date | null | undefined;

function instantOf(value: string | Date): Date | null {
  const d = value instanceof Date ? value : new Date(value);
  return Number.isNaN(d.getTime()) ? null : d;
}

/**
 * "2026-03-05" → "05-03-2026".
 *
 * A date-only string is rearranged as text, never turned into an instant, so it can't
 * shift a day in any timezone. A Date or a timestamp string ("2026-11-23T02:30:00Z")
 * is an instant and shows its calendar date in America/Santiago ("22-11-2026").
 * Empty input gives ""; text that is not a date is returned unchanged, so a bad value
 * stays visible instead of disappearing.
 */
export function formatDate(value: DateLike): string {
  if (value === null || value === undefined || value === "") return "";
  if (typeof value === "string") {
    const t = value.trim();
    const m = DATE_PREFIX.exec(t);
    if (m) return isIsoDate(t) ? `${m[3]}-${m[2]}-${m[1]}` : value;
  }
  const d = instantOf(value);
  if (!d) return typeof value === "string" ? value : "";
  const p = santiagoParts(d);
  return `${pad2(p.day)}-${pad2(p.month)}-${String(p.year).padStart(4, "0")}`;
}

/**
 * An instant as "DD-MM-YYYY HH:mm" in Santiago (comment dates, audit rows).
 * A date-only string shows just the date. Empty gives "".
 */
export function formatDateTime(value: DateLike): string {
  if (value === null || value === undefined || value === "") return "";
  if (typeof value === "string" && DATE_PREFIX.test(value.trim())) return formatDate(value);
  const d = instantOf(value);
  if (!d) return typeof value === "string" ? value : "";
  const p = santiagoParts(d);
  return `${pad2(p.day)}-${pad2(p.month)}-${String(p.year).padStart(4, "0")} ${pad2(p.hour)}:${pad2(p.minute)}`;
}
