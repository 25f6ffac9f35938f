// POST api/items_presupuesto: one item of an existing quote; UTV computed here.
import { eq } from "drizzle-orm";
import type { ItemFields, ItemPresupuestoRow } from "../../../src/domain/sales/schemas";
import { itemsPresupuesto, presupuestos } from "../../db/schema";
import { isForeignKeyViolation } from "../../errors";
import { write, type ServiceContext } from "../write";
import { ITEM_PRESUPUESTO_FK, itemColumns, itemValues, presupuestoUnknown } from "./item-row";
import { afterAcceptanceNote } from "./enlace-row";

export async function createItem(ctx: ServiceContext, presupuestoId: number, fields: ItemFields): Promise<ItemPresupuestoRow> {
  try {
    return await write(ctx, async (tx, audit) => {
      const [quote] = await tx.select({ id: presupuestos.id }).from(presupuestos).where(eq(presupuestos.id, presupuestoId));
      if (!quote) throw presupuestoUnknown();
      const [row] = await tx
        .insert(itemsPresupuesto)
        .values({ presupuesto_id: presupuestoId, ...itemValues(fields) })
        .returning(itemColumns);
      await audit({ entity: itemsPresupuesto, entityId: row.id, changes: { ...row, ...(await afterAcceptanceNote(tx, presupuestoId)) }, parent: { entity: presupuestos, id: presupuestoId } });
      return row;
    });
  } catch (err) {
    if (isForeignKeyViolation(err, ITEM_PRESUPUESTO_FK)) throw presupuestoUnknown();
    throw err;
  }
}
