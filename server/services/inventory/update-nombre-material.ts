// PUT api/ajuste_stock/materiales/{code}/nombre: renames a product (Ajuste de Stock).
// 404 for an unknown code, 409 when another product has that name (ignoring case);
// the audit row records who renamed it. The same name changes nothing (no audit).
import { eq } from "drizzle-orm";
import { MSG_MATERIAL_NO_ENCONTRADO, type MaterialRow } from "../../../src/domain/inventory/schemas";
import { materiales } from "../../db/schema";
import { notFound } from "../../errors";
import { changedFields } from "../changes";
import { write, type ServiceContext } from "../write";
import { mapMaterialDbError, materialColumns, productoConflict } from "./material-row";
import { and, ne, sql } from "drizzle-orm";

export async function updateNombreMaterial(ctx: ServiceContext, codigo: string, producto: string): Promise<MaterialRow> {
  try {
    return await write(ctx, async (tx, audit) => {
      const [before] = await tx.select(materialColumns).from(materiales).where(eq(materiales.codigo, codigo)).for("update");
      if (!before) throw notFound(MSG_MATERIAL_NO_ENCONTRADO);
      if (before.producto === producto) return before;
      const [taken] = await tx
        .select({ codigo: materiales.codigo })
        .from(materiales)
        .where(and(ne(materiales.codigo, codigo), eq(sql`lower(${materiales.producto})`, producto.toLowerCase())))
        .limit(1);
      if (taken) throw productoConflict();
      const [row] = await tx.update(materiales).set({ producto }).where(eq(materiales.codigo, codigo)).returning(materialColumns);
      await audit({ entity: materiales, entityId: codigo, changes: changedFields(before, row) });
      return row;
    });
  } catch (err) {
    throw mapMaterialDbError(err);
  }
}
