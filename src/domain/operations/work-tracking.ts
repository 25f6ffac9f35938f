// "Seguimiento Obras" (specification sections 2.7, 4 and 9). The 16 stages, the Material
// group and the rectification deadline live in src/domain/sales/tracking.ts (a quote
// creates its tracking record); they are re-exported here for the operations screens.
// This module adds the card rules and the hints taken from data: the user still decides.
import {
  isRectificacionVencida,
  MATERIAL_STAGES,
  rectificacionFechaMax,
  WORK_STAGES,
  type WorkStage,
  type WorkStages,
} from "../sales";
import { roundQuantity, toQuantity, type NumericValue } from "../purchasing/values";
import type { ClientPaymentSummary } from "./client-payments";

export {
  isRectificacionVencida,
  isWorkComplete,
  isWorkStage,
  MATERIAL_STAGES,
  RECTIFICACION_PLAZO_DEFAULT,
  rectificacionFechaMax,
  WORK_STAGE_LABELS,
  WORK_STAGES,
} from "../sales";
export type { WorkStage, WorkStages } from "../sales";

export type MaterialStage = (typeof MATERIAL_STAGES)[number];

/** Stages that are not in the Material group, in the specification's order. */
export const NON_MATERIAL_STAGES: readonly WorkStage[] = WORK_STAGES.filter((s) => !(MATERIAL_STAGES as readonly string[]).includes(s));

/**
 * The pauta category of each Material stage (the pauta tables spell gomascepillos without
 * the underscore). The "instalacion" pauta category has no Material stage.
 */
export const MATERIAL_STAGE_PAUTA_CATEGORY: Readonly<Record<MaterialStage, string>> = {
  perfiles: "perfiles",
  refuerzos: "refuerzos",
  tornillos: "tornillos",
  accesorios: "accesorios",
  gomas_cepillos: "gomascepillos",
  herraje: "herraje",
  vidrio: "vidrio",
};

export interface RectificacionDeadline {
  /** "Fecha Máx": rectificacion_fecha + plazo days (5 when empty); null without a date. */
  fechaMax: string | null;
  /** Shown red once the deadline day has passed. */
  vencido: boolean;
}

export function rectificacionDeadline(
  record: { rectificacion_fecha?: string | null; rectificacion_plazo_dias?: number | null },
  today: string,
): RectificacionDeadline {
  const fechaMax = rectificacionFechaMax(record.rectificacion_fecha ?? null, record.rectificacion_plazo_dias ?? null);
  return { fechaMax, vencido: isRectificacionVencida(fechaMax, today) };
}

export interface PautaLineProgress {
  /** Pauta category: perfiles, refuerzos, herraje, accesorios, gomascepillos, tornillos, vidrio, instalacion. */
  categoria: string;
  /** Quantity the pauta asks for. */
  cantidad: NumericValue;
  /** Arrived for the work on its purchase orders. */
  llegado?: NumericValue;
  /** Left the warehouse for the work (material exits). */
  salido?: NumericValue;
}

/**
 * A pauta line is covered when what arrived for the work, or what left for it, reaches
 * its quantity. The larger of the two counts (not their sum): material bought for the
 * work usually arrives and then leaves, and must not be counted twice.
 */
export function isPautaLineCovered(line: PautaLineProgress): boolean {
  const need = toQuantity(line.cantidad);
  const got = Math.max(toQuantity(line.llegado), toQuantity(line.salido));
  return roundQuantity(got - need) >= 0;
}

/**
 * Material stages that may be hinted: every pauta line of that category is covered.
 * A category without pauta lines gives no hint (no data to judge by).
 */
export function materialStageHints(lines: readonly PautaLineProgress[]): MaterialStage[] {
  return MATERIAL_STAGES.filter((stage) => {
    const category = MATERIAL_STAGE_PAUTA_CATEGORY[stage];
    const ofCategory = lines.filter((l) => l.categoria.trim().toLowerCase() === category);
    return ofCategory.length > 0 && ofCategory.every(isPautaLineCovered);
  });
}

/** "pago" may be hinted when the client's balance is settled (summary state Pagado). */
export function isPaymentHinted(summary: Pick<ClientPaymentSummary, "estado"> | null | undefined): boolean {
  return summary?.estado === "Pagado";
}

/**
 * Every stage hint of a work card: the Material stages whose pauta lines are covered and
 * "pago" when the balance is settled, leaving out stages already marked.
 */
export function workStageHints(input: {
  record: WorkStages;
  pautaLines: readonly PautaLineProgress[];
  payments?: Pick<ClientPaymentSummary, "estado"> | null;
}): WorkStage[] {
  const hinted = new Set<WorkStage>(materialStageHints(input.pautaLines));
  if (isPaymentHinted(input.payments)) hinted.add("pago");
  return WORK_STAGES.filter((s) => hinted.has(s) && input.record[s] !== true);
}
