// A work's actual net and utility (design page "Operations and payments", "Resumen de Obras
// y Materiales"), stored on its quote: presupuestos.total_neto_real and presupuestos.utilidad.
//
// The definitions below are the only ones: refreshObras rewrites the figures of some
// quotes from them inside the write that changed their inputs (an exit to the work, the
// quote's budgeted net), and the recompute of `npm run recompute` compares every stored
// value with them. Lists sort and filter by the stored columns.
//
// Concurrency: every writer of an input locks the quote row first (create-salida,
// create/update-presupuesto), so two writes of one work take turns and the second
// recomputes after the first committed (READ COMMITTED: each statement sees what committed
// before it started).
import { inArray, sql, type AnyColumn, type SQL } from "drizzle-orm";
import { obraActivaDe, presupuestos } from "../../db/schema";
import type { Tx } from "../write";
import type { DerivedFigure } from "./types";
import { compareStored } from "./compare";

/**
 * Actual net of the work `presupuestoId`: its exits' quantity × recorded precio_neto,
 * summed, then rounded to whole pesos; 0 without exits (index salidas_inventario_presupuesto_codigo_idx).
 */
export const netoRealDe = (presupuestoId: SQL | AnyColumn) =>
  sql<number>`coalesce((select round(sum(s.cantidad * s.precio_neto))::bigint from salidas_inventario s where s.presupuesto_id = ${presupuestoId}), 0)`;

/**
 * Utility % = (budgeted − actual) / budgeted × 100, one decimal half away from zero; 0
 * without a budgeted net (0 or less). The inner round to 9 decimals is the cut
 * utilityPercent of src/domain makes before rounding (its parity reference).
 */
export const utilidadDe = (presupuestado: SQL | AnyColumn, real: SQL | AnyColumn) =>
  sql<number>`(case when ${presupuestado} > 0 then round(round((${presupuestado} - ${real})::numeric * 100 / ${presupuestado}, 9), 1) else 0 end)`;

// Inside UPDATE presupuestos … and SELECT … FROM presupuestos, the row being read. Named in
// full: Drizzle writes a column of the statement's own table without its table name.
const QUOTE_ID = sql.raw(`"presupuestos"."id"`);
const QUOTE_BUDGET = sql.raw(`"presupuestos"."total_neto_presupuestado"`);

/** Every quote's figures from scratch: the statement of the backfill migration (0011). */
export const backfillObrasSql = sql`UPDATE "presupuestos" SET "total_neto_real" = ${netoRealDe(QUOTE_ID)}, "utilidad" = ${utilidadDe(QUOTE_BUDGET, netoRealDe(QUOTE_ID))}`;

/** Rewrites the stored figures of these quotes from their definitions (the caller holds their row locks). */
export async function refreshObras(tx: Tx, ids: readonly number[]): Promise<void> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return;
  await tx
    .update(presupuestos)
    .set({ total_neto_real: netoRealDe(QUOTE_ID), utilidad: utilidadDe(QUOTE_BUDGET, netoRealDe(QUOTE_ID)) })
    .where(inArray(presupuestos.id, unique));
}

const obraFigure = (column: "total_neto_real" | "utilidad") => (tx: Tx, fix: boolean) =>
  compareStored(tx, fix, {
    table: "presupuestos",
    key: "id",
    column,
    expected: column === "total_neto_real" ? netoRealDe(QUOTE_ID) : utilidadDe(QUOTE_BUDGET, netoRealDe(QUOTE_ID)),
    label: (id) => `presupuesto ${id}`,
    value: Number,
    backfill: backfillObrasSql,
    refresh: refreshObras,
  });

/**
 * "Reserva activa" of the work `presupuestoId`: it is active (recepción final not done) and
 * has pauta lines, i.e. "Stock reservado por OT" lists it. Kept in presupuestos.reserva_activa
 * by the triggers of migration presupuestos_reserva_activa (ventanal_marcar_reserva_activa,
 * the same definition in SQL).
 */
export const reservaActivaDe = (presupuestoId: SQL | AnyColumn) =>
  sql<boolean>`(${obraActivaDe(presupuestoId)} and exists (select 1 from pautas l where l.presupuesto_id = ${presupuestoId}))`;

/** Every quote's flag from scratch (after a bulk load: one pass). */
export const backfillReservaActivaSql = sql`UPDATE "presupuestos" SET "reserva_activa" = ${reservaActivaDe(QUOTE_ID)}`;

export const obraFigures: DerivedFigure[] = [
  {
    name: "presupuestos.total_neto_real",
    description: "Neto real de cada obra: sus salidas de material a su precio_neto, sumadas y redondeadas a pesos.",
    recompute: (tx, { fix }) => obraFigure("total_neto_real")(tx, fix),
  },
  {
    name: "presupuestos.utilidad",
    description: "Utilidad % de cada obra: (neto presupuestado − neto real) / neto presupuestado × 100, un decimal.",
    recompute: (tx, { fix }) => obraFigure("utilidad")(tx, fix),
  },
  {
    name: "presupuestos.reserva_activa",
    description: "Obra con reservas de cada presupuesto: la obra está activa (sin recepción final) y tiene líneas de pauta (la lista de Stock reservado por OT).",
    recompute: (tx, { fix }) =>
      compareStored(tx, fix, {
        table: "presupuestos",
        key: "id",
        column: "reserva_activa",
        expected: reservaActivaDe(QUOTE_ID),
        label: (id) => `presupuesto ${id}`,
        value: (v) => String(v),
        backfill: backfillReservaActivaSql,
        refresh: async (tx, ids) => {
          await tx.execute(sql`select ventanal_marcar_reserva_activa(array(select json_array_elements_text(${JSON.stringify(ids)}::json)::int))`);
        },
      }),
  },
];
