// "Resumen de Obras y Materiales" (design page "Operations and payments"):
//   GET api/resumen-materiales: every budget with its budgeted net, its actual net (the sum
//     of its material exits at their recorded precio_neto) and its utility %, both stored
//     on the quote at write time (server/services/derived/obras.ts).
//   GET api/resumen-materiales/detalle/{presupuestoNumber}: per code of the budget's pautas,
//     reserved (pauta quantity), what has left for it, pending, last price and net.
// A budget number is unique per client only: when several budgets share it, the query's
// presupuesto_id or cliente_id picks one (409 when still ambiguous).
import { and, asc, desc, eq, inArray, sql, type SQL } from "drizzle-orm";
import { z } from "zod";
import { materialSummaryRow } from "../../../src/domain/operations";
import { resumenObraRow, type ResumenDetalleRow } from "../../../src/domain/operations/schemas";
import type { Db } from "../../db/connect";
import { clientes, materiales, pautas, presupuestos, salidas_inventario } from "../../db/schema";
import { conflict, notFound } from "../../errors";
import { byHumanName, defineList, type ListQuery } from "../../lists";
import type { CachedList } from "../../lists/cache";

export const MSG_PRESUPUESTO_NO_EXISTE = "El presupuesto no existe.";
export const MSG_PRESUPUESTO_AMBIGUO = "Hay varios presupuestos con ese número: indique presupuesto_id o cliente_id.";

/** The work is active: its tracking record has no final reception yet. */
export const obraActivaExpr = sql<boolean>`exists (select 1 from seguimiento_obras so where so.presupuesto_id = ${presupuestos.id} and not so.recepcion_final)`;

/**
 * Live margin below 0: an active work whose actual net (stored, server/services/derived/obras.ts)
 * already exceeds its budgeted net (its utility is then negative; without a budgeted net it is 0).
 */
export const margenNegativoDe = (activa: SQL) =>
  sql<boolean>`(${presupuestos.total_neto_presupuestado} > 0 and ${presupuestos.total_neto_real} > ${presupuestos.total_neto_presupuestado} and ${activa})`;
export const margenNegativoExpr = margenNegativoDe(obraActivaExpr);

export const resumenList = defineList({
  name: "resumen-materiales",
  table: presupuestos,
  row: resumenObraRow,
  columns: {
    presupuesto_id: presupuestos.id,
    cliente_id: presupuestos.cliente_id,
    cliente_nombre: clientes.nombre,
    presupuesto_numero: presupuestos.numero,
    nombre_obra: presupuestos.nombre_obra,
    total_neto_presupuestado: presupuestos.total_neto_presupuestado,
    total_neto_real: presupuestos.total_neto_real,
    utilidad: presupuestos.utilidad,
  },
  joins: [{ table: clientes, on: eq(clientes.id, presupuestos.cliente_id) }],
  fields: {
    presupuesto_id: { sort: true, filter: ["eq", "in"] },
    cliente_id: { filter: ["eq", "in"] },
    presupuesto_numero: { sort: true, filter: ["eq", "like"] },
    cliente_nombre: { sort: byHumanName(clientes.nombre), filter: ["like"] },
    nombre_obra: { sort: byHumanName(presupuestos.nombre_obra), filter: ["like"] },
    total_neto_presupuestado: { sort: true, filter: ["gt", "gte", "lt", "lte"] },
    total_neto_real: { sort: true, filter: ["gt", "gte", "lt", "lte"] },
    utilidad: { sort: true, filter: ["gt", "gte", "lt", "lte"], value: z.coerce.number({ error: "utilidad: debe ser un número" }) },
    margen_negativo: { column: margenNegativoExpr, filter: ["eq"], value: z.enum(["true", "false"], { error: "margen_negativo: debe ser true o false" }).transform((v) => v === "true") },
  },
  search: [presupuestos.numero, presupuestos.nombre_obra, clientes.nombre],
  defaultSort: [desc(presupuestos.creado_en), desc(presupuestos.id)],
  tieBreaker: presupuestos.id,
  cap: 5000,
});

/** The page, reused while nothing has been written (the figures are stored: nothing is computed after the read). */
export function answerResumen(db: Db, query: ListQuery): Promise<CachedList> {
  return resumenList.answer(db, query);
}

/**
 * The budget a detail path names: 404 when no budget has that number; null when the
 * query's filters (presupuesto_id, cliente_id) match none of them (an empty list).
 */
async function budgetOf(db: Db, numero: string, by: { presupuesto_id?: number; cliente_id?: number }): Promise<number | null> {
  const conds: SQL[] = [eq(presupuestos.numero, numero)];
  if (by.presupuesto_id) conds.push(eq(presupuestos.id, by.presupuesto_id));
  if (by.cliente_id) conds.push(eq(presupuestos.cliente_id, by.cliente_id));
  const found = await db.select({ id: presupuestos.id }).from(presupuestos).where(and(...conds)).limit(2);
  if (found.length > 1) throw conflict(MSG_PRESUPUESTO_AMBIGUO);
  if (found.length === 1) return found[0].id;
  if (conds.length > 1) {
    const [any] = await db.select({ id: presupuestos.id }).from(presupuestos).where(eq(presupuestos.numero, numero)).limit(1);
    if (any) return null;
  }
  throw notFound(MSG_PRESUPUESTO_NO_EXISTE);
}

export async function resumenDetalle(db: Db, numero: string, by: { presupuesto_id?: number; cliente_id?: number }): Promise<ResumenDetalleRow[]> {
  const id = await budgetOf(db, numero, by);
  if (id === null) return [];
  const lines = await db
    .select({
      codigo: pautas.codigo,
      producto: sql<string>`coalesce(min(${materiales.producto}), min(${pautas.producto}))`,
      unidad: sql<string | null>`min(${materiales.unidad})`,
      stock_reservado: sql<number>`sum(${pautas.cantidad})`.mapWith(Number),
      precio: sql<number>`coalesce(min(${materiales.precio_unitario}), 0)`.mapWith(Number),
    })
    .from(pautas)
    .leftJoin(materiales, eq(materiales.codigo, pautas.codigo))
    .where(eq(pautas.presupuesto_id, id))
    .groupBy(pautas.codigo)
    .orderBy(asc(pautas.codigo));
  const codes = lines.map((l) => l.codigo);
  const exits = codes.length
    ? await db
        .select({ codigo: salidas_inventario.codigo, cantidad: sql<number>`sum(${salidas_inventario.cantidad})`.mapWith(Number) })
        .from(salidas_inventario)
        .where(and(eq(salidas_inventario.presupuesto_id, id), inArray(salidas_inventario.codigo, codes)))
        .groupBy(salidas_inventario.codigo)
    : [];
  const left = new Map(exits.map((e) => [e.codigo, e.cantidad]));
  return lines.map((l) => materialSummaryRow({ ...l, stock_llegado: left.get(l.codigo) ?? 0 }));
}
