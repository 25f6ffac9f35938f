// POST api/presupuestos: the quote and its work-tracking record, both or neither.
import { eq } from "drizzle-orm";
import { todayInSantiago } from "../../../src/domain/dates/dates";
import type { PresupuestoData, PresupuestoRow } from "../../../src/domain/sales/schemas";
import { presupuestos } from "../../db/schema";
import { refreshObras } from "../derived/obras";
import { write, type Audit, type ServiceContext, type Tx } from "../write";
import { createSeguimiento } from "./create-seguimiento";
import { assertPresupuestoAllowed, mapPresupuestoDbError, selectPresupuesto } from "./presupuesto-row";

export interface CreatePresupuestoDeps {
  /** Creates the tracking record inside the quote's transaction (a test injects a failure). */
  createSeguimiento?: (tx: Tx, audit: Audit, presupuestoId: number) => Promise<unknown>;
  /** "Today" in Santiago for a quote sent without a date. */
  today?: () => string;
}

export async function createPresupuesto(ctx: ServiceContext, data: PresupuestoData, deps: CreatePresupuestoDeps = {}): Promise<PresupuestoRow> {
  const makeSeguimiento = deps.createSeguimiento ?? createSeguimiento;
  const fecha = data.fecha ?? (deps.today ?? todayInSantiago)();
  try {
    return await write(ctx, async (tx, audit) => {
      await assertPresupuestoAllowed(tx, data.cliente_id, data.numero);
      const [stored] = await tx.insert(presupuestos).values({ ...data, fecha, creado_por: ctx.user?.id ?? null }).returning();
      await refreshObras(tx, [stored.id]);
      // The audit keeps what was written; the derived figures, the "obra activa" flag the
      // triggers keep and the stored search text are not part of it.
      const { total_neto_real: _real, utilidad: _utilidad, reserva_activa: _activa, busqueda: _busqueda, ...created } = stored;
      await audit({ entity: presupuestos, entityId: stored.id, changes: created });
      await makeSeguimiento(tx, audit, stored.id);
      const [row] = await selectPresupuesto(tx).where(eq(presupuestos.id, stored.id));
      return row;
    });
  } catch (err) {
    throw mapPresupuestoDbError(err);
  }
}
