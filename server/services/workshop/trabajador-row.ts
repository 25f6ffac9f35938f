// What the trabajadores services share: the row, messages, the unique name per period and
// the rules every write checks (days within the period's month, hours computed here).
import { and, eq, ne, sql } from "drizzle-orm";
import { checkDiasEnPeriodo } from "../../../src/domain/workshop/fields";
import { computedHours } from "../../../src/domain/workshop/payroll";
import { periodoLabel } from "../../../src/domain/workshop/periods";
import { trabajadorRow, type TrabajadorRow } from "../../../src/domain/workshop/schemas";
import { rowColumns } from "../../db/columns";
import { trabajadores } from "../../db/schema";
import { badRequest, conflict, notFound } from "../../errors";
import type { Tx } from "../write";

export const trabajadorColumns = rowColumns(trabajadores, trabajadorRow);

export const MSG_TRABAJADOR_NO_EXISTE = "El trabajador no existe.";
export const MSG_NOMBRE_REPETIDO = (periodo: string) => `Ya existe un trabajador con ese nombre en ${periodoLabel(periodo)}.`;
export const NOMBRE_UNIQUE = "trabajadores_periodo_nombre_uq";

export const nombreConflict = (periodo: string) => conflict(MSG_NOMBRE_REPETIDO(periodo), { nombre: [MSG_NOMBRE_REPETIDO(periodo)] });

/** 409 when another worker of the period (not `exceptId`) has this name, ignoring case. */
export async function assertNombreFree(tx: Tx, periodo: string, nombre: string, exceptId?: number): Promise<void> {
  const where = [eq(trabajadores.periodo, periodo), sql`lower(${trabajadores.nombre}) = lower(${nombre})`];
  if (exceptId !== undefined) where.push(ne(trabajadores.id, exceptId));
  const [other] = await tx.select({ id: trabajadores.id }).from(trabajadores).where(and(...where)).limit(1);
  if (other) throw nombreConflict(periodo);
}

/** 400 on dias_trab when the days do not fit the period's month (31 in February). */
export function assertDiasEnPeriodo(diasTrab: number, periodo: string): void {
  const msg = checkDiasEnPeriodo(diasTrab, periodo);
  if (msg) throw badRequest(msg, { dias_trab: [msg] });
}

export interface TrabajadorFigures {
  dias_trab: number;
  horas_extras: number;
  horas_retraso: number;
}

/** The typed figures and the hours computed from them (payroll.ts). */
export function withHours<T extends TrabajadorFigures>(data: T): T & { horas_trab: number; horas_acum_trab: number } {
  return { ...data, ...computedHours(data) };
}

/** The worker `id`, locked for the write that follows; 404 when there is none. */
export async function lockTrabajador(tx: Tx, id: number): Promise<TrabajadorRow> {
  const [row] = await tx.select(trabajadorColumns).from(trabajadores).where(eq(trabajadores.id, id)).for("update");
  if (!row) throw notFound(MSG_TRABAJADOR_NO_EXISTE);
  return row;
}
