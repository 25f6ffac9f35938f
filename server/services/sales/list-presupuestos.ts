// GET api/presupuestos: every quote (newest first), or a filtered, sorted page with its total.
import { count, eq } from "drizzle-orm";
import type { Db } from "../../db/connect";
import { clientes, presupuestos } from "../../db/schema";
import { listParts, totalOver } from "../list";
import type { ListResult } from "./list-clientes";
import { presupuestoColumns, presupuestoListSpec, selectPresupuesto, type PresupuestoRow } from "./presupuesto-row";

export async function listPresupuestos(db: Db, query: Record<string, unknown>): Promise<ListResult<PresupuestoRow>> {
  const parts = listParts(query, presupuestoListSpec);
  if (!parts.paged) {
    const rows = await selectPresupuesto(db).orderBy(...parts.orderBy);
    return { rows, total: null };
  }
  let q = db
    .select({ ...presupuestoColumns, __total: totalOver })
    .from(presupuestos)
    .innerJoin(clientes, eq(clientes.id, presupuestos.clienteId))
    .where(parts.where)
    .orderBy(...parts.orderBy)
    .offset(parts.offset)
    .$dynamic();
  if (parts.limit !== undefined) q = q.limit(parts.limit);
  const rows = await q;
  let total: number;
  if (rows.length > 0) total = rows[0].__total;
  else
    [{ total }] = await db
      .select({ total: count() })
      .from(presupuestos)
      .innerJoin(clientes, eq(clientes.id, presupuestos.clienteId))
      .where(parts.where);
  return { rows: rows.map(({ __total: _t, ...r }) => r), total };
}
