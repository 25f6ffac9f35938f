// GET api/presupuestos: every quote (newest first), or a filtered, sorted page with its total.
import { count, eq } from "drizzle-orm";
import type { Db } from "../../db/connect";
import { clientes, presupuestos } from "../../db/schema";
import { listParts } from "../list";
import type { ListResult } from "./list-clientes";
import { cachedList, listKey, type CachedList } from "./list-cache";
import { presupuestoListSpec, selectPresupuesto, type PresupuestoRow } from "./presupuesto-row";

export async function listPresupuestos(db: Db, query: Record<string, unknown>): Promise<ListResult<PresupuestoRow>> {
  const parts = listParts(query, presupuestoListSpec);
  let q = selectPresupuesto(db).where(parts.where).orderBy(...parts.orderBy).$dynamic();
  if (!parts.paged) return { rows: await q, total: null };
  if (parts.offset) q = q.offset(parts.offset);
  if (parts.limit !== undefined) q = q.limit(parts.limit);
  // Separate count (see list-clientes). Only the free-text search reads the client's
  // name; otherwise the count needs no join (every quote has its client: foreign key).
  const counted = query.q
    ? db.select({ total: count() }).from(presupuestos).innerJoin(clientes, eq(clientes.id, presupuestos.cliente_id)).where(parts.where)
    : db.select({ total: count() }).from(presupuestos).where(parts.where);
  const rows = await q;
  const [{ total }] = await counted;
  return { rows, total };
}

/** The same answer, ready to send, reused while nothing has been written. */
export function listPresupuestosCached(db: Db, query: Record<string, unknown>): Promise<CachedList> {
  return cachedList(db, listKey("presupuestos", query), () => listPresupuestos(db, query));
}
