// PUT api/items_presupuesto/{id}: the whole item, UTV recomputed. An item stays on its
// quote: a different presupuesto_id is refused.
import { eq } from "drizzle-orm";
import { itemsPresupuesto } from "../../db/schema";
import { badRequest, notFound } from "../../errors";
import { write, type ServiceContext } from "../write";
import { changedFields } from "./changes";
import { itemColumns, itemValues, MSG_ITEM_NO_EXISTE, type ItemFields, type ItemRow } from "./item-row";

export const MSG_ITEM_OTRO_PRESUPUESTO = "El ítem pertenece a otro presupuesto";

export async function updateItem(ctx: ServiceContext, id: number, presupuesto_id: number | null, fields: ItemFields): Promise<ItemRow> {
  return write(ctx, async (tx, audit) => {
    const [before] = await tx.select(itemColumns).from(itemsPresupuesto).where(eq(itemsPresupuesto.id, id)).for("update");
    if (!before) throw notFound(MSG_ITEM_NO_EXISTE);
    if (presupuesto_id !== null && presupuesto_id !== before.presupuesto_id) {
      throw badRequest(MSG_ITEM_OTRO_PRESUPUESTO, { presupuesto_id: [MSG_ITEM_OTRO_PRESUPUESTO] });
    }
    const [row] = await tx.update(itemsPresupuesto).set(itemValues(fields)).where(eq(itemsPresupuesto.id, id)).returning(itemColumns);
    await audit({ entity: "items_presupuesto", entityId: id, changes: changedFields(before, row) });
    return row;
  });
}
