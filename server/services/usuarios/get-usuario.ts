// GET api/usuarios/{id}.
import { eq } from "drizzle-orm";
import type { Db } from "../../db/connect";
import { usuarios } from "../../db/schema";
import { notFound } from "../../errors";
import type { UsuarioRow } from "../../../src/domain/usuarios/schemas";
import { MSG_NOT_FOUND, usuarioColumns } from "./row";

export async function getUsuario(db: Db, id: number): Promise<UsuarioRow> {
  const [u] = await db.select(usuarioColumns).from(usuarios).where(eq(usuarios.id, id)).limit(1);
  if (!u) throw notFound(MSG_NOT_FOUND);
  return u;
}
