// The user rules the declared resource's hooks (./hooks.ts) and the password change share.
import { and, eq, inArray, isNull, ne, sql } from "drizzle-orm";
import { canAccess, isRole, ROLES, type Role } from "../../../src/domain/roles/roles";
import { usuarios as usuariosResource } from "../../../src/domain/usuarios/usuarios.resource";
import { sesiones, usuarios } from "../../db/schema";
import type { Tx } from "../write";
import { hashToken } from "../auth/tokens";

export const MSG_NOT_FOUND = usuariosResource.notFound!;

/** Roles that administer users: the ones allowed to write the "administracion" section. */
export function isAdminRole(rol: string): boolean {
  return isRole(rol) && canAccess(rol, "administracion", "write");
}
export const ADMIN_ROLES: Role[] = ROLES.filter(isAdminRole);

/**
 * Ends the user's open sessions (deactivation, new password). The caller's own session
 * survives when it changes its own password (`keepToken`), so the profile screen does
 * not log itself out. Returns how many were revoked.
 */
export async function revokeSessions(tx: Tx, usuario_id: number, keepToken?: string | null): Promise<number> {
  const open = and(eq(sesiones.usuario_id, usuario_id), isNull(sesiones.revocada_en));
  const rows = await tx
    .update(sesiones)
    .set({ revocada_en: new Date() })
    .where(keepToken ? and(open, ne(sesiones.token_hash, hashToken(keepToken))) : open)
    .returning({ id: sesiones.id });
  return rows.length;
}

/**
 * Role and activo changes take turns (a transaction-level advisory lock), so two
 * administrators demoting each other at the same moment can't both succeed, and
 * without the deadlock that row locks taken in opposite orders would cause.
 */
export async function lockAdminChanges(tx: Tx): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(4243)`);
}

/** Active administrators other than `exceptId`, locked until the transaction ends. */
export async function otherActiveAdmins(tx: Tx, exceptId: number): Promise<number> {
  const rows = await tx
    .select({ id: usuarios.id })
    .from(usuarios)
    .where(and(eq(usuarios.activo, true), inArray(usuarios.rol, ADMIN_ROLES), ne(usuarios.id, exceptId)))
    .for("update");
  return rows.length;
}
