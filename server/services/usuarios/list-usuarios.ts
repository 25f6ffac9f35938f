// GET api/usuarios: every user by name, or a filtered, sorted page with its total.
import { count } from "drizzle-orm";
import type { Db } from "../../db/connect";
import { usuarios } from "../../db/schema";
import { listParts, totalOver } from "../list";
import { toRow, usuarioColumns, usuarioListSpec, type UsuarioRow } from "./row";

export interface UsuarioList {
  rows: UsuarioRow[];
  /** The full count when list parameters were given (for X-Total-Count); else null. */
  total: number | null;
}

export async function listUsuarios(db: Db, query: Record<string, unknown>): Promise<UsuarioList> {
  const parts = listParts(query, usuarioListSpec);
  if (!parts.paged) {
    const rows = await db.select(usuarioColumns).from(usuarios).orderBy(...parts.orderBy);
    return { rows: rows.map(toRow), total: null };
  }
  let q = db
    .select({ ...usuarioColumns, __total: totalOver })
    .from(usuarios)
    .where(parts.where)
    .orderBy(...parts.orderBy)
    .offset(parts.offset)
    .$dynamic();
  if (parts.limit !== undefined) q = q.limit(parts.limit);
  const rows = await q;
  let total: number;
  if (rows.length > 0) total = rows[0].__total;
  else [{ total }] = await db.select({ total: count() }).from(usuarios).where(parts.where);
  return { rows: rows.map(toRow), total };
}
