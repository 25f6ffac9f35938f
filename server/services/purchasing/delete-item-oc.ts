// DELETE api/items_oc/{id}: an item nothing has arrived of (what arrived is in stock and in
// the receipts; it stays).
import { eq } from "drizzle-orm";
import type { ItemOcRow } from "../../../src/domain/purchasing/schemas";
import { items_oc, ordenes_compra } from "../../db/schema";
import { conflict } from "../../errors";
import { refreshOrdenes } from "../derived/ordenes";
import { write, type ServiceContext } from "../write";
import { lockItemWithOrder } from "./orden-row";

export const MSG_ITEM_CON_LLEGADAS = "El ítem ya tiene llegadas registradas y no se puede eliminar.";

export async function deleteItemOc(ctx: ServiceContext, id: number): Promise<ItemOcRow> {
  return write(ctx, async (tx, audit) => {
    const row = await lockItemWithOrder(tx, id);
    if (row.cantidad_llegada > 0) throw conflict(MSG_ITEM_CON_LLEGADAS);
    await tx.delete(items_oc).where(eq(items_oc.id, id));
    await refreshOrdenes(tx, [row.numero_oc]);
    await audit({ entity: items_oc, entityId: id, changes: { eliminado: row }, parent: { entity: ordenes_compra, id: row.numero_oc } });
    return row;
  });
}
