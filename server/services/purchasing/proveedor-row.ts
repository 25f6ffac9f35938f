// What the proveedores services share: the row, messages and the unique checks (name
// compared ignoring case, RUT in its normal form as for clients).
import { eq, sql } from "drizzle-orm";
import { proveedorRow } from "../../../src/domain/purchasing/schemas";
import { rowColumns } from "../../db/columns";
import { proveedores } from "../../db/schema";
import { conflict, isUniqueViolation } from "../../errors";
import type { Tx } from "../write";

export const proveedorColumns = rowColumns(proveedores, proveedorRow);

export const MSG_PROVEEDOR_NO_EXISTE = "El proveedor no existe.";
export const MSG_RUT_PROVEEDOR_DUPLICADO = "Ya existe un proveedor con ese RUT";
export const MSG_NOMBRE_PROVEEDOR_DUPLICADO = "Ya existe un proveedor con ese nombre";
export const RUT_UNIQUE = "proveedores_rut_uq";
export const NOMBRE_UNIQUE = "proveedores_nombre_uq";

const rutConflict = () => conflict(MSG_RUT_PROVEEDOR_DUPLICADO, { rut: [MSG_RUT_PROVEEDOR_DUPLICADO] });
const nameConflict = () => conflict(MSG_NOMBRE_PROVEEDOR_DUPLICADO, { proveedor: [MSG_NOMBRE_PROVEEDOR_DUPLICADO] });

/** 409 when another supplier (not `exceptId`) has this name (any case) or this RUT. */
export async function assertProveedorFree(tx: Tx, data: { proveedor: string; rut: string | null }, exceptId?: number): Promise<void> {
  const [byName] = await tx
    .select({ id: proveedores.id })
    .from(proveedores)
    .where(sql`lower(${proveedores.proveedor}) = lower(${data.proveedor})`)
    .limit(1);
  if (byName && byName.id !== exceptId) throw nameConflict();
  if (data.rut === null) return;
  const [byRut] = await tx.select({ id: proveedores.id }).from(proveedores).where(eq(proveedores.rut, data.rut)).limit(1);
  if (byRut && byRut.id !== exceptId) throw rutConflict();
}

/** A unique index refusal the checks could not see (a race) as the same 409. */
export function mapProveedorConflict(err: unknown): unknown {
  if (isUniqueViolation(err, RUT_UNIQUE)) return rutConflict();
  if (isUniqueViolation(err, NOMBRE_UNIQUE)) return nameConflict();
  return err;
}
