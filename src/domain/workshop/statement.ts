// The worker statement (beyond the specification): for one worker and month, every figure
// of their pay and how their share of the workshop total was computed, ready for a
// one-page PDF, so each worker can check their pay. It uses the pay PDF's split
// (attendance %), so both documents always show the same amount.
import { formatCLP, formatNumber } from "../format/number";
import { roundHalfAwayFromZero } from "../money/round";
import { attendanceHours, HORAS_POR_DIA, horasAcumTrab, horasTrab } from "./payroll";
import { daysInPeriodo, periodoLabel } from "./periods";
import { workshopTotals } from "./production";
import type { TermopanelRecordInput, UtvRecordInput, WorkshopTotals } from "./production";
import { splitByAttendance } from "./split";
import type { TrabajadorReparto } from "./split";

export interface WorkerStatementInput {
  periodo: string;
  /** The worker's name, as on the roster (unique within a period). */
  nombre: string;
  /** The whole roster of the period, this worker included. */
  trabajadores: readonly (TrabajadorReparto & { observacion?: string | null })[];
  /** The period's UTV and thermal records. */
  utvs: readonly UtvRecordInput[];
  termopaneles: readonly TermopanelRecordInput[];
}

export interface WorkerStatement {
  periodo: string;
  /** "Marzo 2026". */
  titulo: string;
  diasDelMes: number;
  /** diasDelMes × 9: the hours that make 100 % attendance. */
  horasDelMes: number;
  trabajador: {
    nombre: string;
    dias_trab: number;
    horas_trab: number;
    horas_extras: number;
    horas_retraso: number;
    horas_acum_trab: number;
    observacion: string | null;
    /** max(0, days × 9 − delay), capped at horasDelMes. */
    horas_asistencia: number;
    /** Attendance %, 2 decimals. */
    porcentaje_asistencia: number;
  };
  /** The period's UTV, thermal and installation totals and the pay total. */
  taller: WorkshopTotals;
  reparto: {
    /** Workers on the period's roster. */
    trabajadores: number;
    /** Σ attendance % of the roster, 2 decimals. */
    porcentajeTotal: number;
    /** This worker's share of the total (0-1). */
    proporcion: number;
    /** total × proporcion, unrounded. */
    exacto: number;
    /** The exact share rounded down. */
    base: number;
    /** 1 when this worker got one peso of the remainder. */
    resto: 0 | 1;
    /** What the worker gets. */
    monto: number;
    /** Pesos nobody gets (the whole total when nobody has attendance). */
    sinAsignar: number;
  };
  /** Spanish sentences explaining the computation, one per line. */
  explicacion: string[];
}

const n = (v: number | null | undefined): number => (typeof v === "number" && Number.isFinite(v) ? v : 0);
const pct = (v: number) => `${formatNumber(v, 2)} %`;
const h = (v: number) => `${formatNumber(v, 2)} h`;

/**
 * The statement of worker `nombre` for `periodo`. Throws RangeError when the name is not
 * on the roster or the period is malformed.
 */
export function workerStatement(input: WorkerStatementInput): WorkerStatement {
  const { periodo, nombre, trabajadores } = input;
  const index = trabajadores.findIndex((t) => t.nombre === nombre);
  if (index < 0) throw new RangeError(`${nombre} no está en la planilla de ${periodo}`);
  const t = trabajadores[index];

  const diasDelMes = daysInPeriodo(periodo);
  const horasDelMes = diasDelMes * HORAS_POR_DIA;
  const titulo = periodoLabel(periodo);
  const taller = workshopTotals(input.utvs, input.termopaneles);
  const split = splitByAttendance(taller.total, trabajadores, periodo);
  const part = split.partes[index];

  const trabajador = {
    nombre: t.nombre,
    dias_trab: n(t.dias_trab),
    horas_trab: horasTrab(t.dias_trab),
    horas_extras: n(t.horas_extras),
    horas_retraso: n(t.horas_retraso),
    horas_acum_trab: horasAcumTrab(t),
    observacion: t.observacion ?? null,
    horas_asistencia: attendanceHours(t, periodo),
    porcentaje_asistencia: roundHalfAwayFromZero(part.porcentaje_asistencia, 2),
  };
  const reparto = {
    trabajadores: trabajadores.length,
    porcentajeTotal: roundHalfAwayFromZero(split.porcentajeTotal, 2),
    proporcion: part.proporcion,
    exacto: part.exacto,
    base: part.base,
    resto: part.resto,
    monto: part.monto,
    sinAsignar: split.sinAsignar,
  };

  const uncapped = Math.max(0, trabajador.horas_trab - trabajador.horas_retraso);
  const explicacion = [
    `Total del taller de ${titulo}: UTV ${formatCLP(taller.utv.valor)} + termopaneles ${formatCLP(taller.termopanel.valor)} + instalaciones ${formatCLP(taller.instalacion.valor)} = ${formatCLP(taller.total)}.`,
    `Asistencia: máx(0; ${formatNumber(trabajador.dias_trab, 2)} días × ${HORAS_POR_DIA} h − ${h(trabajador.horas_retraso)} de retraso) = ${h(uncapped)}` +
      (uncapped > horasDelMes ? `, con tope de ${h(horasDelMes)}` : "") +
      `; ${h(trabajador.horas_asistencia)} / (${diasDelMes} días del mes × ${HORAS_POR_DIA} h = ${h(horasDelMes)}) × 100 = ${pct(trabajador.porcentaje_asistencia)}.`,
  ];
  if (split.sinAsignar > 0 && split.asignado === 0) {
    explicacion.push(`Nadie registra asistencia en ${titulo}: el total de ${formatCLP(taller.total)} queda sin asignar.`);
  } else {
    explicacion.push(
      `Parte: ${formatCLP(taller.total)} × ${pct(trabajador.porcentaje_asistencia)} / ${pct(reparto.porcentajeTotal)} (suma de los ${reparto.trabajadores} trabajadores) = $${formatNumber(part.exacto, 2)}.`,
      `Monto: ${formatCLP(part.base)} (parte entera)` +
        (part.resto ? ` + $1 (los pesos sobrantes del reparto van a los mayores porcentajes de asistencia)` : "") +
        ` = ${formatCLP(part.monto)}.`,
    );
  }
  return { periodo, titulo, diasDelMes, horasDelMes, trabajador, taller, reparto, explicacion };
}
