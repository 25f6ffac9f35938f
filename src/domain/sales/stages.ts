// The 16 stages of a work (specification sections 4 and 9), without zod: the home page
// reads them at sign-in, and zod stays out of that first bundle.
/** The 16 stages, in the specification's order. A work is complete when all are true. */
export const WORK_STAGES = [
  "presupuesto",
  "rectificacion",
  "accesorios",
  "gomas_cepillos",
  "herraje",
  "perfiles",
  "refuerzos",
  "tornillos",
  "vidrio",
  "planilla_corte",
  "fabricacion",
  "acopio",
  "despacho",
  "instalacion",
  "recepcion_final",
  "pago",
] as const;
export type WorkStage = (typeof WORK_STAGES)[number];

export type WorkStages = { [K in WorkStage]?: boolean | null };
