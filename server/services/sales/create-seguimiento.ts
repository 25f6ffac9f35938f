// The work-tracking record a new quote starts with: 16 stages false, deadline 5 days.
import { RECTIFICACION_PLAZO_DEFAULT } from "../../../src/domain/sales/tracking";
import { seguimientoObras } from "../../db/schema";
import type { Audit, Tx } from "../write";

export async function createSeguimiento(tx: Tx, audit: Audit, presupuestoId: number): Promise<number> {
  // Stages take their column default (false); the deadline is set from the domain constant.
  const [row] = await tx
    .insert(seguimientoObras)
    .values({ presupuesto_id: presupuestoId, rectificacion_plazo_dias: RECTIFICACION_PLAZO_DEFAULT })
    .returning();
  await audit({ entity: seguimientoObras, entityId: row.id, changes: row });
  return row.id;
}
