// The users' own rules, as hooks of their declared resource (src/domain/usuarios/usuarios.resource.ts,
// server/resources/register.ts): the password is hashed before the transaction and stored
// as password_hash (never answered, never audited); deactivating or a new password ends the
// user's sessions (your own new password keeps the session you use); the system never loses
// its last active administrator, and nobody removes their own administration rights or
// account. Nobody changes their own role; only Informático grants Informático or edits,
// resets or deletes an Informático account (issue 32). Role and activo changes take turns (lockAdminChanges).
import { eq } from "drizzle-orm";
import { sesiones } from "../../db/schema";
import { mayAdministerRole } from "../../../src/domain/roles/roles";
import { conflict, forbidden } from "../../errors";
import type { ResourceHooks } from "../resource-hooks";
import { guardedPasswordHash } from "./password-guard";
import { isAdminRole, lockAdminChanges, otherActiveAdmins, revokeSessions } from "./row";

export const MSG_SELF_DEACTIVATE = "No puede desactivar su propia cuenta. Otro administrador debe hacerlo.";
export const MSG_SELF_DELETE = "No puede eliminar su propia cuenta. Otro administrador debe hacerlo.";
export const MSG_OWN_ROLE = "No puede cambiar su propio rol. Otro administrador debe hacerlo.";
export const MSG_GRANT_INFORMATICO = "Solo un usuario Informático puede dar el rol Informático.";
export const MSG_EDIT_INFORMATICO = "Solo un usuario Informático puede modificar, cambiar la contraseña o eliminar a un usuario Informático.";
export const MSG_LAST_ADMIN = "No se puede dejar el sistema sin un administrador activo (Informático o Gerencia).";

const AUDITED = ["nombre", "correo", "rol", "telefono", "activo"] as const;
const isActiveAdmin = (u: Record<string, unknown>) => u.activo === true && isAdminRole(String(u.rol));

export const usuariosHooks: ResourceHooks = {
  async prepare({ contrasena, ...data }, ctx, id) {
    return typeof contrasena === "string" ? { ...data, password_hash: await guardedPasswordHash(ctx.passwords, id === null ? null : Number(id), contrasena) } : data;
  },

  async lock(tx, data) {
    if (data === null || data.rol !== undefined || data.activo !== undefined) await lockAdminChanges(tx);
  },

  async validate(tx, data, before, ctx) {
    const actor = String(ctx.user?.rol ?? "");
    if (before && ctx.user?.id === before.id && data.rol !== undefined && data.rol !== before.rol) throw conflict(MSG_OWN_ROLE, { rol: [MSG_OWN_ROLE] });
    if (before && !mayAdministerRole(actor, String(before.rol))) throw forbidden(MSG_EDIT_INFORMATICO);
    if (data.rol !== undefined && !mayAdministerRole(actor, String(data.rol))) throw forbidden(MSG_GRANT_INFORMATICO, { rol: [MSG_GRANT_INFORMATICO] });
    if (!before || !isActiveAdmin(before)) return;
    const active = data.activo ?? before.activo;
    if (isActiveAdmin({ activo: active, rol: data.rol ?? before.rol })) return;
    // Own role changes are refused above: what is left for oneself is deactivating.
    if (ctx.user?.id === before.id) throw conflict(MSG_SELF_DEACTIVATE);
    if ((await otherActiveAdmins(tx, before.id)) === 0) throw conflict(MSG_LAST_ADMIN);
  },

  async beforeDelete(tx, before, ctx) {
    if (ctx.user?.id === before.id) throw conflict(MSG_SELF_DELETE);
    if (!mayAdministerRole(String(ctx.user?.rol ?? ""), String(before.rol))) throw forbidden(MSG_EDIT_INFORMATICO);
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
