// GET api/clientes/{id}.
import { eq } from "drizzle-orm";
import type { ClienteRow } from "../../../src/domain/sales/schemas";
import type { Db } from "../../db/connect";
import { clientes } from "../../db/schema";
import { notFound } from "../../errors";
import { clienteColumns, MSG_CLIENTE_NO_EXISTE } from "./cliente-row";

export async function getCliente(db: Db, id: number): Promise<ClienteRow> {
  const [row] = await db.select(clienteColumns).from(clientes).where(eq(clientes.id, id));
  if (!row) throw notFound(MSG_CLIENTE_NO_EXISTE);
  return row;
}
