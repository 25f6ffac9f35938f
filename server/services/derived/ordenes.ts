// A purchase order's state and net (design page "Purchasing"), stored on the order:
// ordenes_compra.estado and ordenes_compra.total_neto.
//
// The definitions below are the only ones: refreshOrdenes rewrites the figures of some
// orders from their items inside every write that changes items (create-orden,
// create/update/delete-item-oc, ingresar-factura), and the recompute of `npm run
// recompute` compares every stored value with them. Lists sort and filter by the stored
// columns (index ordenes_compra_estado_idx).
//
// Concurrency: every writer of an order's items locks the order row first (lockOrden), so
// writes of one order take turns and each recomputes after the previous one committed.
import { inArray, sql, type AnyColumn, type SQL } from "drizzle-orm";
import type { OrderState } from "../../../src/domain/purchasing/order-state";
import { ordenes_compra } from "../../db/schema";
import type { Tx } from "../write";
import type { DerivedFigure } from "./types";
import { compareStored } from "./compare";

/**
 * COMPLETA when the order has items and every one has arrived in full (cantidad_llegada >=
 * cantidad); else PENDIENTE: an order without items stays pending (orderState of
 * src/domain is its parity reference). One pass over the order's items (items_oc_numero_idx).
 */
export const estadoOrdenDe = (numeroOc: SQL | AnyColumn) =>
  sql<OrderState>`(select case when count(*) > 0 and bool_and(i.cantidad_llegada >= i.cantidad) then 'COMPLETA' else 'PENDIENTE' end from items_oc i where i.numero_oc = ${numeroOc})`;

/** The sum of the items' nets, each rounded to whole pesos (itemNet of src/domain); 0 without items. */
export const totalNetoOrdenDe = (numeroOc: SQL | AnyColumn) =>
  sql<number>`(select coalesce(sum(round(i.cantidad * i.precio_unitario)), 0)::bigint from items_oc i where i.numero_oc = ${numeroOc})`;

// The order row being read or updated, named in full (see obras.ts).
const ORDER_NUMBER = sql.raw(`"ordenes_compra"."numero_oc"`);

/** Every order's figures from scratch: the statement of the backfill migration (0011). */
export const backfillOrdenesSql = sql`UPDATE "ordenes_compra" SET "estado" = ${estadoOrdenDe(ORDER_NUMBER)}, "total_neto" = ${totalNetoOrdenDe(ORDER_NUMBER)}`;

/** Rewrites the stored figures of these orders from their items (the caller holds the orders' row locks). */
export async function refreshOrdenes(tx: Tx, numeros: readonly number[]): Promise<void> {
  const unique = [...new Set(numeros)];
  if (unique.length === 0) return;
  await tx
    .update(ordenes_compra)
    .set({ estado: estadoOrdenDe(ORDER_NUMBER), total_neto: totalNetoOrdenDe(ORDER_NUMBER) })
    .where(inArray(ordenes_compra.numero_oc, unique));
}

const ordenFigure = (column: "estado" | "total_neto") => (tx: Tx, fix: boolean) =>
  compareStored(tx, fix, {
    table: "ordenes_compra",
    key: "numero_oc",
    column,
    expected: column === "estado" ? estadoOrdenDe(ORDER_NUMBER) : totalNetoOrdenDe(ORDER_NUMBER),
    label: (numero) => `OC ${numero}`,
    value: (v) => (column === "estado" ? v : Number(v)),
    backfill: backfillOrdenesSql,
    refresh: refreshOrdenes,
  });

export const ordenFigures: DerivedFigure[] = [
  {
    name: "ordenes_compra.estado",
    description: "Estado de cada orden de compra: COMPLETA cuando tiene ítems y todos llegaron completos; si no, PENDIENTE.",
    recompute: (tx, { fix }) => ordenFigure("estado")(tx, fix),
  },
  {
    name: "ordenes_compra.total_neto",
    description: "Neto de cada orden de compra: la suma de los netos de sus ítems, cada uno redondeado a pesos.",
    recompute: (tx, { fix }) => ordenFigure("total_neto")(tx, fix),
  },
];
