// PUT api/items_oc/{id}: code, product, quantity, unit price, unit and observation of an
// item. Arrived quantity only changes through a receipt (POST api/ingresar_factura); once
// something has arrived the code is fixed (that stock entered under it).
import { eq } from "drizzle-orm";
import { itemNet } from "../../../src/domain/purchasing/order-lines";
import type { ItemOcFields, ItemOcRow } from "../../../src/domain/purchasing/schemas";
import { items_oc } from "../../db/schema";
import { conflict } from "../../errors";
import { changedFields } from "../changes";
import { write, type ServiceContext } from "../write";
import { assertMaterialsExist } from "./create-orden";
import { itemOcColumns, lockItem } from "./orden-row";

export const MSG_CODIGO_CON_LLEGADAS = "El ítem ya tiene llegadas registradas: no se puede cambiar su código.";

export async function updateItemOc(ctx: ServiceContext, id: number, data: ItemOcFields): Promise<ItemOcRow> {
  return write(ctx, async (tx, audit) => {
    const before = await lockItem(tx, id);
    if (data.codigo !== before.codigo) {
      if (before.cantidad_llegada > 0) throw conflict(MSG_CODIGO_CON_LLEGADAS, { codigo: [MSG_CODIGO_CON_LLEGADAS] });
      await assertMaterialsExist(tx, [data.codigo], () => "codigo");
    }
    const [row] = await tx.update(items_oc).set({ ...data, costo_neto: itemNet(data) }).where(eq(items_oc.id, id)).returning(itemOcColumns);
    await audit({ entity: items_oc, entityId: id, changes: changedFields(before, row) });
    return row;
  });
}
