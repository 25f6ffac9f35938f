// POST api/presupuestos: the quote and its work-tracking record, both or neither.
import { and, eq } from "drizzle-orm";
import type { PresupuestoData } from "../../../src/domain/sales/schemas";
import { todayInSantiago } from "../../../src/domain/dates/dates";
import { clientes, presupuestos } from "../../db/schema";
import { badRequest, conflict, isForeignKeyViolation, isUniqueViolation } from "../../errors";
import { write, type Audit, type ServiceContext, type Tx } from "../write";
import { createSeguimiento } from "./create-seguimiento";
import {
  CLIENTE_FK,
  MSG_CLIENTE_NO_EXISTE_CAMPO,
  MSG_NUMERO_DUPLICADO,
  NUMERO_UNIQUE,
  selectPresupuesto,
  type PresupuestoRow,
} from "./presupuesto-row";

export interface CreatePresupuestoDeps {
  /** Creates the tracking record inside the quote's transaction (a test injects a failure). */
  createSeguimiento?: (tx: Tx, audit: Audit, presupuesto_id: number) => Promise<unknown>;
  /** "Today" in Santiago for a quote sent without a date. */
  today?: () => string;
}

export const clienteUnknown = () => badRequest(MSG_CLIENTE_NO_EXISTE_CAMPO, { cliente_id: [MSG_CLIENTE_NO_EXISTE_CAMPO] });
export const numeroConflict = () => conflict(MSG_NUMERO_DUPLICADO, { numero: [MSG_NUMERO_DUPLICADO] });

/** 400 for an unknown client; 409 when that client already has the number (other than `exceptId`). */
export async function assertPresupuestoAllowed(tx: Tx, cliente_id: number, numero: string, exceptId?: number): Promise<void> {
  const [cliente] = await tx.select({ id: clientes.id }).from(clientes).where(eq(clientes.id, cliente_id));
  if (!cliente) throw clienteUnknown();
  const [same] = await tx
    .select({ id: presupuestos.id })
    .from(presupuestos)
    .where(and(eq(presupuestos.cliente_id, cliente_id), eq(presupuestos.numero, numero)))
    .limit(1);
  if (same && same.id !== exceptId) throw numeroConflict();
}

/** Unique and foreign-key refusals raised by the database itself (races) become 409/400. */
export function mapPresupuestoDbError(err: unknown): unknown {
  if (isUniqueViolation(err, NUMERO_UNIQUE)) return numeroConflict();
  if (isForeignKeyViolation(err, CLIENTE_FK)) return clienteUnknown();
  return err;
}

export async function createPresupuesto(ctx: ServiceContext, data: PresupuestoData, deps: CreatePresupuestoDeps = {}): Promise<PresupuestoRow> {
  const makeSeguimiento = deps.createSeguimiento ?? createSeguimiento;
  const fecha = data.fecha ?? (deps.today ?? todayInSantiago)();
  try {
    return await write(ctx, async (tx, audit) => {
      await assertPresupuestoAllowed(tx, data.cliente_id, data.numero);
      const values = {
        numero: data.numero,
        cliente_id: data.cliente_id,
        nombre_obra: data.nombre_obra,
        direccion: data.direccion,
        observacion: data.observacion,
        fecha,
        total_neto_presupuestado: data.total_neto_presupuestado,
      };
      const [{ id }] = await tx.insert(presupuestos).values(values).returning({ id: presupuestos.id });
      await audit({ entity: "presupuestos", entityId: id, changes: { ...data, fecha } });
      await makeSeguimiento(tx, audit, id);
      const [row] = await selectPresupuesto(tx).where(eq(presupuestos.id, id));
      return row;
    });
  } catch (err) {
    throw mapPresupuestoDbError(err);
  }
}
