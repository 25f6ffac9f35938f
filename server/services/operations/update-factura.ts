// PUT api/facturas_guias/{id}: the Pagado toggle (estado_pago "Pagado" sets fecha_pago,
// today unless sent; empty clears both, section 4) or the internal observations.
import { eq } from "drizzle-orm";
import { todayInSantiago } from "../../../src/domain/dates/dates";
import type { FacturaGuiaRow } from "../../../src/domain/operations/schemas";
import { facturas_guias } from "../../db/schema";
import { notFound } from "../../errors";
import { changedFields } from "../changes";
import { write, type ServiceContext } from "../write";
import { MSG_FACTURA_NO_EXISTE, readFactura } from "./factura-row";

export interface FacturaUpdate {
  estado_pago?: "Pagado" | null;
  fecha_pago?: string | null;
  observaciones_internas?: string | null;
}

export async function updateFactura(ctx: ServiceContext, id: number, body: FacturaUpdate): Promise<FacturaGuiaRow> {
  return write(ctx, async (tx, audit) => {
    const [before] = await tx
      .select({ estado_pago: facturas_guias.estado_pago, fecha_pago: facturas_guias.fecha_pago, observaciones_internas: facturas_guias.observaciones_internas })
      .from(facturas_guias)
      .where(eq(facturas_guias.id, id))
      .for("update");
    if (!before) throw notFound(MSG_FACTURA_NO_EXISTE);
    const set: FacturaUpdate = {};
    if (body.estado_pago === "Pagado") {
      set.estado_pago = "Pagado";
      set.fecha_pago = body.fecha_pago ?? (before.estado_pago === "Pagado" ? before.fecha_pago : null) ?? todayInSantiago();
    } else if (body.estado_pago === null) {
      set.estado_pago = null;
      set.fecha_pago = null;
    } else if (body.fecha_pago !== undefined) {
      set.fecha_pago = body.fecha_pago;
    }
    if (body.observaciones_internas !== undefined) set.observaciones_internas = body.observaciones_internas;
    const after = { ...before, ...set };
    const changes = changedFields(before, after);
    if (Object.keys(changes).length) {
      await tx.update(facturas_guias).set(set).where(eq(facturas_guias.id, id));
      await audit({ entity: facturas_guias, entityId: id, changes });
    }
    return readFactura(tx, id);
  });
}
