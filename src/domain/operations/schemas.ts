// The fields of the operations calls (specification sections 3, 5 and 7; design page
// "Operations and payments"), declared once: request bodies (the server validates with
// them, the screens take their rules) and the rows the API answers.
import { z } from "zod";
import { WORK_STAGES } from "../sales/tracking";
import { flagField, nullableNumber, optionalIsoDate, optionalText, requiredText, rutField, timestampValue } from "../fields";
import { MSG_BODY_OBJETO, MSG_MONTO_ENTERO, MSG_MONTO_NEGATIVO } from "../sales/schemas";
import { INVOICE_PAYMENT_STATES } from "./invoices";
import { CLIENT_PAYMENT_STATES } from "./client-payments";

export const MSG_PLAZO_INVALIDO = "El plazo debe ser un número entero de días entre 0 y 365";
export const MSG_PROVEEDOR_OBLIGATORIO = "El proveedor es obligatorio";
export const MSG_FECHA_OBLIGATORIA = "La fecha es obligatoria";
export const MSG_DIAS_CREDITO_INVALIDO = "Los días de crédito deben ser un número entero mayor o igual a 0";
export const MSG_ESTADO_PAGO_BODY = "Estado de pago inválido: use Pagado o vacío (no pagada)";
export const MSG_ACTUALIZACION_VACIA = "Indique estado_pago, fecha_pago u observaciones_internas";

const pesos = (max = 1e13) => nullableNumber({ negativeMessage: MSG_MONTO_NEGATIVO, integer: true, integerMessage: MSG_MONTO_ENTERO, max });

// ---------------------------------------------------------------- work tracking

/** Body of PUT api/seguimiento_obras/{id}/rectificacion. */
export const rectificacionSchema = z.object(
  {
    rectificacion: flagField(),
    /** Empty keeps the stored days. */
    rectificacion_plazo_dias: nullableNumber({ integer: true, max: 365, negativeMessage: MSG_PLAZO_INVALIDO, integerMessage: MSG_PLAZO_INVALIDO }),
  },
  { error: MSG_BODY_OBJETO },
);
export type RectificacionInput = z.input<typeof rectificacionSchema>;

/** Body of PUT api/seguimiento_obras/{id}/comentario (empty clears it). */
export const comentarioSchema = z.object({ comentario: optionalText(2000) }, { error: MSG_BODY_OBJETO });

const stageShape = Object.fromEntries(WORK_STAGES.map((s) => [s, z.boolean()])) as Record<(typeof WORK_STAGES)[number], z.ZodBoolean>;

/** A work-tracking record with its quote and client (GET api/seguimiento_obras). */
export const seguimientoRow = z.object({
  id: z.number().int(),
  presupuesto_id: z.number().int(),
  cliente_id: z.number().int(),
  cliente_nombre: z.string(),
  presupuesto_numero: z.string(),
  nombre_obra: z.string().nullable(),
  /** The quote's acceptance by the client through its link (AAAA-MM-DD, Santiago), null until then. */
  aceptado_fecha: z.string().nullable(),
  ...stageShape,
  rectificacion_fecha: z.string().nullable().describe("AAAA-MM-DD"),
  rectificacion_plazo_dias: z.number().int(),
  comentario: z.string().nullable(),
  comentario_fecha: timestampValue.nullable(),
  /** Day of the last stage change (the quote's creation at first). */
  etapa_fecha: z.string().describe("AAAA-MM-DD"),
  /** All 16 stages true. */
  completa: z.boolean(),
});
export type SeguimientoRow = z.output<typeof seguimientoRow>;
export type SeguimientoWire = z.input<typeof seguimientoRow>;

/** Stage hints from data (ours): Material stages whose pauta lines are covered, "pago" when the balance is 0. */
export const seguimientoPistasRow = z.object({
  id: z.number().int(),
  pistas: z.array(z.enum(WORK_STAGES)),
});

// ---------------------------------------------------------------- materials summary

/** One budget of "Resumen de Obras y Materiales". */
export const resumenObraRow = z.object({
  presupuesto_id: z.number().int(),
  cliente_id: z.number().int(),
  cliente_nombre: z.string(),
  presupuesto_numero: z.string(),
  nombre_obra: z.string().nullable(),
  total_neto_presupuestado: z.number().int(),
  /** Sum of the work's material exits at their recorded precio_neto. */
  total_neto_real: z.number().int(),
  /** (presupuestado − real) / presupuestado × 100, one decimal; 0 without a budget. */
  utilidad: z.number(),
});
export type ResumenObraRow = z.infer<typeof resumenObraRow>;

