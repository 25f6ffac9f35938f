// Body schemas for clients, quotes and quote items (specification sections 3, 5 and 7).
// The server validates request bodies with them and the forms use the same rules.
import { z } from "zod";
import { normalizeRut } from "./rut";
import { computeItemUtv, TIPOS_APERTURA, TIPOS_VENTANA, TIPO_APERTURA_DEFAULT, TIPO_VENTANA_DEFAULT } from "./utv";
import { enumField, flagField, idField, nullableNumber, numberWithDefault, optionalIsoDate, optionalText, requiredText } from "./fields";

export const MSG_BODY_OBJETO = "El cuerpo de la solicitud debe ser un objeto JSON";
export const MSG_NOMBRE_OBLIGATORIO = "Nombre es obligatorio";
export const MSG_RUT_INVALIDO = "RUT inválido: revise el dígito verificador";
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
    rut: optionalText(20).transform((v, ctx) => {
      if (v === null) return null;
      const rut = normalizeRut(v);
      if (rut === null) {
        ctx.addIssue({ code: "custom", message: MSG_RUT_INVALIDO });
        return z.NEVER;
      }
      return rut;
    }),
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

/** The item's fields as sent (utv and utv_monto accepted but not trusted). */
export const itemPresupuestoFields = z.object(
  {
    presupuesto_id: idField(MSG_SELECCIONE_PRESUPUESTO),
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
    cantidad: nullableNumber({ negativeMessage: MSG_CANTIDAD_NEGATIVA, max: 1_000_000 }),
    precio_unitario: nullableNumber({ negativeMessage: MSG_PRECIO_NEGATIVO }),
    utv: z.unknown().optional(),
    utv_monto: z.unknown().optional(),
  },
  { error: MSG_BODY_OBJETO },
);

/**
 * A quote item. The output carries `utv` and `utv_monto` recomputed with computeItemUtv
 * (whatever the client sent for them is discarded), so what is stored always follows
 * section 9.
 */
export const itemPresupuestoSchema = itemPresupuestoFields.transform(({ utv: _utv, utv_monto: _monto, ...item }) => {
  const { utv, utv_monto } = computeItemUtv(item);
  return { ...item, utv, utv_monto };
});
export type ItemPresupuestoInput = z.input<typeof itemPresupuestoSchema>;
export type ItemPresupuestoData = z.output<typeof itemPresupuestoSchema>;

/** A quote item as the API answers it (GET/POST/PUT api/items_presupuesto). */
export interface ItemPresupuestoRow {
  id: number;
  presupuesto_id: number;
  item: string | null;
  recinto: string | null;
  ancho: number | null;
  alto: number | null;
  tipo_ventana: string;
  tipo_apertura: string;
  grada_buque: boolean;
  observaciones: boolean;
  texto_observaciones: string | null;
  adicional: boolean;
  cuadros_adicionales: number;
  cantidad: number | null;
  precio_unitario: number | null;
  utv: number;
  utv_monto: number;
}
