// What the clientes services share: the row (its columns by the names src/domain/sales
// declares), messages and the RUT rule.
import { eq } from "drizzle-orm";
import { clienteRow } from "../../../src/domain/sales/schemas";
import { rowColumns } from "../../db/columns";
import { clientes } from "../../db/schema";
import { conflict } from "../../errors";
import type { Tx } from "../write";

export const clienteColumns = rowColumns(clientes, clienteRow);

export const MSG_CLIENTE_NO_EXISTE = "El cliente no existe.";
export const MSG_RUT_DUPLICADO = "Ya existe un cliente con ese RUT";
export const RUT_UNIQUE = "clientes_rut_uq";

export const rutConflict = () => conflict(MSG_RUT_DUPLICADO, { rut: [MSG_RUT_DUPLICADO] });

/** 409 when another client (not `exceptId`) already has this RUT. */
export async function assertRutFree(tx: Tx, rut: string | null, exceptId?: number): Promise<void> {
  if (rut === null) return;
  const [other] = await tx.select({ id: clientes.id }).from(clientes).where(eq(clientes.rut, rut)).limit(1);
  if (other && other.id !== exceptId) throw rutConflict();
}
