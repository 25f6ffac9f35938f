// Client payments ("Pagos de Clientes", sections 4, 7 and 9):
//   GET api/pagos_clientes?presupuesto_id=  the budget's payments (a list: paged, sorted, filtered)
//   POST api/pagos_clientes                 one payment (monto with VAT); the client must own the budget
//   GET api/pagos_clientes/resumen?presupuesto_id= (ours) total with VAT, paid, balance, state
import { and, desc, eq, sql } from "drizzle-orm";
import { todayInSantiago } from "../../../src/domain/dates/dates";
import { clientPaymentSummary } from "../../../src/domain/operations";
import { pagoClienteListRow, pagoClienteRow, type PagoClienteRow, type PagoResumenRow } from "../../../src/domain/operations/schemas";
import { rowColumns } from "../../db/columns";
import type { Db } from "../../db/connect";
import { clientes, pagos_clientes, presupuestos } from "../../db/schema";
import { badRequest, notFound } from "../../errors";
import { byHumanName, defineList } from "../../lists";
import { write, type ServiceContext } from "../write";

export const MSG_PAGO_CLIENTE_PRESUPUESTO = "El presupuesto no es de ese cliente o no existe.";
export const MSG_PRESUPUESTO_NO_EXISTE = "El presupuesto no existe.";

const pagoColumns = rowColumns(pagos_clientes, pagoClienteRow);

export const pagosList = defineList({
  name: "pagos_clientes",
  table: pagos_clientes,
  row: pagoClienteListRow,
  columns: { ...pagoColumns, cliente_nombre: clientes.nombre, presupuesto_numero: presupuestos.numero, nombre_obra: presupuestos.nombre_obra },
  joins: [
    { table: presupuestos, on: eq(presupuestos.id, pagos_clientes.presupuesto_id) },
    { table: clientes, on: eq(clientes.id, pagos_clientes.cliente_id) },
  ],
  fields: {
    cliente_nombre: { sort: byHumanName(clientes.nombre), filter: ["like"] },
    presupuesto_numero: { sort: true, filter: ["eq", "like"] },
    id: { sort: true, filter: ["eq", "in"] },
    cliente_id: { filter: ["eq", "in"] },
    presupuesto_id: { filter: ["eq", "in"] },
    fecha_pago: { sort: true, filter: ["eq", "gte", "lte"] },
    monto: { sort: true, filter: ["gte", "lte"] },
    estado: { sort: true, filter: ["eq"] },
  },
  search: [clientes.nombre, presupuestos.numero, presupuestos.nombre_obra, pagos_clientes.observacion, pagos_clientes.estado],
  defaultSort: [desc(pagos_clientes.fecha_pago), desc(pagos_clientes.id)],
  tieBreaker: pagos_clientes.id,
  cap: 5000,
});

export async function createPago(
  ctx: ServiceContext,
  data: { cliente_id: number; presupuesto_id: number; fecha_pago: string | null; monto: number | null; estado: string | null; observacion: string | null },
): Promise<PagoClienteRow> {
  return write(ctx, async (tx, audit) => {
    const [quote] = await tx
      .select({ id: presupuestos.id })
      .from(presupuestos)
      .where(and(eq(presupuestos.id, data.presupuesto_id), eq(presupuestos.cliente_id, data.cliente_id)));
    if (!quote) throw badRequest(MSG_PAGO_CLIENTE_PRESUPUESTO, { presupuesto_id: [MSG_PAGO_CLIENTE_PRESUPUESTO] });
    const [row] = await tx
      .insert(pagos_clientes)
      .values({
        cliente_id: data.cliente_id,
        presupuesto_id: data.presupuesto_id,
        fecha_pago: data.fecha_pago ?? todayInSantiago(),
        monto: data.monto!,
        estado: data.estado,
        observacion: data.observacion,
        creado_por_id: ctx.user?.id ?? null,
      })
      .returning(pagoColumns);
    await audit({ entity: pagos_clientes, entityId: row.id, changes: row });
    return row;
  });
}

export async function pagoResumen(db: Db, presupuestoId: number): Promise<PagoResumenRow> {
  const [quote] = await db.select({ neto: presupuestos.total_neto_presupuestado }).from(presupuestos).where(eq(presupuestos.id, presupuestoId));
  if (!quote) throw notFound(MSG_PRESUPUESTO_NO_EXISTE);
  const [paid] = await db
    .select({ monto: sql<number>`coalesce(sum(${pagos_clientes.monto}), 0)`.mapWith(Number) })
    .from(pagos_clientes)
    .where(eq(pagos_clientes.presupuesto_id, presupuestoId));
  return { presupuesto_id: presupuestoId, total_neto_presupuestado: quote.neto, ...clientPaymentSummary(quote.neto, [{ monto: paid.monto }]) };
}
