// GET api/facturas_guias (optional proveedor) and GET api/facturas_estado (proveedor,
// estado_pago): one list of supplier invoices, newest first. estado_pago filters on the
// computed state; "Pendiente" is read as Vencida (section 4), empty or Todos is no filter.
// The answer depends on today's date (Vencida), so the cache key carries the date. The due
// date is not stored: it sorts and filters by the expression fecha + dias_credito, which
// migration 0013 indexes (facturas_guias_vencimiento_idx); the state is a cheap case on it.
import { desc } from "drizzle-orm";
import { z } from "zod";
import { todayInSantiago } from "../../../src/domain/dates/dates";
import { INVOICE_PAYMENT_STATES, MSG_ESTADO_PAGO_INVALIDO, parseInvoiceStateFilter } from "../../../src/domain/operations";
import { facturaGuiaRow } from "../../../src/domain/operations/schemas";
import type { Db } from "../../db/connect";
import { facturas_guias } from "../../db/schema";
import { byHumanName, defineList, type ListQuery } from "../../lists";
import type { CachedList } from "../../lists/cache";
import { dueDate, estadoCalculadoExpr, facturaColumns } from "./factura-row";

const estadoFilter = z.string().transform((v, ctx) => {
  const parsed = parseInvoiceStateFilter(v);
  if (!parsed.valid) {
    ctx.addIssue({ code: "custom", message: parsed.message });
    return z.NEVER;
  }
  return parsed.estado ?? undefined;
});

export const facturasList = defineList({
  name: "facturas_guias",
  table: facturas_guias,
  row: facturaGuiaRow,
  columns: facturaColumns,
  fields: {
    id: { sort: true, filter: ["eq", "in"] },
    proveedor: { sort: byHumanName(facturas_guias.proveedor), filter: ["eq", "in", "like"] },
    proveedor_id: { filter: ["eq", "in"] },
    rut_proveedor: { filter: ["eq"] },
    numero_factura: { sort: true, filter: ["eq", "like"] },
    numero_guia: { sort: true, filter: ["eq", "like"] },
    fecha: { sort: true, filter: ["eq", "gte", "lte"] },
    tipo_dte: { filter: ["eq", "in"] },
    fecha_recepcion: { sort: true, filter: ["eq", "gte", "lte"] },
    vencimiento: { column: dueDate, sort: true, filter: ["gte", "lte", "lt", "gt"], value: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "vencimiento: fecha inválida (use AAAA-MM-DD)") },
    monto_total: { sort: true, filter: ["gte", "lte"] },
    fecha_pago: { sort: true, filter: ["eq", "gte", "lte"] },
    estado_pago: { column: estadoCalculadoExpr, filter: ["eq"], value: estadoFilter },
    estado_calculado: { column: estadoCalculadoExpr, sort: true, filter: ["eq", "in"], value: z.enum(INVOICE_PAYMENT_STATES, { error: MSG_ESTADO_PAGO_INVALIDO }) },
  },
  search: [facturas_guias.proveedor, facturas_guias.rut_proveedor, facturas_guias.numero_factura, facturas_guias.numero_guia, facturas_guias.observacion, facturas_guias.observaciones_internas],
  defaultSort: [desc(facturas_guias.fecha), desc(facturas_guias.id)],
  tieBreaker: facturas_guias.id,
  cap: 5000,
});

export function answerFacturas(db: Db, route: string, query: ListQuery): Promise<CachedList> {
  return facturasList.answer(db, query, `${route}@${todayInSantiago()}`);
}
