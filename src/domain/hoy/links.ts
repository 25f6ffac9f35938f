// What each card's `?filtro=…` means on its screen: the list parameters of that filter. The
// cards' links are built in src/custom-pages/platform/home/card-links.ts (web addresses stay
// out of src/domain) and the screens read `filtro` on load with these functions, so a card
// and its screen count the same rows.
import { INVOICE_PAYMENT_STATES } from "../operations/invoices";
import { DIAS_OC_ATRASADA, endOfWeek, lateOrderBefore, monthOf, stalledBefore } from "./rules";

type Params = Record<string, string | string[]>;

/** Registro de Compras SII's filter: the home card's facturas still to accept or claim (GET api/facturas_sii/por-aceptar). */
export const RCV_FILTROS = {
  "por-aceptar": "Facturas del SII por aceptar o reclamar",
} as const;

export const FACTURAS_FILTROS = {
  "por-pagar": "Facturas vencidas y por vencer esta semana",
} as const;

/** GET api/facturas_estado parameters of a `filtro` (null: unknown filter, none applied). */
export function facturasFilterParams(filtro: string | null, today: string): Params | null {
  if (filtro === "por-pagar") {
    const estados: (typeof INVOICE_PAYMENT_STATES)[number][] = ["Vencida", "Vigente"];
    return { estado_calculado: estados, vencimiento_lte: endOfWeek(today), _sort: "vencimiento", _order: "asc" };
  }
  return null;
}

export const SEGUIMIENTO_FILTROS = {
  "rectificacion-vencida": "Obras con la rectificación vencida",
  detenidas: "Obras detenidas en una etapa",
  "sin-pauta": "Obras aceptadas sin pauta",
} as const;

/**
 * GET api/seguimiento_obras parameters of a `filtro`. A work is accepted when its
 * "Presupuesto" stage is done and active until its final reception.
 */
export function seguimientoFilterParams(filtro: string | null, today: string): Params | null {
  if (filtro === "rectificacion-vencida") return { rectificacion: "true", recepcion_final: "false", fecha_max_lt: today, _sort: "fecha_max", _order: "asc" };
  if (filtro === "detenidas") return { presupuesto: "true", recepcion_final: "false", etapa_fecha_lt: stalledBefore(today), _sort: "etapa_fecha", _order: "asc" };
  if (filtro === "sin-pauta") return { presupuesto: "true", recepcion_final: "false", con_pauta: "false" };
  return null;
}

export const RESUMEN_FILTROS = { "margen-negativo": "Obras activas con costo de material sobre el neto presupuestado" } as const;

export function resumenFilterParams(filtro: string | null): Params | null {
  return filtro === "margen-negativo" ? { margen_negativo: "true", _sort: "total_neto_real", _order: "desc" } : null;
}

export const ORDENES_FILTROS = { atrasadas: `Órdenes pendientes de más de ${DIAS_OC_ATRASADA} días` };

/** GET api/ordenes_compra_estado parameters: pending orders dated before the cut. */
export function ordenesFilterParams(filtro: string | null, today: string): Params | null {
  return filtro === "atrasadas" ? { estado: "PENDIENTE", fecha_lt: lateOrderBefore(today) } : null;
}

export const PRESUPUESTOS_FILTROS = { mes: "Presupuestos de este mes", "sin-items": "Presupuestos sin ítems", "aceptados-hoy": "Presupuestos aceptados hoy por el cliente" } as const;

/** Refine filters of the quotes list for a `filtro`. */
export function presupuestosFilters(filtro: string | null, today: string): { field: string; operator: "gte" | "lte" | "eq"; value: string }[] | null {
  if (filtro === "mes") {
    return [
      { field: "fecha", operator: "gte", value: monthOf(today).desde },
      { field: "fecha", operator: "lte", value: today },
    ];
  }
  if (filtro === "sin-items") return [{ field: "sin_items", operator: "eq", value: "true" }];
  if (filtro === "aceptados-hoy") return [{ field: "aceptado_fecha", operator: "eq", value: today }];
  return null;
}
