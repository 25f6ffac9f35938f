// GET api/proveedores/{id}: one supplier (the edit form).
import { eq } from "drizzle-orm";
import type { ProveedorRow } from "../../../src/domain/purchasing/schemas";
import type { Db } from "../../db/connect";
import { proveedores } from "../../db/schema";
import { notFound } from "../../errors";
import { MSG_PROVEEDOR_NO_EXISTE, proveedorColumns } from "./proveedor-row";

export async function getProveedor(db: Db, id: number): Promise<ProveedorRow> {
  const [row] = await db.select(proveedorColumns).from(proveedores).where(eq(proveedores.id, id));
  if (!row) throw notFound(MSG_PROVEEDOR_NO_EXISTE);
  return row;
}
