// Workshop periods (specification sections 3 and 9): a worker roster belongs to a period
// "YYYY-MM", and the workshop screens filter by month (01-12) and year. Periods are
// Santiago calendar months; the current instant is always a parameter.
import { addDays, santiagoDateOf, santiagoParts } from "../dates/dates";
import { formatDate } from "../format/date";

export const MSG_PERIODO_INVALIDO = "Periodo inválido.";

/** Months of the month filter, as the screens send them. */
export const MESES = ["01", "02", "03", "04", "05", "06", "07", "08", "09", "10", "11", "12"] as const;
export type Mes = (typeof MESES)[number];

/** Spanish month names, index 0 = January (for labels and PDF titles). */
export const MESES_NOMBRES = [
  "Enero",
  "Febrero",
  "Marzo",
  "Abril",
  "Mayo",
  "Junio",
  "Julio",
  "Agosto",
  "Septiembre",
  "Octubre",
  "Noviembre",
  "Diciembre",
] as const;

/** First year of the year filter (the specification lists 2024, 2025, 2026). */
export const PRIMER_ANIO_SELECCIONABLE = 2024;

/**
 * Years of the year filter: 2024 through next year in Santiago. The specification's
 * fixed 2024-2026 would stop working in 2027; counting up to next year also lets
 * December's screen reach January (e.g. to copy the roster forward).
 */
export function selectableYears(now: Date = new Date()): number[] {
  const last = Math.max(PRIMER_ANIO_SELECCIONABLE, santiagoParts(now).year + 1);
  const years: number[] = [];
  for (let y = PRIMER_ANIO_SELECCIONABLE; y <= last; y++) years.push(y);
  return years;
}

const PERIODO = /^(\d{4})-(0[1-9]|1[0-2])$/;
const pad2 = (n: number) => String(n).padStart(2, "0");

export interface PeriodoParts {
  anio: number;
  /** 1-12 */
  mes: number;
}

/** "2026-03" → { anio: 2026, mes: 3 }; anything else (2026-3, 2026-13, 0000-01, " 2026-03") → null. */
export function parsePeriodo(value: unknown): PeriodoParts | null {
  if (typeof value !== "string") return null;
  const m = PERIODO.exec(value);
  if (!m) return null;
  const anio = Number(m[1]);
  if (anio < 1) return null;
  return { anio, mes: Number(m[2]) };
}

/** True for a well-formed period "YYYY-MM" (month 01-12). */
export function isPeriodo(value: unknown): value is string {
  return parsePeriodo(value) !== null;
}

function requirePeriodo(periodo: string): PeriodoParts {
  const p = parsePeriodo(periodo);
  if (!p) throw new RangeError(`${MSG_PERIODO_INVALIDO} (${String(periodo)})`);
  return p;
}

function periodoOfParts(anio: number, mes: number): string {
  return `${String(anio).padStart(4, "0")}-${pad2(mes)}`;
}

/**
 * The period of the month and year filters: ("3" | "03" | 3, "2026" | 2026) → "2026-03".
 * null when either is not a whole month 1-12 or a year 1-9999.
 */
export function periodoFromMesAnio(mes: string | number | null | undefined, anio: string | number | null | undefined): string | null {
  const toInt = (v: string | number | null | undefined) => {
    if (typeof v === "number") return Number.isInteger(v) ? v : NaN;
    if (typeof v === "string" && /^\s*\d{1,4}\s*$/.test(v)) return Number(v);
    return NaN;
  };
  const m = toInt(mes);
  const y = toInt(anio);
  if (!(m >= 1 && m <= 12) || !(y >= 1 && y <= 9999)) return null;
  return periodoOfParts(y, m);
}

/** The month before: "2026-01" → "2025-12". Throws RangeError for a malformed period. */
export function previousPeriodo(periodo: string): string {
  const { anio, mes } = requirePeriodo(periodo);
  return mes === 1 ? periodoOfParts(anio - 1, 12) : periodoOfParts(anio, mes - 1);
}

