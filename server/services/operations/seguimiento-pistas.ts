// GET api/seguimiento_obras/pistas?id=…&id=… (ours, beyond the specification): stage hints
// from the data for the cards on screen. A Material stage is hinted when every pauta line
// of its category is covered (what arrived on the work's purchase orders, or what left the
// warehouse for it, reaches the line's quantity); "pago" when the client's balance is 0.
// Stages already marked are not hinted. The user still decides.
import { and, eq, inArray, sql } from "drizzle-orm";
import { clientPaymentSummary, workStageHints, type PautaLineProgress } from "../../../src/domain/operations";
import { WORK_STAGES } from "../../../src/domain/sales/tracking";
import type { Db } from "../../db/connect";
import { items_oc, ordenes_compra, pagos_clientes, pautas, presupuestos, salidas_inventario, seguimientoObras } from "../../db/schema";

/** Cards one request may ask about (a screen page is 10). */
export const MAX_PISTAS = 100;

export async function seguimientoPistas(db: Db, ids: readonly number[]): Promise<{ id: number; pistas: (typeof WORK_STAGES)[number][] }[]> {
  if (ids.length === 0) return [];
  const records = await db
    .select({ ...Object.fromEntries(WORK_STAGES.map((s) => [s, seguimientoObras[s]])), id: seguimientoObras.id, presupuesto_id: seguimientoObras.presupuesto_id, neto: presupuestos.total_neto_presupuestado })
    .from(seguimientoObras)
    .innerJoin(presupuestos, eq(presupuestos.id, seguimientoObras.presupuesto_id))
    .where(inArray(seguimientoObras.id, [...ids]));
  const quoteIds = records.map((r) => r.presupuesto_id as number);
  if (quoteIds.length === 0) return [];
  const [lines, arrived, left, paid] = await Promise.all([
    db
      .select({ presupuesto_id: pautas.presupuesto_id, categoria: pautas.categoria, codigo: pautas.codigo, cantidad: sql<number>`sum(${pautas.cantidad})`.mapWith(Number) })
      .from(pautas)
      .where(inArray(pautas.presupuesto_id, quoteIds))
      .groupBy(pautas.presupuesto_id, pautas.categoria, pautas.codigo),
    db
      .select({ presupuesto_id: ordenes_compra.presupuesto_id, codigo: items_oc.codigo, cantidad: sql<number>`sum(${items_oc.cantidad_llegada})`.mapWith(Number) })
      .from(items_oc)
      .innerJoin(ordenes_compra, eq(ordenes_compra.numero_oc, items_oc.numero_oc))
      .where(and(inArray(ordenes_compra.presupuesto_id, quoteIds)))
      .groupBy(ordenes_compra.presupuesto_id, items_oc.codigo),
    db
      .select({ presupuesto_id: salidas_inventario.presupuesto_id, codigo: salidas_inventario.codigo, cantidad: sql<number>`sum(${salidas_inventario.cantidad})`.mapWith(Number) })
      .from(salidas_inventario)
      .where(inArray(salidas_inventario.presupuesto_id, quoteIds))
      .groupBy(salidas_inventario.presupuesto_id, salidas_inventario.codigo),
    db
      .select({ presupuesto_id: pagos_clientes.presupuesto_id, monto: sql<number>`sum(${pagos_clientes.monto})`.mapWith(Number) })
      .from(pagos_clientes)
      .where(inArray(pagos_clientes.presupuesto_id, quoteIds))
      .groupBy(pagos_clientes.presupuesto_id),
  ]);
  const key = (q: number | null, c: string) => `${q}\u0000${c}`;
  const arrivedBy = new Map(arrived.map((a) => [key(a.presupuesto_id, a.codigo), a.cantidad]));
  const leftBy = new Map(left.map((l) => [key(l.presupuesto_id, l.codigo), l.cantidad]));
  const paidBy = new Map(paid.map((p) => [p.presupuesto_id, p.monto]));
  return records.map((r) => {
    const q = r.presupuesto_id as number;
    const pautaLines: PautaLineProgress[] = lines
      .filter((l) => l.presupuesto_id === q)
      .map((l) => ({ categoria: l.categoria, cantidad: l.cantidad, llegado: arrivedBy.get(key(q, l.codigo)) ?? 0, salido: leftBy.get(key(q, l.codigo)) ?? 0 }));
    const payments = clientPaymentSummary(r.neto as number, [{ monto: paidBy.get(q) ?? 0 }]);
    return { id: r.id as number, pistas: workStageHints({ record: r as unknown as Record<string, boolean>, pautaLines, payments }) };
  });
}
