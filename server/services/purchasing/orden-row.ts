// What the purchase-order services share: an order's columns with its state and net derived
// from its items (design page "Purchasing": PENDIENTE until every item has arrived in full),
// the items of a set of orders in one query, and the messages.
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { itemOcRow, ordenCompraRow, type ItemOcRow } from "../../../src/domain/purchasing/schemas";
import type { OrderState } from "../../../src/domain/purchasing/order-state";
import type { Db } from "../../db/connect";
import { rowColumns } from "../../db/columns";
import { items_oc, ordenes_compra } from "../../db/schema";
import { notFound } from "../../errors";
import type { Tx } from "../write";

export const MSG_OC_NO_EXISTE = (numero: number) => `La orden de compra ${numero} no existe.`;
export const MSG_ITEM_OC_NO_EXISTE = "El ítem de la orden de compra no existe.";

// The subqueries name their tables explicitly: in a select list Drizzle writes a column
// without its table, and "numero_oc" = "numero_oc" inside the subquery would compare the
// item with itself.
const OWN_ITEMS = sql.raw(`from items_oc i where i.numero_oc = "ordenes_compra"."numero_oc"`);

/**
 * COMPLETA when it has items and none is pending; else PENDIENTE (the rule of orderState in
 * src/domain). One pass over the order's items (index items_oc_numero_idx).
 */
export const estadoSql = sql<OrderState>`(select case when count(*) > 0 and bool_and(i.cantidad_llegada >= i.cantidad) then 'COMPLETA' else 'PENDIENTE' end ${OWN_ITEMS})`;

/**
 * The same state for filtering and sorting a list: two sets of order numbers, each read
 * once per query (hashed), instead of a subquery per order: with 10,000 orders a
 * filter on the state reads the items twice, not ten thousand times.
 */
export const estadoFilterSql = sql<OrderState>`(case when "ordenes_compra"."numero_oc" in (select i.numero_oc from items_oc i where i.cantidad_llegada < i.cantidad) or not "ordenes_compra"."numero_oc" in (select i.numero_oc from items_oc i) then 'PENDIENTE' else 'COMPLETA' end)`;

/** The sum of the items' nets, each rounded to whole pesos (itemNet in src/domain). */
export const totalNetoSql = sql<number>`(select coalesce(sum(round(i.cantidad * i.precio_unitario)), 0)::float8 ${OWN_ITEMS})`.mapWith(Number);

/** The order's item codes or names, for the codigo_like and producto_like filters. */
export const itemTextSql = (column: "codigo" | "producto") => sql`(select string_agg(i.${sql.raw(column)}, ' ') ${OWN_ITEMS})`;

export const ordenColumns = { ...rowColumns(ordenes_compra, ordenCompraRow), estado: estadoSql, total_neto: totalNetoSql };
export const itemOcColumns = rowColumns(items_oc, itemOcRow);

/** The items of these orders, by order then id. */
export async function itemsOf(db: Db | Tx, numeros: readonly number[]): Promise<Map<number, ItemOcRow[]>> {
  const byOrder = new Map<number, ItemOcRow[]>(numeros.map((n) => [n, []]));
  if (numeros.length === 0) return byOrder;
  const rows = await db.select(itemOcColumns).from(items_oc).where(inArray(items_oc.numero_oc, [...numeros])).orderBy(asc(items_oc.numero_oc), asc(items_oc.id));
  for (const r of rows) byOrder.get(r.numero_oc)?.push(r);
  return byOrder;
}

/** The order (locked for update inside a write), or 404. */
export async function lockOrden(tx: Tx, numero: number) {
  const [row] = await tx.select({ numero_oc: ordenes_compra.numero_oc }).from(ordenes_compra).where(eq(ordenes_compra.numero_oc, numero)).for("update");
  if (!row) throw notFound(MSG_OC_NO_EXISTE(numero));
  return row;
}

/** An order with its items, as the create and detail answers give it. */
export async function readOrdenConItems(db: Db | Tx, numero: number) {
  const [orden] = await db.select(ordenColumns).from(ordenes_compra).where(eq(ordenes_compra.numero_oc, numero));
  if (!orden) throw notFound(MSG_OC_NO_EXISTE(numero));
  const detalles = (await itemsOf(db, [numero])).get(numero) ?? [];
  return { ...orden, detalles };
}

/** An item of an order, locked; 404 when missing (or of another order when `numero` is given). */
export async function lockItem(tx: Tx, id: number, numero?: number): Promise<ItemOcRow> {
  const where = numero === undefined ? eq(items_oc.id, id) : and(eq(items_oc.id, id), eq(items_oc.numero_oc, numero));
  const [row] = await tx.select(itemOcColumns).from(items_oc).where(where).for("update");
  if (!row) throw notFound(MSG_ITEM_OC_NO_EXISTE);
  return row;
}
