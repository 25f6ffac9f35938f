// PUT api/items_oc/{id}: code, product, quantity, unit price, unit and observation of an
// item. Arrived quantity only changes through a receipt (POST api/ingresar_factura); once
// something has arrived the code is fixed (that stock entered under it) and the quantity
// ordered cannot go below what arrived (the order would show a negative pending).
import { eq } from "drizzle-orm";
import { formatNumber } from "../../../src/domain/format/number";
import { itemNet } from "../../../src/domain/purchasing/order-lines";
import { roundQuantity } from "../../../src/domain/purchasing/values";
import type { ItemOcFields, ItemOcRow } from "../../../src/domain/purchasing/schemas";
import { items_oc, ordenes_compra } from "../../db/schema";
import { conflict } from "../../errors";
import { changedFields } from "../changes";
import { refreshOrdenes } from "../derived/ordenes";
import { write, type ServiceContext } from "../write";
import { assertMaterialsExist } from "./create-orden";
import { itemOcColumns, lockItemWithOrder } from "./orden-row";

export const MSG_CODIGO_CON_LLEGADAS = "El ítem ya tiene llegadas registradas: no se puede cambiar su código.";
export const MSG_CANTIDAD_BAJO_LLEGADA = (llegada: number) => `La cantidad pedida no puede ser menor que lo ya llegado (${formatNumber(llegada, 6)}).`;

export async function updateItemOc(ctx: ServiceContext, id: number, data: ItemOcFields): Promise<ItemOcRow> {
  return write(ctx, async (tx, audit) => {
    const before = await lockItemWithOrder(tx, id);
    if (data.codigo !== before.codigo) {
      if (before.cantidad_llegada > 0) throw conflict(MSG_CODIGO_CON_LLEGADAS, { codigo: [MSG_CODIGO_CON_LLEGADAS] });
      await assertMaterialsExist(tx, [data.codigo], () => "codigo");
    }
    if (roundQuantity(data.cantidad - before.cantidad_llegada) < 0) {
      const message = MSG_CANTIDAD_BAJO_LLEGADA(before.cantidad_llegada);
      throw conflict(message, { cantidad: [message] });
    }
    const [row] = await tx.update(items_oc).set({ ...data, costo_neto: itemNet(data) }).where(eq(items_oc.id, id)).returning(itemOcColumns);
    await refreshOrdenes(tx, [before.numero_oc]);
    await audit({ entity: items_oc, entityId: id, changes: changedFields(before, row), parent: { entity: ordenes_compra, id: before.numero_oc } });
    return row;
  });
}
