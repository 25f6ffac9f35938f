// Splitting the workshop pay total among the workers (specification section 9,
// "Workshop pay PDF"): proportional to a weight per worker, in whole pesos, with the
// remainder spread over the largest weights so the parts add up exactly to the total.
import { attendanceHours, attendancePercent, horasAcumTrab } from "./payroll";
import type { TrabajadorHoras } from "./payroll";

export interface SplitWeight {
  nombre: string;
  /** Finite and ≥ 0. */
  peso: number;
}

export interface SplitPart {
  /** Position in the input. */
  index: number;
  nombre: string;
  peso: number;
  /** peso / Σ pesos (0 when every weight is 0). */
  proporcion: number;
  /** total × peso / Σ pesos, unrounded. */
  exacto: number;
  /** The exact share rounded down to whole pesos. */
  base: number;
  /** 1 when this part received one peso of the remainder, else 0. */
  resto: 0 | 1;
  /** base + resto: what this worker gets. */
  monto: number;
}

export interface SplitResult<P extends SplitPart = SplitPart> {
  total: number;
  /** Σ pesos. */
  pesoTotal: number;
  /** One part per input, in input order. */
  partes: P[];
  /** Σ montos: equals total unless every weight is 0. */
  asignado: number;
  /** total − asignado: the whole total when every weight is 0 (or nobody is listed), else 0. */
  sinAsignar: number;
}

/** A non-negative finite double as m × 2^e with m a BigInt: every double is such a fraction exactly. */
function dyadic(x: number): { m: bigint; e: number } {
  if (x === 0) return { m: 0n, e: 0 };
  const view = new DataView(new ArrayBuffer(8));
  view.setFloat64(0, x);
  const hi = view.getUint32(0);
  const lo = view.getUint32(4);
  const exp = (hi >>> 20) & 0x7ff;
  const mantissa = (BigInt(hi & 0xfffff) << 32n) | BigInt(lo);
  if (exp === 0) return { m: mantissa, e: -1074 }; // subnormal
  return { m: mantissa | (1n << 52n), e: exp - 1075 };
}

const bitLength = (x: bigint) => x.toString(2).length;
/** a / b (0 ≤ a, 0 < b) as the nearest double (within an ulp): 120 quotient bits, rounded once by Number(). */
function ratio(a: bigint, b: bigint): number {
  if (a === 0n) return 0;
  const shift = Math.max(0, 120 - (bitLength(a) - bitLength(b)));
  return Number((a << BigInt(shift)) / b) / 2 ** shift;
}

/** Code-unit order: the same on every runtime, unlike locale collation. */
const compareNames = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * Splits `total` whole pesos in proportion to the weights.
 *
 * - Each part first gets its exact share rounded down; the pesos left over (fewer than the
 *   number of workers with a weight) go one each to the largest weights, as section 9
 *   says. Ties: larger weight first, then name in code-unit order, then input order, so
 *   the result never depends on the order of the input. (This is the largest-remainder
 *   scheme with section 9's choice of who gets the leftover pesos: the largest weights,
 *   not the largest fractions as in Hamilton's method; 89.150 over 198, 195,5 and 90 hours
 *   gives the peso to the 198, not to the 90 whose share ends in ,62.)
 * - Every part is within 1 peso of its exact share, and the parts add up exactly to the
 *   total. The arithmetic is exact (weights read as the binary fractions they are, with
 *   BigInt), so no rounding noise can move a peso or make the order of the input matter.
 * - A weight of 0 gets 0, never a remainder peso.
 * - When every weight is 0 (or the list is empty) nobody gets anything and the whole
 *   total stays unassigned (`sinAsignar`): pay follows attendance, so a month with no
 *   recorded attendance (usually a roster not filled in yet) must not pay equal parts
 *   to people who may not have worked; the screens show the unassigned amount instead.
 *
 * Throws RangeError when the total is not a non-negative whole number of pesos or a
 * weight is negative or not finite.
 */
