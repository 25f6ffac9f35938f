// The three writes of "Seguimiento Obras" (specification sections 4 and 7, design page
// "Sales and work tracking"):
//   PUT api/seguimiento_obras/{id}/toggle        { campo }: flips one of the 16 stages.
//   PUT api/seguimiento_obras/{id}/rectificacion { rectificacion, rectificacion_plazo_dias }
//   PUT api/seguimiento_obras/{id}/comentario    { comentario }: comentario_fecha = now.
// Switching rectificacion on (by either call) sets rectificacion_fecha to today's Santiago
// date; switching it off keeps the date (the history of the last rectification).
import { eq } from "drizzle-orm";
import type { SeguimientoRow } from "../../../src/domain/operations/schemas";
import { todayInSantiago } from "../../../src/domain/dates/dates";
import type { WorkStage } from "../../../src/domain/sales/tracking";
import { seguimientoObras } from "../../db/schema";
import { changedFields } from "../changes";
import { write, type ServiceContext } from "../write";
import { lockSeguimiento, readSeguimiento } from "./seguimiento-row";

type Changes = Partial<typeof seguimientoObras.$inferInsert>;

async function update(ctx: ServiceContext, id: number, changesOf: (before: typeof seguimientoObras.$inferSelect) => Changes): Promise<SeguimientoRow> {
  return write(ctx, async (tx, audit) => {
    const before = await lockSeguimiento(tx, id);
    const set = changesOf(before);
    const [after] = await tx.update(seguimientoObras).set(set).where(eq(seguimientoObras.id, id)).returning();
    const changes = changedFields(before as Record<string, unknown>, after as Record<string, unknown>);
    if (Object.keys(changes).length) await audit({ entity: seguimientoObras, entityId: id, changes });
    return readSeguimiento(tx, id);
  });
}

export function toggleStage(ctx: ServiceContext, id: number, campo: WorkStage): Promise<SeguimientoRow> {
  return update(ctx, id, (before) => {
    const on = !before[campo];
    const set: Changes = { [campo]: on, etapa_fecha: todayInSantiago() };
    if (campo === "rectificacion" && on) set.rectificacion_fecha = todayInSantiago();
    return set;
  });
}

export function updateRectificacion(ctx: ServiceContext, id: number, body: { rectificacion: boolean; rectificacion_plazo_dias: number | null }): Promise<SeguimientoRow> {
  return update(ctx, id, (before) => {
    const set: Changes = { rectificacion: body.rectificacion };
    if (body.rectificacion !== before.rectificacion) set.etapa_fecha = todayInSantiago();
    if (body.rectificacion_plazo_dias !== null) set.rectificacion_plazo_dias = body.rectificacion_plazo_dias;
    if (body.rectificacion && (!before.rectificacion || !before.rectificacion_fecha)) set.rectificacion_fecha = todayInSantiago();
    return set;
  });
}

export function updateComentario(ctx: ServiceContext, id: number, comentario: string | null): Promise<SeguimientoRow> {
  return update(ctx, id, () => ({ comentario, comentario_fecha: new Date() }));
}
