// What the supplier-invoice services share (the declared resource's hooks, the DTE import, the home's cards): the row with its due date and computed state
// (design page "Operations and payments"; the SQL mirrors invoiceComputedState of
// src/domain/operations, on today's Santiago date), messages and the duplicate check.
import { and, ne, sql, type SQL } from "drizzle-orm";
import { SANTIAGO_TZ } from "../../../src/domain/dates/dates";
import { facturaGuiaRow, type FacturaGuiaRow } from "../../../src/domain/operations/schemas";
import { rowColumns } from "../../db/columns";
import { facturas_guias } from "../../db/schema";
import { conflict } from "../../errors";
import type { Tx } from "../write";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { DTE_NOTA_CREDITO, type InvoicePaymentState } from "../../../src/domain/operations/invoices";

export const MSG_FACTURA_DUPLICADA = (numero: string, proveedor: string) => `La factura N° ${numero} de ${proveedor} ya está registrada.`;
export const MSG_GUIA_DUPLICADA = (numero: string, proveedor: string) => `La guía N° ${numero} de ${proveedor} ya está registrada.`;

/** Today's calendar date in Santiago, in SQL. */
export const todaySql = sql.raw(`(now() at time zone '${SANTIAGO_TZ}')::date`);

/** vencimiento = fecha + dias_credito, as a date (indexed as this expression: facturas_guias_vencimiento_idx, migration 0014). */
export const dueDate = sql`(${facturas_guias.fecha} + ${facturas_guias.dias_credito})`;
/** The date itself, not its text: the driver reads a date as YYYY-MM-DD (db/connect.ts), and the list's order and range filters then use the index. */
export const vencimientoExpr = sql<string>`${dueDate}`;

/**
 * Paid: estado_pago says Pagado in any case and spacing. Its negation is exact (never null):
 * the four states below split every row.
 */
export const pagadaSql = sql`lower(trim(coalesce(${facturas_guias.estado_pago}, ''))) = 'pagado'`;
const noPagadaSql = sql`lower(trim(coalesce(${facturas_guias.estado_pago}, ''))) <> 'pagado'`;

/** A credit note (tipo_dte 61): never a debt, its own state (issue 32 §4). */
const notaCreditoSql = sql`coalesce(${facturas_guias.tipo_dte}, 0) = ${sql.raw(String(DTE_NOTA_CREDITO))}`;
const noNotaCreditoSql = sql`coalesce(${facturas_guias.tipo_dte}, 0) <> ${sql.raw(String(DTE_NOTA_CREDITO))}`;

/**
 * Not paid and on credit: the rows whose estado_calculado is Vencida or Vigente, or an unpaid
 * credit note on credit (index facturas_guias_por_pagar_idx has this condition; the states
 * add the credit note's exclusion as a filter on it).
 */
export const porPagarSql = sql`${noPagadaSql} and ${facturas_guias.dias_credito} <> 0`;

/**
 * The rows whose estado_calculado is `estado` on the SQL date `today`, written as conditions
 * an index can serve (a filter on the CASE below would read every row): each is the
 * condition of one partial index of migration 0027 (Pagado, Contado, por pagar), with the
 * due date compared for Vencida and Vigente (facturas_guias_por_pagar_idx: due date, id).
 * The CASE below is the same split; tests/api/facturas-estado-filtro.test.ts checks they agree.
 */
export function estadoCalculadoIs(estado: InvoicePaymentState, today: SQL): SQL {
  switch (estado) {
    case "Pagado":
      return pagadaSql;
    case "Nota de crédito":
      return sql`(${noPagadaSql} and ${notaCreditoSql})`;
    case "Contado":
      return sql`(${noPagadaSql} and ${facturas_guias.dias_credito} = 0 and ${noNotaCreditoSql})`;
    case "Vencida":
      return sql`(${porPagarSql} and ${dueDate} < ${today} and ${noNotaCreditoSql})`;
    case "Vigente":
      return sql`(${porPagarSql} and ${dueDate} >= ${today} and ${noNotaCreditoSql})`;
  }
}

/**
 * estado_calculado = X, or in (X, Y…): one of the states' conditions (no state: no row).
 * Vencida and Vigente together are porPagarSql (the home's "por pagar" card and its screen).
 */
export function estadoCalculadoIn(estados: readonly InvoicePaymentState[], today: SQL = todaySql): SQL {
  const distinct = new Set(estados);
  const parts: SQL[] = [];
  if (distinct.has("Vencida") && distinct.has("Vigente")) {
    parts.push(sql`(${porPagarSql} and ${noNotaCreditoSql})`);
    distinct.delete("Vencida");
    distinct.delete("Vigente");
  }
  for (const e of distinct) parts.push(estadoCalculadoIs(e, today));
  if (parts.length === 0) return sql`false`;
  return parts.length === 1 ? parts[0] : sql`(${sql.join(parts, sql` or `)})`;
}

/** estado_calculado seen on the SQL date `today` (the resumen diario may ask for another day). */
export const estadoCalculadoAt = (today: SQL) => sql<FacturaGuiaRow["estado_calculado"]>`(case
  when ${pagadaSql} then 'Pagado'
  when ${notaCreditoSql} then 'Nota de crédito'
  when ${facturas_guias.dias_credito} = 0 then 'Contado'
  when ${dueDate} < ${today} then 'Vencida'
  else 'Vigente' end)`;
export const estadoCalculadoExpr = estadoCalculadoAt(todaySql);

export const facturaColumns = {
  ...rowColumns(facturas_guias, facturaGuiaRow),
  vencimiento: vencimientoExpr,
  estado_calculado: estadoCalculadoExpr,
};

/** The unique indexes of a document (server/db/schema/operations.ts). */
export const FACTURA_UNIQUE = ["facturas_guias_numero_uq", "facturas_guias_dte_uq"] as const;

/** The 409 of a document already registered, on the field that carries its number. */
export function duplicateConflict(proveedor: string, numero: { factura: string | null; guia: string | null }) {
  if (numero.factura) {
    const msg = MSG_FACTURA_DUPLICADA(numero.factura, proveedor);
    return conflict(msg, { numero_factura: [msg] });
  }
  const msg = MSG_GUIA_DUPLICADA(numero.guia ?? "", proveedor);
  return conflict(msg, { numero_guia: [msg] });
}

/**
 * A supplier's invoice (or delivery note) number is registered once (409 otherwise), compared
 * as the unique index compares it: supplier name and number trimmed and in any case.
 */
export async function assertNotDuplicate(tx: Tx, proveedor: string, numero: { factura: string | null; guia: string | null }, exceptId?: number): Promise<void> {
  const same = (extra: SQL) => {
    const conds = [sql`lower(btrim(${facturas_guias.proveedor})) = lower(btrim(${proveedor}))`, extra];
    if (exceptId) conds.push(ne(facturas_guias.id, exceptId));
    return tx.select({ id: facturas_guias.id }).from(facturas_guias).where(and(...conds)).limit(1);
  };
  const sameNumber = (column: AnyPgColumn, n: string) => sql`lower(btrim(${column})) = lower(btrim(${n}))`;
  if (numero.factura && (await same(sameNumber(facturas_guias.numero_factura, numero.factura))).length) throw duplicateConflict(proveedor, numero);
  if (!numero.factura && numero.guia && (await same(sql`${facturas_guias.numero_factura} is null and ${sameNumber(facturas_guias.numero_guia, numero.guia)}`)).length) {
    throw duplicateConflict(proveedor, numero);
  }
}
