// What the presupuestos services share: the row (the quote's columns plus its client's
// name and RUT from one JOIN), messages, constraint names and the rules of a header.
import { and, desc, eq, sql } from "drizzle-orm";
import { presupuestoRow } from "../../../src/domain/sales/schemas";
import { rowColumns } from "../../db/columns";
import type { Db } from "../../db/connect";
import { clientes, presupuestos } from "../../db/schema";
import { badRequest, conflict, isForeignKeyViolation, isUniqueViolation } from "../../errors";
import type { Tx } from "../write";

export const presupuestoColumns = { ...rowColumns(presupuestos, presupuestoRow), cliente_nombre: clientes.nombre, cliente_rut: clientes.rut };
/** The quote has no items yet. */
export const sinItemsExpr = sql<boolean>`not exists (select 1 from items_presupuesto ip where ip.presupuesto_id = ${presupuestos.id})`;

/** The quote's client (every quote has one: required foreign key). */
export const presupuestoCliente = eq(clientes.id, presupuestos.cliente_id);

export const MSG_PRESUPUESTO_NO_EXISTE = "El presupuesto no existe.";
export const MSG_NUMERO_DUPLICADO = "Ya existe un presupuesto con ese número para este cliente";
export const MSG_CLIENTE_NO_EXISTE_CAMPO = "El cliente seleccionado no existe";
export const NUMERO_UNIQUE = "presupuestos_cliente_numero_uq";
export const CLIENTE_FK = "presupuestos_cliente_id_clientes_id_fk";

/**
 * Newest first: the most recently created quote first (the quote date has no input on
 * the screens, so it is the creation date unless edited). Served by the
 * presupuestos_creado_idx (creado_en, id) index.
 */
export const presupuestoNewestFirst = [desc(presupuestos.creado_en), desc(presupuestos.id)];

/** A quote's row as the API answers it (inside a transaction or not). */
export function selectPresupuesto(db: Db | Tx) {
  return db.select(presupuestoColumns).from(presupuestos).innerJoin(clientes, presupuestoCliente);
}

export const clienteUnknown = () => badRequest(MSG_CLIENTE_NO_EXISTE_CAMPO, { cliente_id: [MSG_CLIENTE_NO_EXISTE_CAMPO] });
export const numeroConflict = () => conflict(MSG_NUMERO_DUPLICADO, { numero: [MSG_NUMERO_DUPLICADO] });

/** 400 for an unknown client; 409 when that client already has the number (other than `exceptId`). */
export async function assertPresupuestoAllowed(tx: Tx, clienteId: number, numero: string, exceptId?: number): Promise<void> {
  const [cliente] = await tx.select({ id: clientes.id }).from(clientes).where(eq(clientes.id, clienteId));
  if (!cliente) throw clienteUnknown();
  const [same] = await tx
    .select({ id: presupuestos.id })
    .from(presupuestos)
    .where(and(eq(presupuestos.cliente_id, clienteId), eq(presupuestos.numero, numero)))
    .limit(1);
  if (same && same.id !== exceptId) throw numeroConflict();
}

/** Unique and foreign-key refusals raised by the database itself (races) become 409/400. */
export function mapPresupuestoDbError(err: unknown): unknown {
  if (isUniqueViolation(err, NUMERO_UNIQUE)) return numeroConflict();
  if (isForeignKeyViolation(err, CLIENTE_FK)) return clienteUnknown();
  return err;
}
