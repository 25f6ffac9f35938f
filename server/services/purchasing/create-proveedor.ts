// POST api/proveedores: a supplier with a unique name and (when given) a unique, normalized RUT.
import type { ProveedorData, ProveedorRow } from "../../../src/domain/purchasing/schemas";
import { proveedores } from "../../db/schema";
import { write, type ServiceContext } from "../write";
import { assertProveedorFree, mapProveedorConflict, proveedorColumns } from "./proveedor-row";

export async function createProveedor(ctx: ServiceContext, data: ProveedorData): Promise<ProveedorRow> {
  try {
    return await write(ctx, async (tx, audit) => {
      await assertProveedorFree(tx, data);
      const [row] = await tx.insert(proveedores).values(data).returning(proveedorColumns);
      await audit({ entity: proveedores, entityId: row.id, changes: row });
      return row;
    });
  } catch (err) {
    throw mapProveedorConflict(err);
  }
}
