// GET api/clientes: every client by name, or a filtered, sorted page with its total.
import { count } from "drizzle-orm";
import type { Db } from "../../db/connect";
import { clientes } from "../../db/schema";
import { listParts } from "../list";
import { clienteColumns, clienteListSpec, type ClienteRow } from "./cliente-row";
import { cachedList, listKey, type CachedList } from "./list-cache";

export interface ListResult<T> {
  rows: T[];
  /** The full count when list parameters were given (for X-Total-Count); else null. */
  total: number | null;
}

export async function listClientes(db: Db, query: Record<string, unknown>): Promise<ListResult<ClienteRow>> {
  const parts = listParts(query, clienteListSpec);
  let q = db.select(clienteColumns).from(clientes).where(parts.where).orderBy(...parts.orderBy).$dynamic();
  if (!parts.paged) return { rows: await q, total: null };
  if (parts.offset) q = q.offset(parts.offset);
  if (parts.limit !== undefined) q = q.limit(parts.limit);
  // The page and its total as two queries (one after the other: concurrent queries on
  // one request gain nothing on PGlite): a window count(*) over() would make the
  // database build and sort every matching row just to return fifty.
  const rows = await q;
  const [{ total }] = await db.select({ total: count() }).from(clientes).where(parts.where);
  return { rows, total };
}

/** The same answer, ready to send, reused while nothing has been written. */
export function listClientesCached(db: Db, query: Record<string, unknown>): Promise<CachedList> {
  return cachedList(db, listKey("clientes", query), () => listClientes(db, query));
}
