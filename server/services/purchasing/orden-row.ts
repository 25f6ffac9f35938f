// What the purchase-order services share: an order's columns (its state and net are stored,
// kept by server/services/derived/ordenes.ts), the items of a set of orders in one query,
// the locked reads and the messages.
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { itemOcRow, ordenCompraRow, type ItemOcRow } from "../../../src/domain/purchasing/schemas";
import type { Db } from "../../db/connect";
import { rowColumns } from "../../db/columns";
import { items_oc, ordenes_compra } from "../../db/schema";
import { notFound } from "../../errors";
import type { Tx } from "../write";

export const MSG_OC_NO_EXISTE = (numero: number) => `La orden de compra ${numero} no existe.`;
export const MSG_ITEM_OC_NO_EXISTE = "El ítem de la orden de compra no existe.";

/**
 * The order's own text of its items (codes or names), for the codigo_like and
 * producto_like filters. The subquery names its tables: in a select list Drizzle writes a
 * column without its table, and "numero_oc" = "numero_oc" would compare the item with itself.
 */
export const itemTextSql = (column: "codigo" | "producto") =>
  sql`(select string_agg(i.${sql.raw(column)}, ' ') from items_oc i where i.numero_oc = "ordenes_compra"."numero_oc")`;

/** The order as stored: its state and net are kept at write time (server/services/derived/ordenes.ts). */
export const ordenColumns = rowColumns(ordenes_compra, ordenCompraRow);
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

/**
 * An item and its order, both locked, the order first (the lock order of every write of an
 * order's items: its figures are recomputed from them in the same transaction); 404 when
 * the item is missing.
 */
export async function lockItemWithOrder(tx: Tx, id: number): Promise<ItemOcRow> {
  const [found] = await tx.select({ numero_oc: items_oc.numero_oc }).from(items_oc).where(eq(items_oc.id, id));
  if (!found) throw notFound(MSG_ITEM_OC_NO_EXISTE);
  await lockOrden(tx, found.numero_oc);
  return lockItem(tx, id, found.numero_oc);
}

/** An item of an order, locked; 404 when missing (or of another order when `numero` is given). */
export async function lockItem(tx: Tx, id: number, numero?: number): Promise<ItemOcRow> {
  const where = numero === undefined ? eq(items_oc.id, id) : and(eq(items_oc.id, id), eq(items_oc.numero_oc, numero));
  const [row] = await tx.select(itemOcColumns).from(items_oc).where(where).for("update");
  if (!row) throw notFound(MSG_ITEM_OC_NO_EXISTE);
  return row;
}
