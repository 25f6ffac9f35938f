// GET api/precio-material?codigo=: the product's last price; 404 when the code is unknown.
import { eq } from "drizzle-orm";
import { MSG_MATERIAL_NO_ENCONTRADO, precioMaterialRow, type PrecioMaterialRow } from "../../../src/domain/inventory/schemas";
import { rowColumns } from "../../db/columns";
import type { Db } from "../../db/connect";
import { materiales } from "../../db/schema";
import { notFound } from "../../errors";

const precioColumns = rowColumns(materiales, precioMaterialRow);

export async function getPrecioMaterial(db: Db, codigo: string): Promise<PrecioMaterialRow> {
  const [row] = await db.select(precioColumns).from(materiales).where(eq(materiales.codigo, codigo));
  if (!row) throw notFound(MSG_MATERIAL_NO_ENCONTRADO);
  return row;
}
