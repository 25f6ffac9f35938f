import { and, eq, gt, isNull } from "drizzle-orm";
import type { Db } from "../../db/connect";
import { sesiones, usuarios } from "../../db/schema";
import type { Actor } from "../write";
import { hashToken } from "./tokens";

/** Looked up on every request, so a role change or a deactivation applies at once. */
export async function userForToken(db: Db, token: string): Promise<Actor | null> {
  const [row] = await db
    .select({ id: usuarios.id, nombre: usuarios.nombre, correo: usuarios.correo, rol: usuarios.rol })
    .from(sesiones)
    .innerJoin(usuarios, eq(usuarios.id, sesiones.usuario_id))
    .where(and(eq(sesiones.token_hash, hashToken(token)), isNull(sesiones.revocada_en), gt(sesiones.expira_en, new Date()), eq(usuarios.activo, true)))
    .limit(1);
  return row ?? null;
}
