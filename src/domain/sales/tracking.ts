// Work tracking (seguimiento de obras), specification sections 4 and 9.
import { z } from "zod";
import { addDays } from "../dates/dates";
import { WORK_STAGES, type WorkStage, type WorkStages } from "./stages";

export { WORK_STAGES, type WorkStage, type WorkStages };

/** Stages grouped under "Material" on the tracking screen. */
export const MATERIAL_STAGES = ["perfiles", "refuerzos", "tornillos", "accesorios", "gomas_cepillos", "herraje", "vidrio"] as const satisfies readonly WorkStage[];

/** Column headings (es-CL). */
export const WORK_STAGE_LABELS: Readonly<Record<WorkStage, string>> = {
  presupuesto: "Presupuesto",
  rectificacion: "Rectificación",
  accesorios: "Accesorios",
  gomas_cepillos: "Gomas/Cepillos",
  herraje: "Herraje",
  perfiles: "Perfiles",
  refuerzos: "Refuerzos",
  tornillos: "Tornillos",
  vidrio: "Vidrio",
  planilla_corte: "Planilla de corte",
  fabricacion: "Fabricación",
  acopio: "Acopio",
  despacho: "Despacho",
  instalacion: "Instalación",
  recepcion_final: "Recepción final",
  pago: "Pago",
};

/** Default rectification deadline in days. */
export const RECTIFICACION_PLAZO_DEFAULT = 5;

export function isWorkStage(value: unknown): value is WorkStage {
  return typeof value === "string" && (WORK_STAGES as readonly string[]).includes(value);
}

/** Body of PUT api/seguimiento_obras/{id}/toggle: only the 16 stage names. */
export const toggleStageSchema = z.object({
  campo: z.enum(WORK_STAGES, { error: "Etapa desconocida" }),
});


/** Complete when every one of the 16 stages is true (missing or null counts as false). */
export function isWorkComplete(record: WorkStages): boolean {
  return WORK_STAGES.every((s) => record[s] === true);
}

/**
 * The rectification deadline ("Fecha Máx"): rectification date plus the days
 * (default 5 when empty). No date → null.
 */
export function rectificacionFechaMax(fecha: string | null | undefined, dias: number | null | undefined): string | null {
  if (!fecha) return null;
  const d = dias ?? RECTIFICACION_PLAZO_DEFAULT;
  return addDays(fecha.slice(0, 10), Math.trunc(d));
}

/** Shown red (vencido) once passed: today is after the deadline (the deadline day itself is still on time). */
export function isRectificacionVencida(fechaMax: string | null | undefined, today: string): boolean {
  return !!fechaMax && today > fechaMax;
}
