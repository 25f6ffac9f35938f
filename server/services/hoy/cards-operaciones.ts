// Operaciones' cards: rectifications past their deadline, works stalled in one stage and
// active works whose material cost already exceeds the budgeted net; and the works
// accepted without a pauta (Ventas, Oficina Técnica), read from the same tracking records.
import { and, asc, desc, eq, lt, not, sql, type SQL } from "drizzle-orm";
import { currentStage, daysInStage, ITEMS_POR_TARJETA, stalledBefore } from "../../../src/domain/hoy/rules";
import { WORK_STAGE_LABELS, WORK_STAGES, type WorkStage } from "../../../src/domain/sales/tracking";
import { formatDate } from "../../../src/domain/format/date";
import { formatNumber } from "../../../src/domain/format/number";
import type { Db } from "../../db/connect";
import { clientes, presupuestos, seguimientoObras } from "../../db/schema";
import { margenNegativoDe } from "../operations/resumen-materiales";
import { conPautaExpr, fechaMaxExpr } from "../operations/seguimiento-row";
import { card, item, obraTexto, totalOf, totalOver, type CardBuilder } from "./card";

const stageColumns = Object.fromEntries(WORK_STAGES.map((s) => [s, seguimientoObras[s]])) as { [K in WorkStage]: (typeof seguimientoObras)[K] };

/**
 * The first rows (and the count) of the tracking records that match, with their quote and
 * client. The records are filtered, counted and ordered alone (every condition is on the
 * tracking record); only the first ITEMS_POR_TARJETA are joined to their quote and client.
 */
async function works(db: Db, where: SQL | undefined, order: SQL[]) {
  const first = db
    .select({
      presupuesto_id: seguimientoObras.presupuesto_id,
      fecha_max: sql<string | null>`${fechaMaxExpr}`.as("fecha_max"),
      etapa_fecha: seguimientoObras.etapa_fecha,
      ...stageColumns,
      total: sql<number>`count(*) over ()`.as("total"),
      orden: sql<number>`row_number() over (order by ${sql.join([...order, asc(seguimientoObras.id)], sql`, `)})`.as("orden"),
    })
    .from(seguimientoObras)
    .where(where)
    .orderBy(...order, asc(seguimientoObras.id))
    .limit(ITEMS_POR_TARJETA)
    .as("primeras");
  const rows = await db
    .select({
      numero: presupuestos.numero,
      nombre_obra: presupuestos.nombre_obra,
      cliente_nombre: clientes.nombre,
      fecha_max: first.fecha_max,
      etapa_fecha: first.etapa_fecha,
      ...Object.fromEntries(WORK_STAGES.map((s) => [s, first[s]])),
      total: first.total,
    })
    .from(first)
    .innerJoin(presupuestos, eq(presupuestos.id, first.presupuesto_id))
    .innerJoin(clientes, eq(clientes.id, presupuestos.cliente_id))
    .orderBy(asc(first.orden));
  return rows.map((r) => ({ ...(r as typeof r & { [K in WorkStage]: boolean }), total: Number(r.total) }));
}

/** Accepted ("Presupuesto" done) and not yet received: the works in progress. */
const enCurso = and(eq(seguimientoObras.presupuesto, true), not(seguimientoObras.recepcion_final));

/** Rectification on and "Fecha Máx" passed (the red date of Seguimiento Obras), on a work not yet received. */
export const rectificacionesVencidas: CardBuilder = async (db, today) => {
  const rows = await works(db, and(eq(seguimientoObras.rectificacion, true), not(seguimientoObras.recepcion_final), lt(fechaMaxExpr, today)), [asc(fechaMaxExpr)]);
  return card("rectificaciones-vencidas", today, {
    cantidad: totalOf(rows),
    items: rows.map((w) => item(obraTexto(w.numero, w.nombre_obra), `${w.cliente_nombre} · venció el ${formatDate(w.fecha_max)}`)),
  });
};

/** Works in progress whose stages last changed more than DIAS_OBRA_DETENIDA days ago, longest first. */
export const obrasDetenidas: CardBuilder = async (db, today) => {
  const rows = await works(db, and(enCurso, lt(seguimientoObras.etapa_fecha, stalledBefore(today))), [asc(seguimientoObras.etapa_fecha)]);
  return card("obras-detenidas", today, {
    cantidad: totalOf(rows),
    items: rows.map((w) => {
      const stage = currentStage(w);
      const where = stage ? `en ${WORK_STAGE_LABELS[stage]}` : "sin etapas pendientes";
      return item(obraTexto(w.numero, w.nombre_obra), `${where} desde el ${formatDate(w.etapa_fecha)} (${daysInStage(w.etapa_fecha, today)} días)`);
    }),
  });
};

/** Works in progress with no pauta line yet, the longest waiting first. */
export const obrasSinPauta: CardBuilder = async (db, today) => {
  const rows = await works(db, and(enCurso, sql`not ${conPautaExpr}`), [asc(seguimientoObras.etapa_fecha)]);
  return card("obras-sin-pauta", today, {
    cantidad: totalOf(rows),
    items: rows.map((w) => item(obraTexto(w.numero, w.nombre_obra), w.cliente_nombre)),
  });
};

/** Active works whose actual net (material exits) exceeds the budgeted net; largest overrun first. */
export const margenNegativo: CardBuilder = async (db, today) => {
  const exceso = sql<number>`${presupuestos.total_neto_real} - ${presupuestos.total_neto_presupuestado}`;
  const rows = await db
    .select({
      numero: presupuestos.numero,
      nombre_obra: presupuestos.nombre_obra,
      cliente_nombre: clientes.nombre,
      neto: presupuestos.total_neto_presupuestado,
      real: presupuestos.total_neto_real,
      utilidad: presupuestos.utilidad,
      total: totalOver,
      exceso: sql<number>`sum(${exceso}) over ()`.mapWith(Number),
    })
    .from(presupuestos)
    .innerJoin(clientes, eq(clientes.id, presupuestos.cliente_id))
    .innerJoin(seguimientoObras, eq(seguimientoObras.presupuesto_id, presupuestos.id))
    .where(margenNegativoDe(not(seguimientoObras.recepcion_final)!))
    .orderBy(desc(exceso), asc(presupuestos.id))
    .limit(ITEMS_POR_TARJETA);
  return card("margen-negativo", today, {
    cantidad: totalOf(rows),
    cifras: [{ etiqueta: "Costo sobre lo presupuestado", valor: rows[0]?.exceso ?? 0, formato: "pesos" }],
    items: rows.map((w) => item(obraTexto(w.numero, w.nombre_obra), `${w.cliente_nombre} · utilidad ${formatNumber(w.utilidad, 1)} %`, w.real - w.neto)),
  });
};
