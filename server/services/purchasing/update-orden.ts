// PUT api/ordenes_compra/{numero_oc}: the order's comment (the edit screen's "Comentario").
import { eq } from "drizzle-orm";
import type { OrdenCompraEstadoRow } from "../../../src/domain/purchasing/schemas";
import { ordenes_compra } from "../../db/schema";
import { changedFields } from "../changes";
import { write, type ServiceContext } from "../write";
import { lockOrden, readOrdenConItems } from "./orden-row";

export async function updateOrdenComentario(ctx: ServiceContext, numero: number, comentario: string | null): Promise<OrdenCompraEstadoRow> {
  return write(ctx, async (tx, audit) => {
    await lockOrden(tx, numero);
    const [before] = await tx.select({ comentario: ordenes_compra.comentario }).from(ordenes_compra).where(eq(ordenes_compra.numero_oc, numero));
    await tx.update(ordenes_compra).set({ comentario }).where(eq(ordenes_compra.numero_oc, numero));
    await audit({ entity: ordenes_compra, entityId: numero, changes: changedFields(before, { comentario }) });
    return readOrdenConItems(tx, numero);
  });
}
