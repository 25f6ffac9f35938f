// POST api/materiales: a new product with stock 0 (stock only moves through the ledger).
import type { MaterialData, MaterialRow } from "../../../src/domain/inventory/schemas";
import { materiales } from "../../db/schema";
import { write, type ServiceContext } from "../write";
import { assertMaterialFree, mapMaterialDbError, materialColumns } from "./material-row";

export async function createMaterial(ctx: ServiceContext, data: MaterialData): Promise<MaterialRow> {
  try {
    return await write(ctx, async (tx, audit) => {
      await assertMaterialFree(tx, data.codigo, data.producto);
      const [row] = await tx.insert(materiales).values(data).returning(materialColumns);
      await audit({ entity: materiales, entityId: row.codigo, changes: row });
      return row;
    });
  } catch (err) {
    throw mapMaterialDbError(err);
  }
}
