// PUT api/proveedores/{id}: the whole supplier, same rules as creating it. Orders keep the
// name they were written with (ordenes_compra.proveedor); new orders take the new name.
import { eq } from "drizzle-orm";
import type { ProveedorData, ProveedorRow } from "../../../src/domain/purchasing/schemas";
import { proveedores } from "../../db/schema";
import { notFound } from "../../errors";
import { changedFields } from "../changes";
import { write, type ServiceContext } from "../write";
import { assertProveedorFree, mapProveedorConflict, MSG_PROVEEDOR_NO_EXISTE, proveedorColumns } from "./proveedor-row";

export async function updateProveedor(ctx: ServiceContext, id: number, data: ProveedorData): Promise<ProveedorRow> {
  try {
    return await write(ctx, async (tx, audit) => {
      const [before] = await tx.select(proveedorColumns).from(proveedores).where(eq(proveedores.id, id)).for("update");
      if (!before) throw notFound(MSG_PROVEEDOR_NO_EXISTE);
      await assertProveedorFree(tx, data, id);
      const [row] = await tx.update(proveedores).set(data).where(eq(proveedores.id, id)).returning(proveedorColumns);
      await audit({ entity: proveedores, entityId: id, changes: changedFields(before, row) });
      return row;
    });
  } catch (err) {
    throw mapProveedorConflict(err);
  }
}
