// The answer of GET api/resumen-diario: the day's cards of the caller's role.
import { z } from "zod";
import { isIsoDate } from "../dates/dates";
import { ROLES } from "../roles/roles";
import { CARD_KEYS } from "./rules";

/** The days a digest can be asked for: the company's working life, not year 0 (found by the API fuzzer: a 500). */
export const FECHA_RESUMEN_MIN = "2000-01-01";
export const FECHA_RESUMEN_MAX = "2099-12-31";
export const fechaResumen = z
  .string()
  .refine(isIsoDate, { message: "fecha: use AAAA-MM-DD" })
  .refine((f) => f >= FECHA_RESUMEN_MIN && f <= FECHA_RESUMEN_MAX, { message: `fecha: entre ${FECHA_RESUMEN_MIN} y ${FECHA_RESUMEN_MAX}` });

/** One figure of a card: an amount in pesos or a quantity. */
export const cifraTarjeta = z.object({ etiqueta: z.string(), valor: z.number(), formato: z.enum(["pesos", "numero"]) });

/** One of the card's most urgent items. */
export const itemTarjeta = z.object({
  texto: z.string(),
  detalle: z.string().nullable(),
  monto: z.number().nullable(),
  /** This item's own screen, when it differs from the card's. */
  enlace: z.string().nullable(),
});

export const tarjeta = z.object({
  clave: z.enum(CARD_KEYS),
  titulo: z.string(),
  /** How many records need attention (UTV: the month's total UTV). */
  cantidad: z.number(),
  /** What cantidad counts ("facturas", "obras", "UTV"). */
  unidad: z.string(),
  cifras: z.array(cifraTarjeta),
  items: z.array(itemTarjeta),
  /** The screen that resolves them, already filtered. */
  enlace: z.string(),
  enlace_texto: z.string(),
  /** Shown when there is nothing to do. */
  vacio: z.string(),
});

export const resumenDiario = z.object({
  fecha: fechaResumen,
  rol: z.enum(ROLES),
  tarjetas: z.array(tarjeta),
});

export const resumenDiarioQuery = z.object({ fecha: fechaResumen.optional() }).strict();

export type CifraTarjeta = z.infer<typeof cifraTarjeta>;
export type ItemTarjeta = z.infer<typeof itemTarjeta>;
export type Tarjeta = z.infer<typeof tarjeta>;
export type ResumenDiario = z.infer<typeof resumenDiario>;
