// What the RCV routes and the SII decision take and answer (issue 35), shared by the server's
// routes and the web's API module.
import { z } from "zod";
import { timestampValue } from "../fields";
import { RCV_REGISTROS, RCV_RESULTADOS } from "./rcv";
import { SII_DECISIONES, SII_ESTADOS, SII_MOTIVOS_RECLAMO } from "./sii-decision";

export const MSG_RCV_ARCHIVO = "Envíe el archivo CSV del Registro de Compras (nombre y contenido en base64).";
export const MSG_RCV_REGISTRO_INVALIDO = "El registro debe ser Registro, Pendientes, No incluir o Reclamados.";
export const MSG_RCV_FILAS = "Seleccione entre 1 y 500 filas «Solo en el SII».";
export const MSG_SII_DECISION = "Elija Aceptar o Reclamar.";
export const MSG_SII_MOTIVO = "Elija el motivo del reclamo: contenido del documento (RCD), falta parcial (RFP) o falta total de mercaderías (RFT).";

export const rcvUploadBody = z.object(
  {
    nombre: z.string({ error: MSG_RCV_ARCHIVO }).trim().min(1, MSG_RCV_ARCHIVO).max(255, MSG_RCV_ARCHIVO),
    contenido: z.string({ error: MSG_RCV_ARCHIVO }).min(1, MSG_RCV_ARCHIVO),
    registro: z.enum(RCV_REGISTROS, { error: MSG_RCV_REGISTRO_INVALIDO }).nullish(),
  },
  { error: MSG_RCV_ARCHIVO },
);
export type RcvUploadBody = z.infer<typeof rcvUploadBody>;

export const rcvRegistrarBody = z.object(
  { filas: z.array(z.int({ error: MSG_RCV_FILAS }).positive(MSG_RCV_FILAS).max(2_147_483_647, MSG_RCV_FILAS), { error: MSG_RCV_FILAS }).min(1, MSG_RCV_FILAS).max(500, MSG_RCV_FILAS) },
  { error: MSG_RCV_FILAS },
);

export const siiDecisionBody = z
  .object(
    {
      decision: z.enum(SII_DECISIONES, { error: MSG_SII_DECISION }),
      motivo: z.enum(SII_MOTIVOS_RECLAMO, { error: MSG_SII_MOTIVO }).nullish(),
      comentario: z.string({ error: "El comentario debe ser texto." }).trim().max(500, "El comentario admite 500 caracteres.").nullish(),
    },
    { error: MSG_SII_DECISION },
  )
  .superRefine((b, ctx) => {
    if (b.decision === "reclamada" && !b.motivo) ctx.addIssue({ code: "custom", path: ["motivo"], message: MSG_SII_MOTIVO });
    if (b.decision === "aceptada" && b.motivo) ctx.addIssue({ code: "custom", path: ["motivo"], message: "Una aceptación no lleva motivo de reclamo." });
  });
export type SiiDecisionBody = z.infer<typeof siiDecisionBody>;

const montos = z.object({ documentos: z.number(), neto: z.number(), exento: z.number(), iva_recuperable: z.number(), iva_no_recuperable: z.number(), total: z.number() });
export const rcvResumenSchema = z.object({
  grupos: z.record(z.enum(RCV_RESULTADOS), z.object({ filas: z.number(), total: z.number() })).optional(),
  tipos: z.array(z.object({ tipo_doc: z.number(), sii: montos, ventanal: montos })).optional(),
  iva_credito: z.object({ sii: z.number(), ventanal: z.number(), diferencia: z.number() }).optional(),
});

export const rcvImportacionRow = z.object({
  id: z.number(),
  periodo: z.string(),
  registro: z.enum(RCV_REGISTROS),
  nombre_archivo: z.string(),
  filas: z.number(),
  coinciden: z.number(),
  con_diferencias: z.number(),
  solo_sii: z.number(),
  solo_ventanal: z.number(),
  anterior_id: z.number().nullable(),
  nuevas: z.number(),
  cambiadas: z.number(),
  desaparecidas: z.number(),
  resumen: rcvResumenSchema,
  creado_por_id: z.number().nullable(),
  creado_en: timestampValue,
  usuario_nombre: z.string().nullable(),
});
export type RcvImportacionRow = z.output<typeof rcvImportacionRow>;

export const rcvFilaRow = z.object({
  id: z.number(),
  resultado: z.enum(RCV_RESULTADOS),
  linea: z.number().nullable(),
  tipo_doc: z.number(),
  tipo_compra: z.string().nullable(),
  rut_proveedor: z.string(),
  razon_social: z.string(),
  folio: z.string(),
  fecha_docto: z.string().nullable(),
  fecha_recepcion: z.string().nullable(),
  fecha_acuse: z.string().nullable(),
  monto_exento: z.number().nullable(),
  monto_neto: z.number().nullable(),
  iva_recuperable: z.number().nullable(),
  iva_no_recuperable: z.number().nullable(),
  monto_total: z.number().nullable(),
  factura_id: z.number().nullable(),
  ventanal_neto: z.number().nullable(),
  ventanal_iva: z.number().nullable(),
  ventanal_total: z.number().nullable(),
  ventanal_fecha: z.string().nullable(),
  /** Each differing field with both values: amounts as numbers, the date as "AAAA-MM-DD" (never null: both documents have them). */
  diferencias: z.array(z.object({ campo: z.string(), sii: z.union([z.string(), z.number()]), ventanal: z.union([z.string(), z.number()]) })),
  cambio: z.string().nullable(),
});
export type RcvFilaRow = z.output<typeof rcvFilaRow>;

export const rcvDetalle = z.object({ importacion: rcvImportacionRow, filas: z.array(rcvFilaRow), total: z.number() });
export type RcvDetalle = z.output<typeof rcvDetalle>;

export const siiEstadoRow = z.object({
  factura_id: z.number(),
  tipo_dte: z.number().nullable(),
  fecha_recepcion_sii: z.string().nullable(),
  fecha_acuse: z.string().nullable(),
  /** "aceptada" | "reclamada" (SII_DECISIONES), null while undecided; typed as text so the documented schema takes null. */
  decision: z.string().nullable(),
  /** RCD | RFP | RFT (SII_MOTIVOS_RECLAMO) or null. */
  motivo: z.string().nullable(),
  comentario: z.string().nullable(),
  origen: z.string().nullable(),
  decidido_por: z.string().nullable(),
  decidido_en: timestampValue.nullable(),
  plazo: z
    .object({ estado: z.enum(SII_ESTADOS), fecha_inicio: z.string(), fuente: z.enum(["SII", "registro"]), fecha_limite: z.string(), dias_restantes: z.number(), aviso: z.boolean() })
    .nullable(),
  pasos: z.array(z.string()),
});
export type SiiEstadoRow = z.output<typeof siiEstadoRow>;
