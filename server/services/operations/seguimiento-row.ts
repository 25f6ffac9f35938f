// What the work-tracking services share: the row (the record with its quote and client),
// the completeness expression and the locked read of one record.
import { and, eq, sql } from "drizzle-orm";
import { WORK_STAGES } from "../../../src/domain/sales/tracking";
import type { SeguimientoRow } from "../../../src/domain/operations/schemas";
import { clientes, presupuestos, seguimientoObras } from "../../db/schema";
import { notFound } from "../../errors";
import type { Tx } from "../write";

export const MSG_SEGUIMIENTO_NO_EXISTE = "El seguimiento de obra no existe.";

/** "Fecha Máx" of the rectification (rectificacionFechaMax of src/domain: date + plazo), as AAAA-MM-DD; null without a date. */
export const fechaMaxExpr = sql<string | null>`to_char(${seguimientoObras.rectificacion_fecha} + ${seguimientoObras.rectificacion_plazo_dias}, 'YYYY-MM-DD')`;

/** The work has pauta lines (any category). */
export const conPautaExpr = sql<boolean>`exists (select 1 from pautas pa where pa.presupuesto_id = ${seguimientoObras.presupuesto_id})`;

/** All 16 stages true. */
export const completaExpr = sql<boolean>`(${and(...WORK_STAGES.map((s) => eq(seguimientoObras[s], true)))!})`;

const stageColumns = Object.fromEntries(WORK_STAGES.map((s) => [s, seguimientoObras[s]])) as { [K in (typeof WORK_STAGES)[number]]: (typeof seguimientoObras)[K] };

export const seguimientoColumns = {
  id: seguimientoObras.id,
  presupuesto_id: seguimientoObras.presupuesto_id,
  cliente_id: presupuestos.cliente_id,
  cliente_nombre: clientes.nombre,
  presupuesto_numero: presupuestos.numero,
  nombre_obra: presupuestos.nombre_obra,
  aceptado_fecha: presupuestos.aceptado_fecha,
  ...stageColumns,
  rectificacion_fecha: seguimientoObras.rectificacion_fecha,
  rectificacion_plazo_dias: seguimientoObras.rectificacion_plazo_dias,
  comentario: seguimientoObras.comentario,
  comentario_fecha: seguimientoObras.comentario_fecha,
  etapa_fecha: seguimientoObras.etapa_fecha,
  completa: completaExpr.mapWith(Boolean),
};

export const seguimientoJoins = [
  { table: presupuestos, on: eq(presupuestos.id, seguimientoObras.presupuesto_id) },
  { table: clientes, on: eq(clientes.id, presupuestos.cliente_id) },
] as const;

/** One record as the API answers it. */
export async function readSeguimiento(tx: Tx, id: number): Promise<SeguimientoRow> {
  const [row] = await tx
    .select(seguimientoColumns)
    .from(seguimientoObras)
    .innerJoin(presupuestos, seguimientoJoins[0].on)
    .innerJoin(clientes, seguimientoJoins[1].on)
    .where(eq(seguimientoObras.id, id));
  if (!row) throw notFound(MSG_SEGUIMIENTO_NO_EXISTE);
  return row as SeguimientoRow;
}

/** The stored record, locked for the update (404 when missing). */
export async function lockSeguimiento(tx: Tx, id: number) {
  const [row] = await tx.select().from(seguimientoObras).where(eq(seguimientoObras.id, id)).for("update");
  if (!row) throw notFound(MSG_SEGUIMIENTO_NO_EXISTE);
  return row;
}
