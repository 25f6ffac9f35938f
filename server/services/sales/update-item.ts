// PUT api/items_presupuesto/{id}: the whole item, UTV recomputed. An item stays on its
// quote: a different presupuesto_id is refused.
import { eq } from "drizzle-orm";
import type { ItemFields, ItemPresupuestoRow } from "../../../src/domain/sales/schemas";
import { itemsPresupuesto, presupuestos } from "../../db/schema";
import { notFound } from "../../errors";
import { changedFields } from "../changes";
import { write, type ServiceContext } from "../write";
import { itemColumns, itemValues, MSG_ITEM_NO_EXISTE, otherQuote } from "./item-row";
import { afterAcceptanceNote } from "./enlace-row";

export async function updateItem(ctx: ServiceContext, id: number, presupuestoId: number | undefined, fields: ItemFields): Promise<ItemPresupuestoRow> {
  return write(ctx, async (tx, audit) => {
    const [before] = await tx.select(itemColumns).from(itemsPresupuesto).where(eq(itemsPresupuesto.id, id)).for("update");
    if (!before) throw notFound(MSG_ITEM_NO_EXISTE);
    if (presupuestoId !== undefined && presupuestoId !== before.presupuesto_id) throw otherQuote();
    const [row] = await tx.update(itemsPresupuesto).set(itemValues(fields)).where(eq(itemsPresupuesto.id, id)).returning(itemColumns);
    await audit({ entity: itemsPresupuesto, entityId: id, changes: { ...changedFields(before, row), ...(await afterAcceptanceNote(tx, before.presupuesto_id)) }, parent: { entity: presupuestos, id: before.presupuesto_id } });
    return row;
  });
}
