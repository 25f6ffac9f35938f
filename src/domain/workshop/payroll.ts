// The monthly worker roster's hours (specification section 9, "Payroll").
import { daysInPeriodo } from "./periods";

/** Hours per worked day. */
export const HORAS_POR_DIA = 9;

type Num = number | null | undefined;

/** The roster figures these rules read; empty figures count as 0. */
export interface TrabajadorHoras {
  dias_trab?: Num;
  horas_extras?: Num;
  horas_retraso?: Num;
}

const n = (v: Num): number => (typeof v === "number" && Number.isFinite(v) ? v : 0);

/** Worked hours: days × 9. */
export function horasTrab(diasTrab: Num): number {
  return n(diasTrab) * HORAS_POR_DIA;
}

/** Accumulated hours: worked + extra − delay, never below 0. */
export function horasAcumTrab(t: TrabajadorHoras): number {
  return Math.max(0, horasTrab(t.dias_trab) + n(t.horas_extras) - n(t.horas_retraso));
}

/** The computed columns the roster stores and shows beside the typed ones. */
export function computedHours(t: TrabajadorHoras): { horas_trab: number; horas_acum_trab: number } {
  return { horas_trab: horasTrab(t.dias_trab), horas_acum_trab: horasAcumTrab(t) };
}

/**
 * Hours that count for attendance: max(0, days × 9 − delay), capped at the month's
 * days × 9. Extra hours do not count. Attendance % is this over (days of month × 9).
 */
export function attendanceHours(t: TrabajadorHoras, periodo: string): number {
  const max = daysInPeriodo(periodo) * HORAS_POR_DIA;
  return Math.min(max, Math.max(0, horasTrab(t.dias_trab) - n(t.horas_retraso)));
}

/**
 * Attendance %: max(0, days × 9 − delay hours) / (days of the period's month × 9) × 100,
 * capped to [0, 100]. The month's real length counts: 20 days in February 2028 (29 days)
 * → 180 / 261 × 100 = 68.97 %. Unrounded; show it with 2 decimals.
 * Throws RangeError for a malformed period.
 */
export function attendancePercent(t: TrabajadorHoras, periodo: string): number {
  return (attendanceHours(t, periodo) / (daysInPeriodo(periodo) * HORAS_POR_DIA)) * 100;
}
