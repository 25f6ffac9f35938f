// PUT api/clientes/{id}: the whole client, same rules as creating it.
import { eq } from "drizzle-orm";
import type { ClienteData, ClienteRow } from "../../../src/domain/sales/schemas";
import { clientes } from "../../db/schema";
import { isUniqueViolation, notFound } from "../../errors";
import { changedFields } from "../changes";
import { write, type ServiceContext } from "../write";
import { assertRutFree, clienteColumns, MSG_CLIENTE_NO_EXISTE, rutConflict, RUT_UNIQUE } from "./cliente-row";

export async function updateCliente(ctx: ServiceContext, id: number, data: ClienteData): Promise<ClienteRow> {
  try {
    return await write(ctx, async (tx, audit) => {
      const [before] = await tx.select(clienteColumns).from(clientes).where(eq(clientes.id, id)).for("update");
      if (!before) throw notFound(MSG_CLIENTE_NO_EXISTE);
      await assertRutFree(tx, data.rut, id);
      const [row] = await tx.update(clientes).set(data).where(eq(clientes.id, id)).returning(clienteColumns);
      await audit({ entity: clientes, entityId: id, changes: changedFields(before, row) });
      return row;
    });
  } catch (err) {
    if (isUniqueViolation(err, RUT_UNIQUE)) throw rutConflict();
    throw err;
  }
}
