// POST api/clientes: a client with a normalized, unique RUT (when given).
import { eq } from "drizzle-orm";
import type { ClienteData } from "../../../src/domain/sales/schemas";
import { clientes } from "../../db/schema";
import { conflict, isUniqueViolation } from "../../errors";
import { write, type ServiceContext, type Tx } from "../write";
import { clienteColumns, MSG_RUT_DUPLICADO, type ClienteRow } from "./cliente-row";

export const RUT_UNIQUE = "clientes_rut_uq";

export function rutConflict() {
  return conflict(MSG_RUT_DUPLICADO, { rut: [MSG_RUT_DUPLICADO] });
}

/** 409 when another client (not `exceptId`) already has this RUT. */
export async function assertRutFree(tx: Tx, rut: string | null, exceptId?: number): Promise<void> {
  if (rut === null) return;
  const [other] = await tx.select({ id: clientes.id }).from(clientes).where(eq(clientes.rut, rut)).limit(1);
  if (other && other.id !== exceptId) throw rutConflict();
}

export async function createCliente(ctx: ServiceContext, data: ClienteData): Promise<ClienteRow> {
  try {
    return await write(ctx, async (tx, audit) => {
      await assertRutFree(tx, data.rut);
      const [row] = await tx.insert(clientes).values(data).returning(clienteColumns);
      await audit({ entity: "clientes", entityId: row.id, changes: data });
      return row;
    });
  } catch (err) {
    // Two creations with the same RUT at the same moment: the unique index decides.
    if (isUniqueViolation(err, RUT_UNIQUE)) throw rutConflict();
    throw err;
  }
}
