// Chilean calendar dates. Server rule: "today", due dates, periods and month filters are
// computed in America/Santiago, never in UTC; date-only values travel as "YYYY-MM-DD".
// Pure: the current instant is always a parameter (defaulting to new Date()).

export const SANTIAGO_TZ = "America/Santiago";

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

export interface SantiagoParts {
  year: number;
  month: number; // 1-12
  day: number;
  hour: number; // 0-23
  minute: number;
  second: number;
}

let partsFormatter: Intl.DateTimeFormat | undefined;
function santiagoFormatter(): Intl.DateTimeFormat {
  // Built once: constructing Intl formatters is slow. Numeric parts only, so the
  // result does not depend on the locale data the runtime ships.
  partsFormatter ??= new Intl.DateTimeFormat("en-US", {
    timeZone: SANTIAGO_TZ,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
    hourCycle: "h23",
  });
  return partsFormatter;
}

/** Wall-clock parts of an instant in Santiago. */
export function santiagoParts(instant: Date): SantiagoParts {
  const out: Record<string, number> = {};
  for (const p of santiagoFormatter().formatToParts(instant)) {
    if (p.type !== "literal") out[p.type] = Number(p.value);
  }
  return {
    year: out.year,
    month: out.month,
    day: out.day,
    hour: out.hour === 24 ? 0 : out.hour,
    minute: out.minute,
    second: out.second,
  };
}

const pad2 = (n: number) => String(n).padStart(2, "0");
const pad4 = (n: number) => String(n).padStart(4, "0");

/** The Santiago calendar date ("YYYY-MM-DD") of an instant. */
export function santiagoDateOf(instant: Date): string {
  const p = santiagoParts(instant);
  return `${pad4(p.year)}-${pad2(p.month)}-${pad2(p.day)}`;
}

/** Today's date in Chile as "YYYY-MM-DD" (2026-11-23T02:30:00Z is still 2026-11-22 there). */
export function todayInSantiago(now: Date = new Date()): string {
  return santiagoDateOf(now);
}

/** True for a real calendar date written "YYYY-MM-DD" (rejects 2026-02-30, 2026-13-01). */
export function isIsoDate(value: unknown): value is string {
  if (typeof value !== "string") return false;
  const m = ISO_DATE.exec(value);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (mo < 1 || mo > 12 || d < 1) return false;
  const dt = new Date(Date.UTC(y, mo - 1, d));
  dt.setUTCFullYear(y); // Date.UTC maps years 0-99 to 1900-1999
  return dt.getUTCMonth() === mo - 1 && dt.getUTCDate() === d;
}

function toUtcDay(isoDate: string): Date {
  if (!isIsoDate(isoDate)) throw new RangeError(`Fecha inválida: ${String(isoDate)}`);
  const [y, m, d] = isoDate.split("-").map(Number);
  const dt = new Date(Date.UTC(y, m - 1, d));
  dt.setUTCFullYear(y);
  return dt;
}

function fromUtcDay(dt: Date): string {
  return `${pad4(dt.getUTCFullYear())}-${pad2(dt.getUTCMonth() + 1)}-${pad2(dt.getUTCDate())}`;
}

/**
 * Calendar arithmetic on a "YYYY-MM-DD" date: addDays("2026-02-27", 2) = "2026-03-01".
 * Works on the calendar, not on instants, so daylight-saving changes never shift it.
 * Throws RangeError for a malformed date or a non-integer n.
 */
export function addDays(isoDate: string, n: number): string {
  if (!Number.isInteger(n)) throw new RangeError(`Número de días inválido: ${n}`);
  const dt = toUtcDay(isoDate);
  dt.setUTCDate(dt.getUTCDate() + n);
  return fromUtcDay(dt);
}

/** Whole days from `from` to `to` (positive when `to` is later). */
export function daysBetween(from: string, to: string): number {
  return Math.round((toUtcDay(to).getTime() - toUtcDay(from).getTime()) / 86_400_000);
}

/**
 * The instant a Santiago calendar day ("YYYY-MM-DD") begins: midnight there, or the first
 * minute that exists when the clocks skip midnight (the September change).
 */
/** Milliseconds of a UTC wall time; years 0-99 stay themselves (Date.UTC maps them to 19xx). */
function utcMs(y: number, mo: number, d: number, h = 0, mi = 0, s = 0): number {
  const dt = new Date(Date.UTC(2000, mo - 1, d, h, mi, s));
  dt.setUTCFullYear(y, mo - 1, d);
  return dt.getTime();
}

export function santiagoDayStart(isoDate: string): Date {
  const [y, m, d] = isoDate.split("-").map(Number);
  const asUtc = utcMs(y, m, d);
  // Santiago is UTC-3 or UTC-4: guess, read the wall clock there, correct by the difference.
  let t = asUtc + 4 * 3600_000;
  for (let i = 0; i < 3; i++) {
    const p = santiagoParts(new Date(t));
    const wall = utcMs(p.year, p.month, p.day, p.hour, p.minute, p.second);
    const next = t - (wall - asUtc);
    if (next === t) break;
    t = next;
  }
  // A skipped midnight lands on the day before: move to the next hour that exists (bounded:
  // a day far from today, year 0050 say, must not loop forever; found by the API fuzzer).
  for (let i = 0; i < 48 && santiagoDateOf(new Date(t)) !== isoDate; i++) t += 3600_000;
  return new Date(t);
}
