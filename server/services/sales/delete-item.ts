// DELETE api/items_presupuesto/{id}: the audit row keeps what was deleted.
import { eq } from "drizzle-orm";
import { itemsPresupuesto } from "../../db/schema";
import { notFound } from "../../errors";
import { write, type ServiceContext } from "../write";
import { itemColumns, MSG_ITEM_NO_EXISTE } from "./item-row";

export async function deleteItem(ctx: ServiceContext, id: number): Promise<void> {
  await write(ctx, async (tx, audit) => {
    const [deleted] = await tx.delete(itemsPresupuesto).where(eq(itemsPresupuesto.id, id)).returning(itemColumns);
    if (!deleted) throw notFound(MSG_ITEM_NO_EXISTE);
    await audit({ entity: "items_presupuesto", entityId: id, changes: { eliminado: deleted } });
  });
}
