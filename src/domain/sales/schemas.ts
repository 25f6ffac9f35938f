// The fields of clients, quotes and quote items, declared once (specification sections 3,
// 5 and 7): the body schemas (the server validates requests with them and the forms use
// the same rules) and the rows the API answers. Types come from them with z.infer.
import { z } from "zod";
import { QTY_DECIMALS } from "../inventory/quantity";
import { TIPOS_APERTURA, TIPOS_VENTANA, TIPO_APERTURA_DEFAULT, TIPO_VENTANA_DEFAULT } from "./utv";
import { enumField, flagField, idField, nullableNumber, numberWithDefault, optionalIsoDate, optionalText, requiredText, rutField } from "../fields";

export const MSG_BODY_OBJETO = "El cuerpo de la solicitud debe ser un objeto JSON";
export const MSG_NOMBRE_OBLIGATORIO = "Nombre es obligatorio";
export { MSG_RUT_INVALIDO } from "../fields";
export const MSG_CORREO_INVALIDO = "Correo inválido";
export const MSG_NUMERO_PRESUPUESTO_OBLIGATORIO = "El número de presupuesto es obligatorio";
export const MSG_SELECCIONE_CLIENTE = "Debe seleccionar un cliente";
export const MSG_SELECCIONE_PRESUPUESTO = "Debe seleccionar un presupuesto";
export const MSG_CANTIDAD_NEGATIVA = "La cantidad no puede ser negativa";
export const MSG_PRECIO_NEGATIVO = "El precio no puede ser negativo";
export const MSG_MONTO_NEGATIVO = "El monto no puede ser negativo";
export const MSG_MONTO_ENTERO = "El monto debe ser un número entero de pesos";

/** Measures in mm: up to 100 m, which no window reaches. */
const MAX_MM = 100_000;

// ---------------------------------------------------------------- Client

export const clienteSchema = z.object(
  {
    nombre: requiredText(MSG_NOMBRE_OBLIGATORIO, 200),
    rut: rutField(),
    correo: optionalText(200).pipe(z.email({ error: MSG_CORREO_INVALIDO }).nullable()),
    telefono: optionalText(50),
    direccion: optionalText(300),
  },
  { error: MSG_BODY_OBJETO },
);
export type ClienteInput = z.input<typeof clienteSchema>;
export type ClienteData = z.output<typeof clienteSchema>;

// ---------------------------------------------------------------- Quote

export const presupuestoSchema = z.object(
  {
    numero: requiredText(MSG_NUMERO_PRESUPUESTO_OBLIGATORIO, 50),
    cliente_id: idField(MSG_SELECCIONE_CLIENTE),
    nombre_obra: optionalText(200),
    direccion: optionalText(300),
    observacion: optionalText(2000),
    /** null when not sent: the caller applies todayInSantiago(). */
    fecha: optionalIsoDate(),
    total_neto_presupuestado: numberWithDefault(0, {
      negativeMessage: MSG_MONTO_NEGATIVO,
      integer: true,
      integerMessage: MSG_MONTO_ENTERO,
      max: 1e13,
    }),
  },
  { error: MSG_BODY_OBJETO },
);
export type PresupuestoInput = z.input<typeof presupuestoSchema>;
export type PresupuestoData = z.output<typeof presupuestoSchema>;

// ---------------------------------------------------------------- Quote item

/** An item's own fields as sent (POST and PUT). utv and utv_monto, if sent, are dropped:
 * the service computes them (computeItemUtv). */
