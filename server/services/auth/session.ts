import { and, eq, gt, isNull, sql } from "drizzle-orm";
import type { Db } from "../../db/connect";
import { sesiones, usuarios } from "../../db/schema";
import type { Actor } from "../write";
import { hashToken } from "./tokens";

/**
 * The session lookup runs on every request, so it is a named prepared statement: the
 * database plans it once per connection instead of on every request (on PGlite, one
 * session for the whole process, that was most of a cached page's database time).
 */
function prepareLookup(db: Db) {
  return db
    .select({ id: usuarios.id, nombre: usuarios.nombre, correo: usuarios.correo, rol: usuarios.rol })
    .from(sesiones)
    .innerJoin(usuarios, eq(usuarios.id, sesiones.usuario_id))
    .where(
      and(
        eq(sesiones.token_hash, sql.placeholder("hash")),
        isNull(sesiones.revocada_en),
        gt(sesiones.expira_en, sql.placeholder("now")),
        eq(usuarios.activo, true),
      ),
    )
    .limit(1)
    .prepare("ventanal_session_user");
}
const lookups = new WeakMap<Db, ReturnType<typeof prepareLookup>>();

/** Looked up on every request, so a role change or a deactivation applies at once. */
export async function userForToken(db: Db, token: string): Promise<Actor | null> {
  let lookup = lookups.get(db);
  if (!lookup) lookups.set(db, (lookup = prepareLookup(db)));
  const [row] = await lookup.execute({ hash: hashToken(token), now: new Date() });
  return row ?? null;
}
