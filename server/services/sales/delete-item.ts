// DELETE api/items_presupuesto/{id}[?presupuesto_id=]: checked like the PUT: the item must
// exist (404) and, when the screen says which quote it is editing, belong to that quote
// (400, nothing deleted), so a late click can never delete another quote's item. The
// audit row keeps what was deleted.
import { eq } from "drizzle-orm";
import { itemsPresupuesto, presupuestos } from "../../db/schema";
import { notFound } from "../../errors";
import { write, type ServiceContext } from "../write";
import { itemColumns, MSG_ITEM_NO_EXISTE, otherQuote } from "./item-row";
import { afterAcceptanceNote } from "./enlace-row";

export async function deleteItem(ctx: ServiceContext, id: number, presupuestoId: number | undefined): Promise<void> {
  await write(ctx, async (tx, audit) => {
    const [before] = await tx.select(itemColumns).from(itemsPresupuesto).where(eq(itemsPresupuesto.id, id)).for("update");
    if (!before) throw notFound(MSG_ITEM_NO_EXISTE);
    if (presupuestoId !== undefined && presupuestoId !== before.presupuesto_id) throw otherQuote();
    await tx.delete(itemsPresupuesto).where(eq(itemsPresupuesto.id, id));
    await audit({ entity: itemsPresupuesto, entityId: id, changes: { eliminado: before, ...(await afterAcceptanceNote(tx, before.presupuesto_id)) }, parent: { entity: presupuestos, id: before.presupuesto_id } });
  });
}