export const itemFieldsSchema = z.object(
  {
    item: optionalText(50),
    recinto: optionalText(200),
    ancho: nullableNumber({ negativeMessage: "El ancho no puede ser negativo", max: MAX_MM }),
    alto: nullableNumber({ negativeMessage: "El alto no puede ser negativo", max: MAX_MM }),
    tipo_ventana: enumField(TIPOS_VENTANA, TIPO_VENTANA_DEFAULT, "Tipo de ventana inválido"),
    tipo_apertura: enumField(TIPOS_APERTURA, TIPO_APERTURA_DEFAULT, "Tipo de apertura inválido"),
    grada_buque: flagField(),
    observaciones: flagField(),
    texto_observaciones: optionalText(2000),
    adicional: flagField(),
    cuadros_adicionales: numberWithDefault(0, {
      negativeMessage: "Los cuadros adicionales no pueden ser negativos",
      integer: true,
      integerMessage: "Los cuadros adicionales deben ser un número entero",
      max: 1000,
    }),
    cantidad: nullableNumber({ negativeMessage: MSG_CANTIDAD_NEGATIVA, max: 1_000_000, decimals: QTY_DECIMALS }),
    precio_unitario: nullableNumber({ negativeMessage: MSG_PRECIO_NEGATIVO }),
  },
  { error: MSG_BODY_OBJETO },
);
export type ItemFields = z.output<typeof itemFieldsSchema>;

/** POST api/items_presupuesto: the item and its quote. */
export const itemPresupuestoSchema = itemFieldsSchema.extend({ presupuesto_id: idField(MSG_SELECCIONE_PRESUPUESTO) });
export type ItemPresupuestoInput = z.input<typeof itemPresupuestoSchema>;
export type ItemPresupuestoData = z.output<typeof itemPresupuestoSchema>;

/** PUT api/items_presupuesto/{id}: the whole row; presupuesto_id may be left out (the item keeps its quote). */
export const itemPresupuestoUpdateSchema = itemFieldsSchema.extend({
  presupuesto_id: z.preprocess((v) => (v === null ? undefined : v), idField(MSG_SELECCIONE_PRESUPUESTO).optional()),
});

// ---------------------------------------------------------------- Rows the API answers
// The stored rows, field by field. server/db/schema checks at compile time that each
// table stores these fields under the same names and types.

/** A client (every clientes answer). */
export const clienteRow = z.object({
  id: z.number().int(),
  nombre: z.string(),
  rut: z.string().nullable(),
  correo: z.string().nullable(),
  telefono: z.string().nullable(),
  direccion: z.string().nullable(),
});
export type ClienteRow = z.infer<typeof clienteRow>;

/** A quote, with its client's name and RUT (every presupuestos answer). */
export const presupuestoRow = z.object({
  id: z.number().int(),
  numero: z.string(),
  cliente_id: z.number().int(),
  nombre_obra: z.string().nullable(),
  direccion: z.string().nullable(),
  observacion: z.string().nullable(),
  fecha: z.string().describe("AAAA-MM-DD"),
  total_neto_presupuestado: z.number().int(),
  /** Santiago date the client accepted it through its link (AAAA-MM-DD), null until then. */
  aceptado_fecha: z.string().nullable(),
  cliente_nombre: clienteRow.shape.nombre,
  cliente_rut: clienteRow.shape.rut,
});
export type PresupuestoRow = z.infer<typeof presupuestoRow>;

/** A quote item (GET/POST/PUT api/items_presupuesto), utv and utv_monto as the server computed them. */
export const itemPresupuestoRow = z.object({
  id: z.number().int(),
  presupuesto_id: z.number().int(),
  item: z.string().nullable(),
  recinto: z.string().nullable(),
  ancho: z.number().nullable(),
  alto: z.number().nullable(),
  tipo_ventana: z.enum(TIPOS_VENTANA),
  tipo_apertura: z.enum(TIPOS_APERTURA),
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
export type ItemPresupuestoRow = z.infer<typeof itemPresupuestoRow>;

/** GET api/presupuestos/{id}/vendedor: who made the quote (its PDF names them), null when unknown. */
export const vendedorPresupuestoRow = z.object({
  vendedor: z.object({ nombre: z.string(), correo: z.string(), telefono: z.string().nullable() }).nullable(),
});
export type VendedorPresupuesto = z.infer<typeof vendedorPresupuestoRow>;
