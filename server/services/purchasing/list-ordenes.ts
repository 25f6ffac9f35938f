// GET api/ordenes_compra (every order, newest first) and GET api/ordenes_compra_estado
// (the same orders, each with its items: a page of orders, then their items in one query).
// estado is read in all its spellings (Pendiente, PENDIENTE, Completas, COMPLETA; empty or
// Todas: every order) and filters on the stored state (kept from the items at write time). q finds the order
// number, supplier, quote number, work, comment, client, or a code or product of its items.
import { desc, or, sql, type SQL } from "drizzle-orm";
import { z } from "zod";
import { MSG_ESTADO_OC_INVALIDO, ORDER_STATES, parseOrderStateFilter } from "../../../src/domain/purchasing/order-state";
import { ordenCompraRow, type OrdenCompraEstadoRow, type OrdenCompraRow } from "../../../src/domain/purchasing/schemas";
import type { Db } from "../../db/connect";
import { ordenes_compra } from "../../db/schema";
import { byHumanName, defineList, type ListQuery, type ListResult, type SearchContext, type SearchParts } from "../../lists";
import { foldedContains } from "../../lists/fold";
import { cachedList, listKey, type CachedList } from "../../lists/cache";
import { itemTextSql, itemsOf, ordenColumns } from "./orden-row";

/** The products (code or name in the catalogue, materiales.texto_busqueda, stored folded) that contain q. */
const productsMatching = (q: string) => sql`select m.codigo from materiales m where ${foldedContains(sql.raw("m.texto_busqueda"), q)}`;
/** The orders whose own text (ordenes_compra.texto_busqueda, stored folded) contains q. */
const ordersWithText = (q: string) => sql`select o.numero_oc from ordenes_compra o where ${foldedContains(sql.raw("o.texto_busqueda"), q)}`;
/** The orders (one row per item) with an item of a product that contains q. */
const ordersWithProduct = (q: string) => sql`select i.numero_oc from items_oc i where i.codigo in (${productsMatching(q)})`;

/**
 * q as a set: the orders whose own text (ordenes_compra.texto_busqueda, stored folded)
 * contains it, or with an item whose product contains it. Both sides are read from their
 * trigram indexes into one set of order numbers (a product's orders from items_oc_codigo_idx
 * alone), then each order of the list is looked up in it: a search costs what it finds, not
 * a fold of every order and product. Right for a rare text; a common one (at ten times the
 * data "vidrio" is 10,000 orders and 6,600 products) builds the whole set for a page of 20.
 */
export const textMatchesAsSet = (q: string) =>
  sql`"ordenes_compra"."numero_oc" in (${ordersWithText(q)} union ${ordersWithProduct(q)})`;

/**
 * The same orders, for the page: each order checked as the list walks its order, by its own
 * text, else one of its items (items_oc_numero_idx) is of a matching product (materiales_pkey):
 * the page stops at its last row. The `offset 0` keeps the EXISTS a check of the order's own
 * items: without it PostgreSQL may turn it into a hashed set of every order with a matching
 * item (a read of all of items_oc: 290 ms at ten times the data for a page of 20). The total
 * counts the orders with the text of their own first (through the trigram index), and only if
 * they are fewer than its bound the others with a matching item, as a set (define.ts's SearchParts).
 */
export function textMatchesRowByRow(q: string): SearchParts {
  const own = foldedContains(ordenes_compra.texto_busqueda, q);
  return {
    rows: or(own, sql`exists (select 1 from items_oc i where i.numero_oc = "ordenes_compra"."numero_oc" and i.codigo in (${productsMatching(q)}) offset 0)`)!,
    parts: [own, sql`"ordenes_compra"."numero_oc" in (${ordersWithProduct(q)})`],
  };
}

/**
 * Past this many orders with the text in their own fields, or this many items of products with
 * it (times the pages asked, in 20s), a text is common: the list's order is walked (when it can
 * be: WALKED_SORTS, no filter but the state's) and each order checked, which stops at the
 * page's last row after a few dozen orders; else the set is built.
 */
export const FEW_TEXT_MATCHES = 1000;
/** Orders the list can walk in its order through an index (numero_oc: the key; fecha: ordenes_compra_fecha_idx). */
const WALKED_SORTS = new Set(["numero_oc", "fecha"]);
/** Filters that keep most orders (the state: about half each) and an index to walk them by. */
const WALKED_FILTERS = new Set(["estado"]);

/**
 * What each text was found to be, by database, for a minute: a text's frequency changes only
 * as thousands of orders are written, and either way finds the same orders (the next page or
 * another sort of the same text skips the probe).
 */
const KEPT_MS = 60_000;
const judged = new WeakMap<Db, Map<string, { common: boolean; until: number }>>();

async function isCommon(db: Db, q: string, end: number): Promise<boolean> {
  const few = FEW_TEXT_MATCHES * Math.max(1, Math.ceil(end / 20));
  const key = `${few}:${q}`;
  const kept = judged.get(db) ?? judged.set(db, new Map()).get(db)!;
  const known = kept.get(key);
  if (known && known.until > Date.now()) return known.common;
  const common = await probe(db, q, few);
  if (kept.size >= 1000) kept.clear();
  kept.set(key, { common, until: Date.now() + KEPT_MS });
  return common;
}