export function splitProportionally(total: number, weights: readonly SplitWeight[]): SplitResult {
  if (!Number.isSafeInteger(total) || total < 0) throw new RangeError(`Total inválido para repartir: ${total}`);
  for (const w of weights) {
    if (!Number.isFinite(w.peso) || w.peso < 0) throw new RangeError(`Peso inválido para ${w.nombre}: ${w.peso}`);
  }

  const parts = weights.map((w) => dyadic(w.peso));
  const positive = parts.filter((p) => p.m > 0n);
  const eMin = positive.length ? Math.min(...positive.map((p) => p.e)) : 0;
  const scaled = parts.map((p) => (p.m === 0n ? 0n : p.m << BigInt(p.e - eMin)));
  const sum = scaled.reduce((a, b) => a + b, 0n);

  // Σ pesos as a double, summed in a fixed order so it does not depend on the input's order.
  const pesoTotal = weights.map((w) => w.peso).sort((a, b) => a - b).reduce((a, b) => a + b, 0);

  if (sum === 0n) {
    const partes = weights.map((w, index): SplitPart => ({ index, nombre: w.nombre, peso: w.peso, proporcion: 0, exacto: 0, base: 0, resto: 0, monto: 0 }));
    return { total, pesoTotal, partes, asignado: 0, sinAsignar: total };
  }

  const T = BigInt(total);
  const partes = weights.map((w, index): SplitPart => {
    const numerator = T * scaled[index];
    const base = numerator / sum; // BigInt division rounds down for non-negative values
    const fraction = ratio(numerator - base * sum, sum);
    const exacto = Number(base) + fraction;
    const proporcion = ratio(scaled[index], sum); // precise even where Σ pesos overflows a double
    return { index, nombre: w.nombre, peso: w.peso, proporcion, exacto, base: Number(base), resto: 0, monto: Number(base) };
  });

  let remainder = total - partes.reduce((a, p) => a + p.base, 0);
  const order = partes
    .filter((p) => scaled[p.index] > 0n)
    .sort((a, b) => b.peso - a.peso || compareNames(a.nombre, b.nombre) || a.index - b.index);
  for (const p of order) {
    if (remainder <= 0) break;
    p.resto = 1;
    p.monto += 1;
    remainder--;
  }
  return { total, pesoTotal, partes, asignado: total, sinAsignar: 0 };
}

export interface TrabajadorReparto extends TrabajadorHoras {
  nombre: string;
}

export interface AttendanceSplitPart extends SplitPart {
  /** Attendance % of the worker (unrounded); `peso` holds the hours it is made of. */
  porcentaje_asistencia: number;
}

export interface AttendanceSplit extends SplitResult<AttendanceSplitPart> {
  /** Σ attendance % of the workers (unrounded). */
  porcentajeTotal: number;
}

/**
 * The pay PDF's split: in proportion to each worker's attendance % (section 9).
 * Every worker of a period shares the same month, so attendance % is proportional to the
 * attendance hours max(0, days × 9 − delay) capped at the month's hours; the split uses
 * those hours as weights (quarter hours, exact) and reports each worker's %.
 */
export function splitByAttendance(total: number, trabajadores: readonly TrabajadorReparto[], periodo: string): AttendanceSplit {
  const result = splitProportionally(
    total,
    trabajadores.map((t) => ({ nombre: t.nombre, peso: attendanceHours(t, periodo) })),
  );
  const partes = result.partes.map((p) => ({ ...p, porcentaje_asistencia: attendancePercent(trabajadores[p.index], periodo) }));
  const porcentajeTotal = partes.map((p) => p.porcentaje_asistencia).sort((a, b) => a - b).reduce((a, b) => a + b, 0);
  return { ...result, partes, porcentajeTotal };
}

/** The on-screen split: in proportion to each worker's accumulated hours (section 9). */
export function splitByAccumulatedHours(total: number, trabajadores: readonly TrabajadorReparto[]): SplitResult {
  return splitProportionally(
    total,
    trabajadores.map((t) => ({ nombre: t.nombre, peso: horasAcumTrab(t) })),
  );
}
