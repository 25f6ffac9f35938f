// Client payments' summary (ours): GET api/pagos_clientes/resumen?presupuesto_id= — total
// with VAT, paid, balance, state. The payments themselves are a declared resource
// (src/domain/operations/pagos-clientes.resource.ts).
import { eq, sql } from "drizzle-orm";
import { clientPaymentSummary } from "../../../src/domain/operations";
import type { PagoResumenRow } from "../../../src/domain/operations/schemas";
import type { Db } from "../../db/connect";
import { pagos_clientes, presupuestos } from "../../db/schema";
import { notFound } from "../../errors";

export const MSG_PRESUPUESTO_NO_EXISTE = "El presupuesto no existe.";

export async function pagoResumen(db: Db, presupuestoId: number): Promise<PagoResumenRow> {
  const [quote] = await db.select({ neto: presupuestos.total_neto_presupuestado }).from(presupuestos).where(eq(presupuestos.id, presupuestoId));
  if (!quote) throw notFound(MSG_PRESUPUESTO_NO_EXISTE);
  const [paid] = await db
    .select({ monto: sql<number>`coalesce(sum(${pagos_clientes.monto}), 0)`.mapWith(Number) })
    .from(pagos_clientes)
    .where(eq(pagos_clientes.presupuesto_id, presupuestoId));
  return { presupuesto_id: presupuestoId, total_neto_presupuestado: quote.neto, ...clientPaymentSummary(quote.neto, [{ monto: paid.monto }]) };
}
