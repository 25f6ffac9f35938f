// PUT api/usuarios/{id}/cambiar-contrasena: your own password (profile screen), or
// anyone's for an administrator (Informático, Gerencia). The user's other sessions end.
import { eq } from "drizzle-orm";
import { usuarios } from "../../db/schema";
import { forbidden, notFound } from "../../errors";
import { hashPassword } from "../auth/tokens";
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
  const passwordHash = await hashPassword(nuevaContrasena);
  await write(ctx, async (tx, audit) => {
    const [u] = await tx.select({ id: usuarios.id }).from(usuarios).where(eq(usuarios.id, id)).for("update");
    if (!u) throw notFound(MSG_NOT_FOUND);
    await tx.update(usuarios).set({ password_hash: passwordHash }).where(eq(usuarios.id, id));
    const revoked = await revokeSessions(tx, id, actor.id === id ? opts.currentToken : null);
    await audit({ entity: usuarios, entityId: id, changes: { contrasena: "cambiada", sesiones_revocadas: revoked } });
  });
  return { message: MSG_PASSWORD_CHANGED };
}
