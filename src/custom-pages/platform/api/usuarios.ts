// The users API as screens call it outside Refine's data provider (the Usuarios resource
// uses the data provider): typed by src/domain/usuarios.
import { api } from "../../../providers/api";

/** PUT api/usuarios/{id}/cambiar-contrasena: your own password (profile), or anyone's for an administrator. */
export async function changePassword(usuarioId: number, nuevaContrasena: string): Promise<void> {
  await api.put(`/usuarios/${encodeURIComponent(String(usuarioId))}/cambiar-contrasena`, { nuevaContrasena });
}
