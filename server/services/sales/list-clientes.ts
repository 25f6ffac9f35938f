// GET api/clientes: every client by name, or a filtered, sorted page with its total.
import { count } from "drizzle-orm";
import type { Db } from "../../db/connect";
import { clientes } from "../../db/schema";
import { listParts, totalOver } from "../list";
import { clienteColumns, clienteListSpec, type ClienteRow } from "./cliente-row";

export interface ListResult<T> {
  rows: T[];
  /** The full count when list parameters were given (for X-Total-Count); else null. */
  total: number | null;
}

export async function listClientes(db: Db, query: Record<string, unknown>): Promise<ListResult<ClienteRow>> {
  const parts = listParts(query, clienteListSpec);
  if (!parts.paged) {
    const rows = await db.select(clienteColumns).from(clientes).orderBy(...parts.orderBy);
    return { rows, total: null };
  }
  let q = db
    .select({ ...clienteColumns, __total: totalOver })
    .from(clientes)
    .where(parts.where)
    .orderBy(...parts.orderBy)
    .offset(parts.offset)
    .$dynamic();
  if (parts.limit !== undefined) q = q.limit(parts.limit);
  const rows = await q;
  let total: number;
  if (rows.length > 0) total = rows[0].__total;
  else [{ total }] = await db.select({ total: count() }).from(clientes).where(parts.where);
  return { rows: rows.map(({ __total: _t, ...r }) => r), total };
}
