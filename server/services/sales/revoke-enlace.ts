// DELETE api/presupuestos/{id}/enlaces/{enlaceId}: the link stops working at once (its
// page answers the same 404 as an unknown one). A link of another quote is a 404; an
// accepted one is the signed copy (409); revoking twice is a 409.
import { and, eq } from "drizzle-orm";
import { MSG_ENLACE_ACEPTADO, MSG_ENLACE_REVOCADO } from "../../../src/domain/sales/enlaces";
import { aceptacionesPresupuesto, enlacesPresupuesto, presupuestos } from "../../db/schema";
import { conflict, notFound } from "../../errors";
import { write, type ServiceContext } from "../write";

export const MSG_ENLACE_DESCONOCIDO = "El enlace no existe para este presupuesto.";

export async function revokeEnlace(ctx: ServiceContext, presupuestoId: number, enlaceId: number): Promise<void> {
  await write(ctx, async (tx, audit) => {
    const [link] = await tx
      .select({ id: enlacesPresupuesto.id, revocado_en: enlacesPresupuesto.revocado_en })
      .from(enlacesPresupuesto)
      .where(and(eq(enlacesPresupuesto.id, enlaceId), eq(enlacesPresupuesto.presupuesto_id, presupuestoId)))
      .for("update");
    if (!link) throw notFound(MSG_ENLACE_DESCONOCIDO);
    if (link.revocado_en !== null) throw conflict(MSG_ENLACE_REVOCADO);
    const [accepted] = await tx.select({ id: aceptacionesPresupuesto.id }).from(aceptacionesPresupuesto).where(eq(aceptacionesPresupuesto.enlace_id, enlaceId));
    if (accepted) throw conflict(MSG_ENLACE_ACEPTADO);
    const [row] = await tx
      .update(enlacesPresupuesto)
      .set({ revocado_en: new Date(), revocado_por: ctx.user?.id ?? null })
      .where(eq(enlacesPresupuesto.id, enlaceId))
      .returning({ revocado_en: enlacesPresupuesto.revocado_en });
    await audit({ entity: enlacesPresupuesto, entityId: enlaceId, changes: { revocado_en: { antes: null, despues: row.revocado_en } }, parent: { entity: presupuestos, id: presupuestoId } });
  });
}
