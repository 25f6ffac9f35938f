// Operaciones → Listado de Facturas/Guías: supplier invoices and delivery notes (specification
// sections 3, 4 and 7; design page "Operations and payments"). Bodega registers them
// (/FacturasGuiasPage, or the DTE import); Operaciones marks them paid and keeps internal
// notes (PUT: estado_pago, fecha_pago, observaciones_internas only). vencimiento and
// estado_calculado are the server's SQL on today's Santiago date (server/services/operations/factura-row.ts).
import { z } from "zod";
import { RESOURCE_META } from "../resources/menu";
import { DATE, defineResource, INTEGER, MONEY, RUT, select, TEXT } from "../resources/define-resource";
import { addDays, todayInSantiago } from "../dates/dates";
import { optionalIsoDate } from "../fields";
import { INVOICE_PAYMENT_STATES, INVOICE_STATE_COLORS, invoiceDeleteRefusal, MSG_ESTADO_PAGO_INVALIDO, parseInvoiceStateFilter } from "./invoices";
import { facturaGuiaSchema, facturaGuiaUpdateSchema } from "./schemas";

const create = facturaGuiaSchema.shape;
const update = facturaGuiaUpdateSchema.shape;
const id = z.number().int().nullable();

/**
 * estado_pago= of the lists: the computed state; "Pendiente" is read as Vencida (section 4),
 * empty or Todos is no filter (the server's hook filters estado_pago on estado_calculado:
 * server/services/operations/factura-hooks.ts).
 */
export const ESTADO_PAGO_FILTER = z.string().transform((v, ctx) => {
  const parsed = parseInvoiceStateFilter(v);
  if (!parsed.valid) {
    ctx.addIssue({ code: "custom", message: parsed.message });
    return z.NEVER;
  }
  return parsed.estado ?? undefined;
});

/** The payment's own notes and date: only the roles of Control de pago see them (issue 32: not Bodega, which registers documents). */
const payment = { readers: RESOURCE_META.facturas_guias.writers } as const;

/** The fields Bodega registers: fixed once registered. */
const registered = { only: "create", edit: "readOnly" } as const;

export const facturasGuias = defineResource(RESOURCE_META.facturas_guias, {
  fields: {
    proveedor: { label: "Proveedor", schema: create.proveedor, input: TEXT, list: 160, sort: true, search: true, filter: ["eq", "in", "like"], required: true, ...registered },
    rut_proveedor: { label: "RUT", schema: create.rut_proveedor, input: RUT, list: 112, priority: "extra", search: true, filter: ["eq"], ...registered },
    tipo_dte: { label: "Tipo DTE", schema: create.tipo_dte.unwrap() as z.ZodType<number | null>, input: INTEGER, optional: true, filter: ["eq", "in"], example: () => 33, ...registered },
    numero_factura: { label: "N° Factura", schema: create.numero_factura, input: TEXT, list: 96, priority: "needed", sort: true, search: true, filter: ["eq", "like"], ...registered },
    numero_guia: { label: "N° Guía", schema: create.numero_guia, input: TEXT, list: 88, priority: "extra", sort: true, search: true, filter: ["eq", "like"], ...registered },
    fecha: { label: "Fecha", schema: create.fecha, input: DATE, list: 110, sort: true, filter: ["eq", "gte", "lte"], required: true, example: (n) => addDays(todayInSantiago(), -n), ...registered },
    monto_neto: { label: "Neto", schema: create.monto_neto, input: MONEY, filled: true, ...registered },
    iva: { label: "IVA", schema: create.iva, input: MONEY, filled: true, ...registered },
    monto_total: { label: "Total", schema: create.monto_total, input: MONEY, list: 120, priority: "needed", sort: true, filter: ["gte", "lte"], filled: true, ...registered },
    observacion: { label: "Observación", schema: create.observacion, input: TEXT, search: true, ...registered },
    dias_credito: { label: "Días de crédito", schema: create.dias_credito, input: INTEGER, filled: true, example: (n) => 30 * (n % 3), ...registered },
    estado_pago: {
      label: "Pago",
      schema: update.estado_pago as unknown as z.ZodType<string | null>,
      input: select(["Pagado"]),
      only: "update",
      optional: true,
      filter: ["eq"],
      example: (n) => (n % 2 ? "Pagado" : null),
    },
    fecha_pago: { label: "Fecha pago", schema: optionalIsoDate(), input: DATE, list: 110, priority: "needed", sort: true, filter: ["eq", "gte", "lte"], only: "update", optional: true, ...payment },
    observaciones_internas: { label: "Observaciones internas", schema: update.observaciones_internas.unwrap(), input: TEXT, search: true, only: "update", optional: true, ...payment },
    proveedor_id: { label: "Proveedor (id)", schema: id, input: INTEGER, readOnly: true, filter: ["eq", "in"] },
    fecha_recepcion: { label: "Recepción", schema: z.string(), input: DATE, readOnly: true, sort: true, filter: ["eq", "gte", "lte"] },
    numero_oc: { label: "OC", schema: id, input: INTEGER, readOnly: true },
  },
  computed: {
    vencimiento: {
      label: "Vencimiento",
      input: DATE,
      list: 116,
      priority: "needed",
      sort: true,
      filter: ["gte", "lte", "lt", "gt"],
      filterValue: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "vencimiento: fecha inválida (use AAAA-MM-DD)"),
      daily: true,
    },
    estado_calculado: { label: "Estado", input: select(INVOICE_PAYMENT_STATES, INVOICE_STATE_COLORS), list: 104, priority: "needed", sort: true, filter: ["eq", "in"], filterValue: z.enum(INVOICE_PAYMENT_STATES, { error: MSG_ESTADO_PAGO_INVALIDO }), daily: true },
  },
  title: "proveedor",
  sort: "fecha",
  order: "desc",
  partialUpdate: true,
  deleteRefusal: invoiceDeleteRefusal,
  searchPlaceholder: "Proveedor, RUT, N° factura o guía…",
});
