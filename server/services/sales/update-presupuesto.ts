// PUT api/presupuestos/{id}: the quote header (same rules as creating it). A missing
// fecha keeps the stored date.
import { eq } from "drizzle-orm";
import type { PresupuestoData, PresupuestoRow } from "../../../src/domain/sales/schemas";
import { presupuestos } from "../../db/schema";
import { notFound } from "../../errors";
import { changedFields } from "../changes";
import { refreshObras } from "../derived/obras";
import { write, type ServiceContext } from "../write";
import { afterAcceptanceNote } from "./enlace-row";
import { assertPresupuestoAllowed, mapPresupuestoDbError, MSG_PRESUPUESTO_NO_EXISTE, selectPresupuesto } from "./presupuesto-row";

export async function updatePresupuesto(ctx: ServiceContext, id: number, data: PresupuestoData): Promise<PresupuestoRow> {
  try {
    return await write(ctx, async (tx, audit) => {
      const [locked] = await tx.select({ id: presupuestos.id }).from(presupuestos).where(eq(presupuestos.id, id)).for("update");
      if (!locked) throw notFound(MSG_PRESUPUESTO_NO_EXISTE);
      const [before] = await selectPresupuesto(tx).where(eq(presupuestos.id, id));
      await assertPresupuestoAllowed(tx, data.cliente_id, data.numero, id);
      await tx
        .update(presupuestos)
        .set({ ...data, fecha: data.fecha ?? before.fecha })
        .where(eq(presupuestos.id, id));
      await refreshObras(tx, [id]);
      const [row] = await selectPresupuesto(tx).where(eq(presupuestos.id, id));
      const changes = changedFields(before, row);
      await audit({ entity: presupuestos, entityId: id, changes: before.aceptado_fecha && Object.keys(changes).length > 0 ? { ...changes, ...(await afterAcceptanceNote(tx, id)) } : changes });
      return row;
    });
  } catch (err) {
    throw mapPresupuestoDbError(err);
  }
}
