// PUT api/usuarios/{id}/cambiar-contrasena: your own password (profile screen), or
// anyone's for an administrator (Informático, Gerencia; an Informático's only by Informático).
// The user's other sessions end. Throttled like the sign-in (./password-guard.ts).
import { eq } from "drizzle-orm";
import { usuarios } from "../../db/schema";
import { forbidden, notFound } from "../../errors";
import { mayAdministerRole } from "../../../src/domain/roles/roles";
import { MSG_EDIT_INFORMATICO } from "./hooks";
import { guardedPasswordHash } from "./password-guard";
import { write, type ServiceContext } from "../write";
import { isAdminRole, MSG_NOT_FOUND, revokeSessions } from "./row";

export const MSG_PASSWORD_CHANGED = "Contraseña actualizada con éxito";
export const MSG_OWN_PASSWORD_ONLY = "Solo puede cambiar su propia contraseña.";

export async function changePassword(
  ctx: ServiceContext,
  id: number,
  nuevaContrasena: string,
  opts: { currentToken?: string | null } = {},
): Promise<{ message: string }> {
  const actor = ctx.user;
  if (!actor || (actor.id !== id && !isAdminRole(actor.rol))) throw forbidden(MSG_OWN_PASSWORD_ONLY);
  // Only Informático resets an Informático's password (checked before hashing, and again under the lock).
  const mayReset = (rol: string) => actor.id === id || mayAdministerRole(actor.rol, rol);
  const [target] = await ctx.db.select({ rol: usuarios.rol }).from(usuarios).where(eq(usuarios.id, id));
  if (!target) throw notFound(MSG_NOT_FOUND);
  if (!mayReset(target.rol)) throw forbidden(MSG_EDIT_INFORMATICO);
  const passwordHash = await guardedPasswordHash(ctx.passwords, id, nuevaContrasena);
  await write(ctx, async (tx, audit) => {
    const [u] = await tx.select({ id: usuarios.id, rol: usuarios.rol }).from(usuarios).where(eq(usuarios.id, id)).for("update");
    if (!u) throw notFound(MSG_NOT_FOUND);
    if (!mayReset(u.rol)) throw forbidden(MSG_EDIT_INFORMATICO);
    await tx.update(usuarios).set({ password_hash: passwordHash }).where(eq(usuarios.id, id));
    const revoked = await revokeSessions(tx, id, actor.id === id ? opts.currentToken : null);
    await audit({ entity: usuarios, entityId: id, changes: { contrasena: "cambiada", sesiones_revocadas: revoked } });
  });
  return { message: MSG_PASSWORD_CHANGED };
}