/** More than `few` orders have the text in their own fields, or more than `few` items are of products with it. */
function probe(db: Db, q: string, few: number): Promise<boolean> {
  // Each count stops at few + 1; the second is read only when the first did not get there.
  // Through the trigram indexes: a sequential scan would read the whole table for a rare text
  // (the planner guesses how many rows a LIKE finds; a LIMIT makes a scan look cheap).
  return db.transaction(async (tx) => {
    await tx.execute(sql`select set_config('enable_seqscan', 'off', true)`);
    const result = await tx.execute<{ common: boolean }>(
      sql`select (select count(*) from (${ordersWithText(q)} limit ${few + 1}) a) > ${few}
              or (select count(*) from (${ordersWithProduct(q)} limit ${few + 1}) b) > ${few} as common`,
    );
    return result.rows[0].common === true;
  });
}

/**
 * q: the orders whose own text contains it, or with an item whose product contains it
 * (textMatchesAsSet). For a common text in an order the list can walk, the same orders as
 * textMatchesRowByRow.
 */
export async function textMatches(q: string, { db, sort, filters, end }: SearchContext): Promise<SQL | SearchParts> {
  const walkable = (sort.length === 0 || WALKED_SORTS.has(sort[0])) && filters.every((f) => WALKED_FILTERS.has(f));
  return walkable && (await isCommon(db, q, end)) ? textMatchesRowByRow(q) : textMatchesAsSet(q);
}
const numeroMatches = (q: string) => (/^\d{1,9}$/.test(q.trim()) ? sql`${ordenes_compra.numero_oc} = ${Number(q.trim())}` : undefined);

function declaration(name: string) {
  return defineList({
    name,
    table: ordenes_compra,
    row: ordenCompraRow,
    columns: ordenColumns,
    fields: {
      numero_oc: { sort: true, filter: ["eq", "in", "gte", "lte"] },
      proveedor: { sort: byHumanName(ordenes_compra.proveedor), filter: ["eq", "like"] },
      proveedor_id: { filter: ["eq", "in"] },
      fecha: { sort: true, filter: ["eq", "gte", "lte", "gt", "lt"] },
      realizado_por: { sort: true, filter: ["like"] },
      cliente_id: { filter: ["eq"] },
      cliente_nombre: { sort: byHumanName(ordenes_compra.cliente_nombre), filter: ["like"] },
      presupuesto_id: { filter: ["eq"] },
      numero_presupuesto: { sort: true, filter: ["eq", "like"] },
      observacion: { sort: byHumanName(ordenes_compra.observacion), filter: ["like"] },
      comentario: { filter: ["like"] },
      factura: { filter: ["eq", "like"] },
      estado: { sort: true, filter: ["eq"], value: z.enum(ORDER_STATES, { error: MSG_ESTADO_OC_INVALIDO }) },
      total_neto: { sort: true, filter: ["gte", "lte"], value: z.coerce.number({ error: "total_neto: debe ser un número" }) },
      codigo: { column: itemTextSql("codigo"), filter: ["like"] },
      producto: { column: itemTextSql("producto"), filter: ["like"] },
    },
    search: [numeroMatches, textMatches],
    defaultSort: [desc(ordenes_compra.numero_oc)],
    tieBreaker: ordenes_compra.numero_oc,
    cap: 2_000,
  });
}

export const ordenesCompraList = declaration("ordenes_compra");
export const ordenesEstadoList = declaration("ordenes_compra_estado");

/**
 * The querystring of both lists: `estado` in any spelling becomes PENDIENTE or COMPLETA,
 * and disappears when it means every order; an unknown spelling is left for the list's
 * own check to refuse with MSG_ESTADO_OC_INVALIDO.
 */
export function ordenesQuery(list: typeof ordenesCompraList) {
  return z.preprocess((raw) => {
    if (!raw || typeof raw !== "object" || !("estado" in raw)) return raw;
    const q = { ...(raw as Record<string, unknown>) };
    const parsed = parseOrderStateFilter(Array.isArray(q.estado) ? q.estado[0] : q.estado);
    if (parsed.valid && parsed.estado === null) delete q.estado;
    else if (parsed.valid) q.estado = parsed.estado;
    return q;
  }, list.query);
}

async function readOrdenesEstado(db: Db, query: ListQuery): Promise<ListResult<OrdenCompraEstadoRow>> {
  const { rows, ...total } = await ordenesEstadoList.read(db, query);
  const orders = rows as OrdenCompraRow[];
  const items = await itemsOf(db, orders.map((o) => o.numero_oc));
  return { rows: orders.map((o) => ({ ...o, detalles: items.get(o.numero_oc) ?? [] })), ...total };
}

/** GET api/ordenes_compra_estado's answer, reused while the tables it read are unchanged. */
export function answerOrdenesEstado(db: Db, query: ListQuery): Promise<CachedList> {
  return cachedList(db, listKey(ordenesEstadoList.name, query), () => readOrdenesEstado(db, query));
}
