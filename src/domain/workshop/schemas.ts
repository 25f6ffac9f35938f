// The bodies and rows of the workshop calls (specification sections 3, 5 and 7 "Workshop
// and workers"), declared once: the server validates requests with them and the screens
// use the same rules. Derived figures (UTV units and value, thermal m2, roster hours) are
// computed by the services with production.ts / payroll.ts, never taken from the body.
import { z } from "zod";
import { isIsoDate } from "../dates/dates";
import { MSG_FECHA_INVALIDA, numberWithDefault, optionalText } from "../fields";
import { MSG_BODY_OBJETO } from "../sales/schemas";
import { instaladorField, trabajadorFields } from "./fields";
import { isPeriodo, MSG_PERIODO_INVALIDO } from "./periods";
import { TERMOPANEL_VALOR_M2_DEFAULT, UTV_CONTEOS, UTV_TIPO_DEFAULT, UTV_TIPOS, UTV_VALOR_M2_DEFAULT, type UtvConteo } from "./production";

export const MSG_FECHA_OBLIGATORIA = "La fecha es obligatoria.";
export const MSG_TIPO_UTV_INVALIDO = "Tipo inválido: PVC, Aluminio o Ambos.";
export const MSG_CONTEO_INVALIDO = "Ingrese una cantidad entera de 0 o más.";
export const MSG_VALOR_M2_INVALIDO = "El valor m2 debe ser 0 o más.";
export const MSG_M2_INSTALADOR_INVALIDO = "Los m2 del instalador deben ser 0 o más.";
export const MSG_ANCHO_OBLIGATORIO = "Ingrese el ancho en mm (mayor que 0).";
export const MSG_ALTO_OBLIGATORIO = "Ingrese el alto en mm (mayor que 0).";
export const MSG_CANTIDAD_TERMOPANEL = "La cantidad debe ser un número entero de 1 o más.";

/** The largest count, measure or value a record may carry (bounds typing mistakes). */
const MAX_CONTEO = 100_000;
const MAX_MM = 100_000;
const MAX_VALOR = 100_000_000;

/** A required calendar date "YYYY-MM-DD". */
export function requiredIsoDate() {
  return z
    .union([z.string(), z.null()], { error: MSG_FECHA_OBLIGATORIA })
    .optional()
    .transform((v, ctx) => {
      const t = (v ?? "").trim();
      if (t === "") {
        ctx.addIssue({ code: "custom", message: MSG_FECHA_OBLIGATORIA });
        return z.NEVER;
      }
      // The original service sends "2026-03-05T00:00:00.000Z": its calendar date is kept.
      const d = /^\d{4}-\d{2}-\d{2}T/.test(t) ? t.slice(0, 10) : t;
      if (!isIsoDate(d)) {
        ctx.addIssue({ code: "custom", message: MSG_FECHA_INVALIDA });
        return z.NEVER;
      }
      return d;
    });
}

const conteo = () => numberWithDefault(0, { integer: true, integerMessage: MSG_CONTEO_INVALIDO, negativeMessage: MSG_CONTEO_INVALIDO, max: MAX_CONTEO });

const conteos = Object.fromEntries(UTV_CONTEOS.map((c) => [c, conteo()])) as Record<UtvConteo, ReturnType<typeof conteo>>;

/** Body of POST api/taller/utv and PUT api/taller/utv/{id}. */
export const utvSchema = z.object(
  {
    fecha: requiredIsoDate(),
    nombre_pauta: optionalText(200),
    numero_pauta: optionalText(50),
    tipo: z
      .union([z.string(), z.null()], { error: MSG_TIPO_UTV_INVALIDO })
      .optional()
      .transform((v, ctx) => {
        const t = (v ?? "").trim();
        if (t === "") return UTV_TIPO_DEFAULT;
        const match = UTV_TIPOS.find((x) => x.toLocaleLowerCase("es-CL") === t.toLocaleLowerCase("es-CL"));
        if (match) return match;
        ctx.addIssue({ code: "custom", message: MSG_TIPO_UTV_INVALIDO });
        return z.NEVER;
      }),
    ...conteos,
    comentario_marcos: optionalText(500),
    comentario_otro: optionalText(500),
    valor_m2: numberWithDefault(UTV_VALOR_M2_DEFAULT, { negativeMessage: MSG_VALOR_M2_INVALIDO, max: MAX_VALOR }),
    m2_instalador: numberWithDefault(0, { negativeMessage: MSG_M2_INSTALADOR_INVALIDO, max: MAX_VALOR }),
    instalador: instaladorField(),
  },
  { error: MSG_BODY_OBJETO },
);
export type UtvInput = z.input<typeof utvSchema>;
export type UtvData = z.output<typeof utvSchema>;

/** Body of PUT api/taller/utv/{id}/instalador: one of the six, or empty to clear it. */
export const utvInstaladorSchema = z.object({ instalador: instaladorField() }, { error: MSG_BODY_OBJETO });