export const resumenDetalleRow = z.object({
  codigo: z.string(),
  producto: z.string().nullable(),
  unidad: z.string().nullable(),
  stock_reservado: z.number(),
  stock_llegado: z.number(),
  pendiente: z.number(),
  precio: z.number(),
  total_neto: z.number().int(),
});
export type ResumenDetalleRow = z.infer<typeof resumenDetalleRow>;

// ---------------------------------------------------------------- supplier invoices

/** Body of POST api/facturas_guias. Amounts are whole pesos; VAT and total are filled from the net when empty. */
export const facturaGuiaSchema = z.object(
  {
    proveedor: requiredText(MSG_PROVEEDOR_OBLIGATORIO, 200),
    rut_proveedor: rutField(),
    numero_guia: optionalText(50),
    numero_factura: optionalText(50),
    fecha: optionalIsoDate().refine((v) => v !== null, MSG_FECHA_OBLIGATORIA),
    monto_neto: pesos(),
    iva: pesos(),
    monto_total: pesos(),
    observacion: optionalText(2000),
    /** Empty: the supplier's days of credit (0 for an unknown supplier). */
    dias_credito: nullableNumber({ integer: true, max: 3650, negativeMessage: MSG_DIAS_CREDITO_INVALIDO, integerMessage: MSG_DIAS_CREDITO_INVALIDO }),
    tipo_dte: z.union([z.literal(33), z.literal(34), z.literal(52), z.literal(61), z.null()], { error: "Tipo de documento inválido (33, 34, 52 o 61)" }).optional(),
  },
  { error: MSG_BODY_OBJETO },
);
export type FacturaGuiaInput = z.input<typeof facturaGuiaSchema>;
export type FacturaGuiaData = z.output<typeof facturaGuiaSchema>;

/** Body of PUT api/facturas_guias/{id}: the payment toggle or the internal observations. */
export const facturaGuiaUpdateSchema = z
  .object(
    {
      estado_pago: z
        .union([z.string(), z.null()], { error: MSG_ESTADO_PAGO_BODY })
        .optional()
        .transform((v, ctx) => {
          if (v === undefined) return undefined;
          const t = (v ?? "").trim().toLocaleLowerCase("es-CL");
          if (t === "" || t === "pendiente" || t === "vigente" || t === "vencida" || t === "contado") return null;
          if (t === "pagado") return "Pagado" as const;
          ctx.addIssue({ code: "custom", message: MSG_ESTADO_PAGO_BODY });
          return z.NEVER;
        }),
      fecha_pago: optionalIsoDate().optional(),
      observaciones_internas: optionalText(2000).optional(),
    },
    { error: MSG_BODY_OBJETO },
  )
  .superRefine((v, ctx) => {
    if (v.estado_pago === undefined && v.observaciones_internas === undefined && v.fecha_pago === undefined) {
      ctx.addIssue({ code: "custom", message: MSG_ACTUALIZACION_VACIA, path: ["_form"] });
    }
  });
export type FacturaGuiaUpdateInput = z.input<typeof facturaGuiaUpdateSchema>;

export const facturaGuiaRow = z.object({
  id: z.number().int(),
  proveedor_id: z.number().int().nullable(),
  proveedor: z.string(),
  rut_proveedor: z.string().nullable(),
  tipo_dte: z.number().int().nullable(),
  numero_guia: z.string().nullable(),
  numero_factura: z.string().nullable(),
  fecha: z.string().describe("AAAA-MM-DD"),
  monto_neto: z.number().int(),
  iva: z.number().int(),
  monto_total: z.number().int(),
  observacion: z.string().nullable(),
  dias_credito: z.number().int(),
  estado_pago: z.string().nullable(),
  fecha_pago: z.string().nullable(),
  observaciones_internas: z.string().nullable(),
  fecha_recepcion: z.string(),
  numero_oc: z.number().int().nullable(),
  /** fecha + dias_credito. */
  vencimiento: z.string(),
  /** Pagado, Contado, Vencida or Vigente, on today's Santiago date. */
  estado_calculado: z.enum(INVOICE_PAYMENT_STATES),
});
export type FacturaGuiaRow = z.infer<typeof facturaGuiaRow>;

// ---------------------------------------------------------------- client payments

/** GET api/pagos_clientes/resumen?presupuesto_id= (ours): the summary the screen shows. */
export const pagoResumenRow = z.object({
  presupuesto_id: z.number().int(),
  total_neto_presupuestado: z.number().int(),
  total: z.number().int(),
  pagado: z.number().int(),
  saldo: z.number().int(),
  estado: z.enum(CLIENT_PAYMENT_STATES),
});
export type PagoResumenRow = z.infer<typeof pagoResumenRow>;