/** The month after: "2026-12" → "2027-01". Throws RangeError for a malformed period. */
export function nextPeriodo(periodo: string): string {
  const { anio, mes } = requirePeriodo(periodo);
  return mes === 12 ? periodoOfParts(anio + 1, 1) : periodoOfParts(anio, mes + 1);
}

/** The current period in Santiago ("2026-11" on 2026-11-30 at 22:00 in Chile). */
export function currentPeriodo(now: Date = new Date()): string {
  return santiagoDateOf(now).slice(0, 7);
}

/** A period from the address (`?periodo=`): itself when valid, else the current one. */
export function periodoParam(value: string | null | undefined, now: Date = new Date()): string {
  return isPeriodo(value) ? value : currentPeriodo(now);
}

/** Real number of days of the period's month: 2028-02 → 29, 2026-02 → 28, 2026-04 → 30. */
export function daysInPeriodo(periodo: string): number {
  const { anio, mes } = requirePeriodo(periodo);
  const d = new Date(0);
  d.setUTCFullYear(anio, mes, 0); // day 0 of the next month (0-based `mes`) = last day of this one
  return d.getUTCDate();
}

export interface PeriodoRange {
  /** First day, "YYYY-MM-01". */
  desde: string;
  /** Last day ("2028-02-29"). */
  hasta: string;
  /** First day of the next month, for half-open SQL ranges (fecha >= desde AND fecha < hastaExclusivo). */
  hastaExclusivo: string;
}

/** The month's dates: "2028-02" → 2028-02-01 … 2028-02-29 (next: 2028-03-01). */
export function periodoRange(periodo: string): PeriodoRange {
  const desde = `${periodo}-01`;
  const hasta = `${periodo}-${pad2(daysInPeriodo(periodo))}`;
  return { desde, hasta, hastaExclusivo: addDays(hasta, 1) };
}

/** "2026-03" → "Marzo 2026" (titles of the pay PDF and the worker statement). */
export function periodoLabel(periodo: string): string {
  const { anio, mes } = requirePeriodo(periodo);
  return `${MESES_NOMBRES[mes - 1]} ${anio}`;
}

// ---------------------------------------------------------------- Display of workshop dates

/** Hours added to a workshop date before showing it (specification section 9). */
export const WORKSHOP_DISPLAY_SHIFT_HOURS = 4;

/**
 * The instant a workshop date is shown at: the value plus 4 hours (section 9).
 * The original service sends a record's date as UTC midnight ("2026-03-05T00:00:00Z");
 * shown as is in Chile (UTC-3/UTC-4) it would fall on the previous evening, so the
 * screens shift it by 4 hours, which lands on the same calendar day in Santiago in summer
 * and winter. A date-only "YYYY-MM-DD" is read as UTC midnight, as JavaScript does.
 * null for empty or unreadable input.
 */
export function shiftWorkshopDate(value: string | Date | null | undefined): Date | null {
  if (value === null || value === undefined || value === "") return null;
  const d = value instanceof Date ? value : new Date(typeof value === "string" ? value.trim() : value);
  if (Number.isNaN(d.getTime())) return null;
  return new Date(d.getTime() + WORKSHOP_DISPLAY_SHIFT_HOURS * 3_600_000);
}

/**
 * A workshop date as shown on screen and in PDFs, "DD-MM-YYYY" after the 4-hour shift:
 * "2026-03-05T00:00:00Z" → "05-03-2026" (unshifted it would read 04-03-2026 in Chile).
 * Empty gives ""; text that is not a date is returned unchanged so it stays visible.
 */
export function formatWorkshopDate(value: string | Date | null | undefined): string {
  if (value === null || value === undefined || value === "") return "";
  const shifted = shiftWorkshopDate(value);
  if (!shifted) return typeof value === "string" ? value : "";
  return formatDate(shifted);
}

/** File name of the workshop pay PDF, named by period: "pago-taller-2026-03.pdf". */
export function workshopPayPdfFileName(periodo: string): string {
  requirePeriodo(periodo);
  return `pago-taller-${periodo}.pdf`;
}