export const utvRow = z.object({
  id: z.number().int(),
  fecha: z.string(),
  nombre_pauta: z.string().nullable(),
  numero_pauta: z.string().nullable(),
  tipo: z.string(),
  fijo: z.number(),
  doble_corredera_fijo: z.number(),
  proyectante: z.number(),
  oscilobatiente: z.number(),
  doble_corredera: z.number(),
  marco_puerta: z.number(),
  marcos_adicionales: z.number(),
  comentario_marcos: z.string().nullable(),
  otro: z.number(),
  comentario_otro: z.string().nullable(),
  valor_m2: z.number(),
  m2_instalador: z.number(),
  instalador: z.string().nullable(),
});
export type UtvRow = z.infer<typeof utvRow>;

/** Body of POST api/taller/termopanel; m2 is computed by the server (termopanelM2): an m2 sent is dropped like any unknown field. */
export const termopanelSchema = z.object(
  {
    fecha: requiredIsoDate(),
    cliente: optionalText(200),
    cantidad: numberWithDefault(1, { integer: true, integerMessage: MSG_CANTIDAD_TERMOPANEL, max: MAX_CONTEO }).pipe(z.number().min(1, MSG_CANTIDAD_TERMOPANEL)),
    ancho_mm: numberWithDefault(0, { negativeMessage: MSG_ANCHO_OBLIGATORIO, max: MAX_MM }).pipe(z.number().gt(0, MSG_ANCHO_OBLIGATORIO)),
    alto_mm: numberWithDefault(0, { negativeMessage: MSG_ALTO_OBLIGATORIO, max: MAX_MM }).pipe(z.number().gt(0, MSG_ALTO_OBLIGATORIO)),
    observaciones: optionalText(500),
    valor_m2: numberWithDefault(TERMOPANEL_VALOR_M2_DEFAULT, { negativeMessage: MSG_VALOR_M2_INVALIDO, max: MAX_VALOR }),
  },
  { error: MSG_BODY_OBJETO },
);
export type TermopanelInput = z.input<typeof termopanelSchema>;
export type TermopanelData = z.output<typeof termopanelSchema>;

export const termopanelRow = z.object({
  id: z.number().int(),
  fecha: z.string(),
  cliente: z.string().nullable(),
  cantidad: z.number(),
  ancho_mm: z.number(),
  alto_mm: z.number(),
  m2: z.number(),
  observaciones: z.string().nullable(),
  valor_m2: z.number(),
});
export type TermopanelRow = z.infer<typeof termopanelRow>;

/** A row of GET api/taller/instalaciones: a UTV record installed by the company itself. */
export const instalacionRow = z.object({
  id: z.number().int(),
  fecha: z.string(),
  nombre_pauta: z.string().nullable(),
  numero_pauta: z.string().nullable(),
  instalador: z.string().nullable(),
  m2_rectificacion: z.number(),
  valor_m2: z.number(),
  /** m2_rectificacion × valor_m2 in whole pesos. */
  valor_instalacion: z.number(),
});
export type InstalacionRow = z.infer<typeof instalacionRow>;

/** Body of PUT api/trabajadores/{id}: the row; a missing period keeps the row's own. */
export const trabajadorUpdateSchema = z.object(
  {
    ...trabajadorFields,
    periodo: z
      .union([z.string(), z.null()], { error: MSG_PERIODO_INVALIDO })
      .optional()
      .transform((v, ctx) => {
        const t = (v ?? "").trim();
        if (t === "") return undefined;
        if (!isPeriodo(t)) {
          ctx.addIssue({ code: "custom", message: MSG_PERIODO_INVALIDO });
          return z.NEVER;
        }
        return t;
      }),
  },
  { error: MSG_BODY_OBJETO },
);
export type TrabajadorUpdateData = z.output<typeof trabajadorUpdateSchema>;

export const trabajadorRow = z.object({
  id: z.number().int(),
  periodo: z.string(),
  nombre: z.string(),
  dias_trab: z.number(),
  horas_trab: z.number(),
  horas_extras: z.number(),
  horas_retraso: z.number(),
  observacion: z.string().nullable(),
  horas_acum_trab: z.number(),
});
export type TrabajadorRow = z.infer<typeof trabajadorRow>;

/** Answer of POST api/trabajadores/copiar. */
export const copiarPlanillaResult = z.object({
  message: z.string(),
  de: z.string(),
  a: z.string(),
  copiados: z.number().int(),
  omitidos: z.number().int(),
});
export type CopiarPlanillaResult = z.infer<typeof copiarPlanillaResult>;

const totalsShape = z.object({ registros: z.number(), unidades: z.number().optional(), m2: z.number().optional(), valor: z.number() });
const parteShape = z.object({ nombre: z.string(), peso: z.number(), proporcion: z.number(), exacto: z.number(), base: z.number(), resto: z.number(), monto: z.number() });

/** Answer of GET api/taller/resumen?mes&anio (ours): the month's totals and both splits. */
export const resumenTaller = z.object({
  periodo: z.string(),
  titulo: z.string(),
  utv: totalsShape,
  termopanel: totalsShape,
  instalacion: totalsShape,
  /** UTV value + thermal value + installation value. */
  total: z.number(),
  /** The pay PDF's split: by attendance % (peso = attendance hours). */
  reparto_asistencia: z.array(parteShape.extend({ porcentaje_asistencia: z.number() })),
  /** The screen's split: by accumulated hours. */
  reparto_horas: z.array(parteShape),
  /** Pesos nobody gets (the whole total when nobody has attendance). */
  sin_asignar: z.number(),
});
export type ResumenTaller = z.infer<typeof resumenTaller>;
