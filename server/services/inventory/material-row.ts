// What the materiales services share: the row, messages and the uniqueness rules
// (a code or a product name, compared case-insensitively, exists once).
import { eq, or, sql } from "drizzle-orm";
import { MSG_CODIGO_DUPLICADO, MSG_PRODUCTO_DUPLICADO, materialRow } from "../../../src/domain/inventory/schemas";
import { rowColumns } from "../../db/columns";
import { materiales } from "../../db/schema";
import { conflict, isUniqueViolation } from "../../errors";
import type { Tx } from "../write";

export const materialColumns = rowColumns(materiales, materialRow);

export const PRODUCTO_UNIQUE = "materiales_producto_uq";
export const CODIGO_UNIQUE = "materiales_pkey";

export const codigoConflict = () => conflict(MSG_CODIGO_DUPLICADO, { codigo: [MSG_CODIGO_DUPLICADO] });
export const productoConflict = () => conflict(MSG_PRODUCTO_DUPLICADO, { producto: [MSG_PRODUCTO_DUPLICADO] });

/** 409 when the code, or the product name ignoring case, is already taken. */
export async function assertMaterialFree(tx: Tx, codigo: string, producto: string): Promise<void> {
  const taken = await tx
    .select({ codigo: materiales.codigo, producto: materiales.producto })
    .from(materiales)
    .where(or(eq(materiales.codigo, codigo), eq(sql`lower(${materiales.producto})`, producto.toLowerCase())))
    .limit(2);
  if (taken.some((m) => m.codigo === codigo)) throw codigoConflict();
  if (taken.length > 0) throw productoConflict();
}

/** A race the pre-check could not see, decided by the unique indexes. */
export function mapMaterialDbError(err: unknown): unknown {
  if (isUniqueViolation(err, CODIGO_UNIQUE)) return codigoConflict();
  if (isUniqueViolation(err, PRODUCTO_UNIQUE)) return productoConflict();
  return err;
}
