// POST api/clientes: a client with a normalized, unique RUT (when given).
import type { ClienteData, ClienteRow } from "../../../src/domain/sales/schemas";
import { clientes } from "../../db/schema";
import { isUniqueViolation } from "../../errors";
import { write, type ServiceContext } from "../write";
import { assertRutFree, clienteColumns, rutConflict, RUT_UNIQUE } from "./cliente-row";

export async function createCliente(ctx: ServiceContext, data: ClienteData): Promise<ClienteRow> {
  try {
    return await write(ctx, async (tx, audit) => {
      await assertRutFree(tx, data.rut);
      const [row] = await tx.insert(clientes).values(data).returning(clienteColumns);
      await audit({ entity: clientes, entityId: row.id, changes: row });
      return row;
    });
  } catch (err) {
    // Two creations with the same RUT at the same moment: the unique index decides.
    if (isUniqueViolation(err, RUT_UNIQUE)) throw rutConflict();
    throw err;
  }
}
