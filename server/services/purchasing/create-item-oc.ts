// POST api/items_oc: an item added to an existing order ("Agregar Elemento" of Editar OC).
import type { ItemOcCreateData, ItemOcRow } from "../../../src/domain/purchasing/schemas";
import { itemNet } from "../../../src/domain/purchasing/order-lines";
import { items_oc, ordenes_compra } from "../../db/schema";
import { refreshOrdenes } from "../derived/ordenes";
import { write, type ServiceContext } from "../write";
import { assertMaterialsExist } from "./create-orden";
import { itemOcColumns, lockOrden } from "./orden-row";

export async function createItemOc(ctx: ServiceContext, data: ItemOcCreateData): Promise<ItemOcRow> {
  return write(ctx, async (tx, audit) => {
    await lockOrden(tx, data.numero_oc);
    await assertMaterialsExist(tx, [data.codigo], () => "codigo");
    const [row] = await tx.insert(items_oc).values({ ...data, costo_neto: itemNet(data) }).returning(itemOcColumns);
    await refreshOrdenes(tx, [data.numero_oc]);
    await audit({ entity: items_oc, entityId: row.id, changes: row, parent: { entity: ordenes_compra, id: data.numero_oc } });
    return row;
  });
}
