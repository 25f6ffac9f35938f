// The users' own rules, as hooks of their declared resource (src/domain/usuarios/usuarios.resource.ts,
// server/resources/register.ts): the password is hashed before the transaction and stored
// as password_hash (never answered, never audited); deactivating or a new password ends the
// user's sessions (your own new password keeps the session you use); the system never loses
// its last active administrator, and nobody removes their own administration rights or
// account. Role and activo changes take turns (lockAdminChanges).
import { eq } from "drizzle-orm";
import { sesiones } from "../../db/schema";
import { conflict } from "../../errors";
import type { ResourceHooks } from "../resource-hooks";
import { hashPassword } from "../auth/tokens";
import { isAdminRole, lockAdminChanges, otherActiveAdmins, revokeSessions } from "./row";

export const MSG_SELF_DEACTIVATE = "No puede desactivar su propia cuenta. Otro administrador debe hacerlo.";
export const MSG_SELF_DEMOTE = "No puede quitarse a sí mismo el rol de administración (Informático o Gerencia). Otro administrador debe hacerlo.";
export const MSG_SELF_DELETE = "No puede eliminar su propia cuenta. Otro administrador debe hacerlo.";
export const MSG_LAST_ADMIN = "No se puede dejar el sistema sin un administrador activo (Informático o Gerencia).";

const AUDITED = ["nombre", "correo", "rol", "telefono", "activo"] as const;
const isActiveAdmin = (u: Record<string, unknown>) => u.activo === true && isAdminRole(String(u.rol));

export const usuariosHooks: ResourceHooks = {
  async prepare({ contrasena, ...data }) {
    return typeof contrasena === "string" ? { ...data, password_hash: await hashPassword(contrasena) } : data;
  },

  async lock(tx, data) {
    if (data === null || data.rol !== undefined || data.activo !== undefined) await lockAdminChanges(tx);
  },

  async validate(tx, data, before, ctx) {
    if (!before || !isActiveAdmin(before)) return;
    const active = data.activo ?? before.activo;
    if (isActiveAdmin({ activo: active, rol: data.rol ?? before.rol })) return;
    if (ctx.user?.id === before.id) throw conflict(active ? MSG_SELF_DEMOTE : MSG_SELF_DEACTIVATE);
    if ((await otherActiveAdmins(tx, before.id)) === 0) throw conflict(MSG_LAST_ADMIN);
  },

  async beforeDelete(tx, before, ctx) {
    if (ctx.user?.id === before.id) throw conflict(MSG_SELF_DELETE);
    if (isActiveAdmin(before) && (await otherActiveAdmins(tx, before.id)) === 0) throw conflict(MSG_LAST_ADMIN);
    await tx.delete(sesiones).where(eq(sesiones.usuario_id, before.id));
  },

  async afterWrite(tx, row, before, ctx, data) {
    if (!row || !before) return;
    if (!data?.password_hash && !(before.activo && !row.activo)) return;
    // Your own new password keeps the session you are using; a deactivation ends all.
    const revoked = await revokeSessions(tx, row.id, ctx.user?.id === row.id && row.activo ? ctx.token : null);
    return revoked ? { sesiones_revocadas: revoked } : undefined;
  },

  audit(row, before, data) {
    if (!before) return Object.fromEntries(AUDITED.map((f) => [f, row[f]]));
    const changed = AUDITED.filter((f) => data[f] !== undefined && before[f] !== row[f]);
    return {
      ...Object.fromEntries(changed.map((f) => [f, row[f]])),
      ...(data.password_hash ? { contrasena: "cambiada" } : {}),
      ...(changed.length ? { anterior: Object.fromEntries(changed.map((f) => [f, before[f]])) } : {}),
    };
  },
};
