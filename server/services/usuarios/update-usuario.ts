// PUT api/usuarios/{id}: rename, change address, phone or role, (de)activate, reset password.
// Deactivating or a new password ends the user's open sessions. The system never loses
// its last active administrator, and nobody removes their own administration rights.
import { eq } from "drizzle-orm";
import { usuarios } from "../../db/schema";
import { conflict, isUniqueViolation, notFound } from "../../errors";
import { hashPassword } from "../auth/tokens";
import { write, type ServiceContext } from "../write";
import { correoConflict } from "./create-usuario";
import { correoTaken, isAdminRole, lockAdminChanges, MSG_NOT_FOUND, otherActiveAdmins, revokeSessions, usuarioColumns } from "./row";
import type { UpdateUsuarioInput, UsuarioRow } from "../../../src/domain/usuarios/schemas";

export const MSG_SELF_DEACTIVATE = "No puede desactivar su propia cuenta. Otro administrador debe hacerlo.";
export const MSG_SELF_DEMOTE =
  "No puede quitarse a sí mismo el rol de administración (Informático o Gerencia). Otro administrador debe hacerlo.";
export const MSG_LAST_ADMIN = "No se puede dejar el sistema sin un administrador activo (Informático o Gerencia).";

type Fields = Pick<UsuarioRow, "nombre" | "correo" | "rol" | "telefono" | "activo">;
const FIELDS = ["nombre", "correo", "rol", "telefono", "activo"] as const;

export async function updateUsuario(
  ctx: ServiceContext,
  id: number,
  input: UpdateUsuarioInput,
  opts: { currentToken?: string | null } = {},
): Promise<UsuarioRow> {
  const passwordHash = input.contrasena ? await hashPassword(input.contrasena) : null;
  try {
    return await write(ctx, async (tx, audit) => {
      if (input.rol !== undefined || input.activo !== undefined) await lockAdminChanges(tx);
      const [before] = await tx.select(usuarioColumns).from(usuarios).where(eq(usuarios.id, id)).for("update");
      if (!before) throw notFound(MSG_NOT_FOUND);

      const set: Partial<Fields> = {};
      const anterior: Partial<Fields> = {};
      for (const f of FIELDS) {
        const v = input[f];
        if (v !== undefined && v !== before[f]) {
          Object.assign(set, { [f]: v });
          Object.assign(anterior, { [f]: before[f] });
        }
      }
      if (set.correo !== undefined && (await correoTaken(tx, set.correo, id))) throw correoConflict();

      const wasAdmin = before.activo && isAdminRole(before.rol);
      const willBeActive = set.activo ?? before.activo;
      const willBeAdmin = willBeActive && isAdminRole(set.rol ?? before.rol);
      if (wasAdmin && !willBeAdmin) {
        if (ctx.user?.id === id) throw conflict(willBeActive ? MSG_SELF_DEMOTE : MSG_SELF_DEACTIVATE);
        if ((await otherActiveAdmins(tx, id)) === 0) throw conflict(MSG_LAST_ADMIN);
      }

      if (Object.keys(set).length === 0 && !passwordHash) return before; // nothing changes, nothing written

      const [after] = await tx
        .update(usuarios)
        .set({ ...set, ...(passwordHash ? { password_hash: passwordHash } : {}) })
        .where(eq(usuarios.id, id))
        .returning(usuarioColumns);
      let revoked = 0;
      if (passwordHash || (before.activo && !after.activo)) {
        // Your own new password keeps the session you are using; a deactivation ends all.
        revoked = await revokeSessions(tx, id, ctx.user?.id === id && after.activo ? opts.currentToken : null);
      }
      await audit({
        entity: usuarios,
        entityId: id,
        changes: {
          ...set,
          ...(passwordHash ? { contrasena: "cambiada" } : {}),
          ...(Object.keys(anterior).length ? { anterior } : {}),
          ...(revoked ? { sesiones_revocadas: revoked } : {}),
        },
      });
      return after;
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw correoConflict();
    throw err;
  }
}
