// Input rules of the workshop area (specification section 5, "Worker"), as zod field
// schemas built with the shared builders, so the roster form and the server agree.
import { z } from "zod";
import { INSTALADORES } from "../../config/empresa";
import type { Instalador } from "../../config/empresa";
import { numberWithDefault, optionalText, requiredText } from "../fields";
import { MSG_BODY_OBJETO } from "../sales/schemas";
import { daysInPeriodo, isPeriodo, MSG_PERIODO_INVALIDO, periodoFromMesAnio, periodoLabel } from "./periods";

export const MSG_NOMBRE_TRABAJADOR_OBLIGATORIO = "El nombre es obligatorio.";
export const MSG_DIAS_NEGATIVOS = "Los días trabajados deben ser 0 o más.";
export const MSG_DIAS_ENTEROS = "Los días trabajados deben ser un número entero.";
export const MSG_DIAS_MAXIMO = "Un mes tiene a lo más 31 días.";
export const MSG_DIAS_EXCEDEN_MES = (periodo: string, dias: number) => `${periodoLabel(periodo)} tiene ${dias} días.`;
export const MSG_HORAS_EXTRAS_NEGATIVAS = "Las horas extras deben ser 0 o más.";
export const MSG_HORAS_RETRASO_NEGATIVAS = "Las horas de retraso deben ser 0 o más.";
export const MSG_HORAS_CUARTOS = "Use pasos de 0,25 horas.";
export const MSG_INSTALADOR_INVALIDO = "Instalador inválido: elija uno de la lista.";

/** The most hours a month can hold (31 × 24): bounds typing mistakes. */
const MAX_HORAS_MES = 744;

/** True when `hours` is a multiple of 0.25 (the roster's step for extra and delay hours). */
export function isQuarterHourStep(hours: number): boolean {
  const quarters = hours * 4;
  return Number.isFinite(quarters) && Math.abs(quarters - Math.round(quarters)) < 1e-9;
}

/** A required period "YYYY-MM", else "Periodo inválido." (also when missing). */
export function periodoField() {
  return z
    .union([z.string(), z.null()], { error: MSG_PERIODO_INVALIDO })
    .optional()
    .transform((v, ctx) => {
      const t = (v ?? "").trim();
      if (!isPeriodo(t)) {
        ctx.addIssue({ code: "custom", message: MSG_PERIODO_INVALIDO });
        return z.NEVER;
      }
      return t;
    });
}

/** Days worked: a whole number 0-31, empty → 0 ("1" and 1 both accepted). */
export function diasTrabField() {
  return numberWithDefault(0, { negativeMessage: MSG_DIAS_NEGATIVOS, integer: true, integerMessage: MSG_DIAS_ENTEROS }).pipe(
    z.number().max(31, MSG_DIAS_MAXIMO),
  );
}

/** Extra or delay hours: 0 or more in steps of 0.25 ("1,75" accepted), empty → 0. */
export function quarterHoursField(negativeMessage: string) {
  return numberWithDefault(0, { negativeMessage, max: MAX_HORAS_MES }).refine(isQuarterHourStep, MSG_HORAS_CUARTOS);
}

/** A roster row's typed fields; horas_trab and horas_acum_trab are computed (payroll.ts). */
export const trabajadorFields = {
  periodo: periodoField(),
  nombre: requiredText(MSG_NOMBRE_TRABAJADOR_OBLIGATORIO, 120),
  dias_trab: diasTrabField(),
  horas_extras: quarterHoursField(MSG_HORAS_EXTRAS_NEGATIVAS),
  horas_retraso: quarterHoursField(MSG_HORAS_RETRASO_NEGATIVAS),
  observacion: optionalText(500),
};

export const trabajadorSchema = z.object(trabajadorFields, { error: MSG_BODY_OBJETO });
export type TrabajadorInput = z.input<typeof trabajadorSchema>;
export type TrabajadorData = z.output<typeof trabajadorSchema>;

/**
 * Days worked beyond the period's real month length (31 passes the field, not February):
 * the message, or null when they fit. For a check that knows the row's period.
 */
export function checkDiasEnPeriodo(diasTrab: number, periodo: string): string | null {
  const dias = daysInPeriodo(periodo);
  return diasTrab > dias ? MSG_DIAS_EXCEDEN_MES(periodo, dias) : null;
}

/** Query of POST api/trabajadores/copiar?de=YYYY-MM&a=YYYY-MM. */
export const copiarPlanillaQuery = z.object({ de: periodoField(), a: periodoField() }, { error: MSG_PERIODO_INVALIDO });

/**
 * The month and year filters (?mes=03&anio=2026) as a period; both missing → null (the
 * caller picks the current period); one missing or out of range → "Periodo inválido.".
 */
export const mesAnioQuery = z
  .object({
    mes: z.union([z.string(), z.number()]).optional(),
    anio: z.union([z.string(), z.number()]).optional(),
  })
  .transform((q, ctx): string | null => {
    if ((q.mes === undefined || q.mes === "") && (q.anio === undefined || q.anio === "")) return null;
    const periodo = periodoFromMesAnio(q.mes, q.anio);
    if (periodo === null) {
      ctx.addIssue({ code: "custom", message: MSG_PERIODO_INVALIDO, path: ["mes"] });
      return z.NEVER;
    }
    return periodo;
  });

/**
 * The installer of a UTV record: one of the fixed list of six (src/config/empresa.ts),
 * matched ignoring case and surrounding spaces and stored with the list's spelling;
 * empty → null (not assigned yet).
 */
export function instaladorField() {
  return optionalText(100).transform((v, ctx): Instalador | null => {
    if (v === null) return null;
    const lower = v.toLocaleLowerCase("es-CL");
    const match = INSTALADORES.find((x) => x.toLocaleLowerCase("es-CL") === lower);
    if (match) return match;
    ctx.addIssue({ code: "custom", message: MSG_INSTALADOR_INVALIDO });
    return z.NEVER;
  });
}
