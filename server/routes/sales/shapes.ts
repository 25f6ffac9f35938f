// Response shapes of the sales routes (OpenAPI docs and, for single rows, serialization).
import { z } from "zod";

export const clienteShape = z.object({
  id: z.number().int(),
  nombre: z.string(),
  rut: z.string().nullable(),
  correo: z.string().nullable(),
  telefono: z.string().nullable(),
  direccion: z.string().nullable(),
});

export const presupuestoShape = z.object({
  id: z.number().int(),
  numero: z.string(),
  cliente_id: z.number().int(),
  nombre_obra: z.string().nullable(),
  direccion: z.string().nullable(),
  observacion: z.string().nullable(),
  fecha: z.string().describe("AAAA-MM-DD"),
  total_neto_presupuestado: z.number().int(),
  cliente_nombre: z.string(),
  cliente_rut: z.string().nullable(),
});

export const itemShape = z.object({
  id: z.number().int(),
  presupuesto_id: z.number().int(),
  item: z.string().nullable(),
  recinto: z.string().nullable(),
  ancho: z.number().nullable(),
  alto: z.number().nullable(),
  tipo_ventana: z.string(),
  tipo_apertura: z.string(),
  grada_buque: z.boolean(),
  observaciones: z.boolean(),
  texto_observaciones: z.string().nullable(),
  adicional: z.boolean(),
  cuadros_adicionales: z.number().int(),
  cantidad: z.number().nullable(),
  precio_unitario: z.number().nullable(),
  utv: z.number(),
  utv_monto: z.number().int(),
});
