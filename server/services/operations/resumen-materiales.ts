// "Resumen de Obras y Materiales" (design page "Operations and payments"):
//   GET api/resumen-materiales: every budget with its budgeted net, its actual net (the sum
//     of its material exits at their recorded precio_neto) and its utility %.
//   GET api/resumen-materiales/detalle/{presupuestoNumber}: per code of the budget's pautas,
//     reserved (pauta quantity), what has left for it, pending, last price and net.
// A budget number is unique per client only: when several budgets share it, the query's
// presupuesto_id or cliente_id picks one (409 when still ambiguous).
import { and, asc, desc, eq, inArray, sql, type AnyColumn, type SQL } from "drizzle-orm";
import { QueryBuilder } from "drizzle-orm/pg-core";
import { z } from "zod";
import { materialSummaryRow, utilityPercent } from "../../../src/domain/operations";
import { resumenObraRow, type ResumenDetalleRow, type ResumenObraRow } from "../../../src/domain/operations/schemas";
import type { Db } from "../../db/connect";
import { clientes, materiales, pautas, presupuestos, salidas_inventario } from "../../db/schema";
import { conflict, notFound } from "../../errors";
import { byHumanName, defineList, type ListQuery } from "../../lists";
import { cachedList, listKey, type CachedList } from "../../lists/cache";

export const MSG_PRESUPUESTO_NO_EXISTE = "El presupuesto no existe.";
export const MSG_PRESUPUESTO_AMBIGUO = "Hay varios presupuestos con ese número: indique presupuesto_id o cliente_id.";

/** Actual net: the exits' quantity × recorded precio_neto, summed and rounded to pesos. */
const sumaSalidas = sql<number>`round(sum(${salidas_inventario.cantidad} * ${salidas_inventario.precio_neto}))::bigint`;

/** The budget's actual net (a subquery per row: lists sort and filter by it). */
export const netoReal = sql<number>`coalesce((select ${sumaSalidas} from ${salidas_inventario} where ${salidas_inventario.presupuesto_id} = ${presupuestos.id}), 0)`;

/** Every budget's actual net in one pass, to join by presupuesto_id (budgets without exits have no row). */
export const netosReales = new QueryBuilder()
  .select({ presupuesto_id: salidas_inventario.presupuesto_id, neto_real: sumaSalidas.mapWith(Number).as("neto_real") })
  .from(salidas_inventario)
  .groupBy(salidas_inventario.presupuesto_id)
  .as("netos_reales");

/** The work is active: its tracking record has no final reception yet. */
export const obraActivaExpr = sql<boolean>`exists (select 1 from seguimiento_obras so where so.presupuesto_id = ${presupuestos.id} and not so.recepcion_final)`;

/**
 * Live margin below 0: an active work whose actual net already exceeds its budgeted net
 * (utilityPercent of src/domain is then negative; without a budgeted net it is 0).
 */
export const margenNegativoDe = (real: SQL | AnyColumn, activa: SQL) =>
  sql<boolean>`(${presupuestos.total_neto_presupuestado} > 0 and ${real} > ${presupuestos.total_neto_presupuestado} and ${activa})`;
export const margenNegativoExpr = margenNegativoDe(netoReal, obraActivaExpr);

export const resumenList = defineList({
  name: "resumen-materiales",
  table: presupuestos,
  row: resumenObraRow.omit({ utilidad: true }),
  columns: {
    presupuesto_id: presupuestos.id,
    cliente_id: presupuestos.cliente_id,
    cliente_nombre: clientes.nombre,
    presupuesto_numero: presupuestos.numero,
    nombre_obra: presupuestos.nombre_obra,
    total_neto_presupuestado: presupuestos.total_neto_presupuestado,
    total_neto_real: netoReal.mapWith(Number),
  },
  joins: [{ table: clientes, on: eq(clientes.id, presupuestos.cliente_id) }],
  fields: {
    presupuesto_id: { sort: true, filter: ["eq", "in"] },
    cliente_id: { filter: ["eq", "in"] },
    presupuesto_numero: { sort: true, filter: ["eq", "like"] },
    cliente_nombre: { sort: byHumanName(clientes.nombre), filter: ["like"] },
    nombre_obra: { sort: byHumanName(presupuestos.nombre_obra), filter: ["like"] },
    total_neto_presupuestado: { sort: true, filter: ["gt", "gte", "lt", "lte"] },
    total_neto_real: { column: netoReal, sort: true, filter: ["gt", "gte", "lt", "lte"] },
    margen_negativo: { column: margenNegativoExpr, filter: ["eq"], value: z.enum(["true", "false"], { error: "margen_negativo: debe ser true o false" }).transform((v) => v === "true") },
  },
  search: [presupuestos.numero, presupuestos.nombre_obra, clientes.nombre],
  defaultSort: [desc(presupuestos.creado_en), desc(presupuestos.id)],
  tieBreaker: presupuestos.id,
  cap: 5000,
});

/** The page with each budget's utility % (the domain's formula, computed once here). */
export function answerResumen(db: Db, query: ListQuery): Promise<CachedList> {
  return cachedList(db, listKey(resumenList.name, query), async () => {
    const { rows, total } = await resumenList.read(db, query);
    const withUtility: ResumenObraRow[] = (rows as Omit<ResumenObraRow, "utilidad">[]).map((r) => ({
      ...r,
      utilidad: utilityPercent(r.total_neto_presupuestado, r.total_neto_real),
    }));
    return { rows: withUtility, total };
  });
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
