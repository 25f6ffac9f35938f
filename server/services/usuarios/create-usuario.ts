// POST api/usuarios: a new account (correo unique, lower-case; password hashed).
import { usuarios } from "../../db/schema";
import { conflict, isUniqueViolation } from "../../errors";
import { hashPassword } from "../auth/tokens";
import { write, type ServiceContext } from "../write";
import { correoTaken, MSG_CORREO_TAKEN, usuarioColumns } from "./row";
import type { CreateUsuarioInput, UsuarioRow } from "../../../src/domain/usuarios/schemas";

export const correoConflict = () => conflict(MSG_CORREO_TAKEN, { correo: [MSG_CORREO_TAKEN] });

export async function createUsuario(ctx: ServiceContext, input: CreateUsuarioInput): Promise<UsuarioRow> {
  const passwordHash = await hashPassword(input.contrasena); // slow: before the transaction
  try {
    return await write(ctx, async (tx, audit) => {
      if (await correoTaken(tx, input.correo)) throw correoConflict();
      const [u] = await tx
        .insert(usuarios)
        .values({ nombre: input.nombre, correo: input.correo, rol: input.rol, telefono: input.telefono ?? null, activo: input.activo ?? true, password_hash: passwordHash })
        .returning(usuarioColumns);
      await audit({ entity: usuarios, entityId: u.id, changes: { nombre: u.nombre, correo: u.correo, rol: u.rol, telefono: u.telefono, activo: u.activo } });
      return u;
    });
  } catch (err) {
    // Two creations of the same address at once: the unique index decides.
    if (isUniqueViolation(err)) throw correoConflict();
    throw err;
  }
}
