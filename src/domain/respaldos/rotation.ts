// Backups: when they run and which ones are kept (issue 37). Pure: the instant is always a
// parameter, so a fake clock drives the tests. Every calendar rule is Chilean
// (America/Santiago): a backup belongs to the Santiago day, ISO week and month it was taken in.
import { addDays, santiagoDateOf, santiagoParts } from "../dates";

export interface Retention {
  /** How many days keep their newest backup. */
  diarios: number;
  /** How many older ISO weeks keep their newest backup. */
  semanales: number;
  /** How many older months keep their newest backup. */
  mensuales: number;
}

export const DEFAULT_RETENTION: Retention = { diarios: 7, semanales: 4, mensuales: 6 };
/** Daily, at this Chilean time. */
export const DEFAULT_HORA = "02:00";
/** The home cards warn when the newest verified backup is older than this. */
export const MAX_BACKUP_AGE_HOURS = 26;

const HORA = /^([01]\d|2[0-3]):([0-5]\d)$/;
export const isHora = (v: unknown): v is string => typeof v === "string" && HORA.test(v);

/** The ISO week ("2026-W05") a "YYYY-MM-DD" date belongs to. */
export function isoWeekOf(isoDate: string): string {
  const [y, m, d] = isoDate.split("-").map(Number);
  const date = new Date(Date.UTC(y, m - 1, d));
  const weekday = date.getUTCDay() || 7; // Monday 1 … Sunday 7
  date.setUTCDate(date.getUTCDate() + 4 - weekday); // the week's Thursday decides its year
  const year = date.getUTCFullYear();
  const week = Math.ceil(((date.getTime() - Date.UTC(year, 0, 1)) / 86_400_000 + 1) / 7);
  return `${year}-W${String(week).padStart(2, "0")}`;
}

/**
 * Which backups to keep (grandfather-father-son). Newest first: the newest backup of each of
 * the `diarios` newest days; then, among the older ones, the newest of each ISO week that has
 * none kept yet, `semanales` of them; then the newest of each month that has none kept yet,
 * `mensuales` of them. Every other backup may be deleted. A day, week or month counts once,
 * so the three kinds never overlap: the most kept is diarios + semanales + mensuales.
 * Besides, nothing taken within 24 hours of the newest is dropped (a "Respaldar ahora" in
 * the morning survives the day's other backups).
 */
export function backupsToKeep<T extends { fecha: Date }>(backups: readonly T[], retention: Retention): { keep: T[]; drop: T[] } {
  const newestFirst = [...backups].sort((a, b) => b.fecha.getTime() - a.fecha.getTime());
  const keep = new Set<T>();
  const days = new Set<string>();
  const weeks = new Set<string>();
  const months = new Set<string>();
  let weekly = 0;
  let monthly = 0;
  const recent = newestFirst.length ? newestFirst[0].fecha.getTime() - 24 * 3600_000 : 0;
  for (const b of newestFirst) {
    if (b.fecha.getTime() > recent) keep.add(b);
    const day = santiagoDateOf(b.fecha);
    const week = isoWeekOf(day);
    const month = day.slice(0, 7);
    let kept = false;
    if (!days.has(day) && days.size < retention.diarios) kept = true;
    else if (!days.has(day) && !weeks.has(week) && weekly < retention.semanales) {
      weekly++;
      kept = true;
    } else if (!days.has(day) && !weeks.has(week) && !months.has(month) && monthly < retention.mensuales) {
      monthly++;
      kept = true;
    }
    if (kept) keep.add(b);
    // A day, week or month is "covered" by its newest backup, kept or not, so an older one
    // of the same period never replaces it.
    days.add(day);
    if (kept || weeks.has(week)) weeks.add(week);
    if (kept || months.has(month)) months.add(month);
  }
  return { keep: newestFirst.filter((b) => keep.has(b)), drop: newestFirst.filter((b) => !keep.has(b)) };
}

/** The instant of "HH:MM" Santiago time on a Santiago date (a skipped hour moves forward). */
export function santiagoAt(isoDate: string, hora: string): Date {
  const [y, m, d] = isoDate.split("-").map(Number);
  const [hh, mm] = hora.split(":").map(Number);
  const wallAsUtc = Date.UTC(y, m - 1, d, hh, mm);
  let t = wallAsUtc + 4 * 3600_000;
  for (let i = 0; i < 3; i++) {
    const p = santiagoParts(new Date(t));
    const wall = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
    const next = t - (wall - wallAsUtc);
    if (next === t) break;
    t = next;
  }
  return new Date(t);
}

/** The next scheduled run strictly after `now`. */
export function nextRunAfter(now: Date, hora: string): Date {
  const today = santiagoDateOf(now);
  const at = santiagoAt(today, hora);
  return at.getTime() > now.getTime() ? at : santiagoAt(addDays(today, 1), hora);
}

/** The last scheduled run at or before `now` (what a backup must be newer than not to be "missed"). */
export function lastRunAtOrBefore(now: Date, hora: string): Date {
  const today = santiagoDateOf(now);
  const at = santiagoAt(today, hora);
  return at.getTime() <= now.getTime() ? at : santiagoAt(addDays(today, -1), hora);
}

/** Hours between a backup and now (rounded down to one decimal), or null without one. */
export function ageHours(fecha: Date | null, now: Date): number | null {
  return fecha ? Math.floor((now.getTime() - fecha.getTime()) / 360_000) / 10 : null;
}

/** A backup's file name: ventanal-2026-11-28T050000Z.sql.gz (UTC, sorts by date). */
export function backupFileName(fecha: Date): string {
  return `ventanal-${fecha.toISOString().slice(0, 19).replace(/:/g, "")}Z.sql.gz`;
}

const FILE = /^ventanal-(\d{4}-\d{2}-\d{2})T(\d{2})(\d{2})(\d{2})Z\.sql\.gz$/;

/** The date a backup's file name carries, or null for any other name. */
export function backupFileDate(name: string): Date | null {
  const m = FILE.exec(name);
  if (!m) return null;
  const d = new Date(`${m[1]}T${m[2]}:${m[3]}:${m[4]}Z`);
  return Number.isNaN(d.getTime()) ? null : d;
}

/** The home's warning (Informático, Gerencia): no verified backup, or the newest older than MAX_BACKUP_AGE_HOURS. */
export function backupIsStale(ultimoVerificado: Date | null, now: Date): boolean {
  return ultimoVerificado === null || now.getTime() - ultimoVerificado.getTime() > MAX_BACKUP_AGE_HOURS * 3600_000;
}
