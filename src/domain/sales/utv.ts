// UTV (unidad de trabajo de ventana) of quote items, specification section 9.
import { roundHalfAwayFromZero, roundPesos } from "../money/round";
import { cantidadEfectiva } from "./cantidad";

/** Window types, exact spelling of the specification (section 3). First is the default. */
export const TIPOS_VENTANA = [
  "Doble Corredera",
  "Proyectante",
  "Fijo",
  "Oscilobatiente",
  "Doble corredera con fijo",
  "Marco puerta",
  "Otro",
] as const;
export type TipoVentana = (typeof TIPOS_VENTANA)[number];
export const TIPO_VENTANA_DEFAULT: TipoVentana = "Doble Corredera";

/** Opening sides (section 3). First is the default. */
export const TIPOS_APERTURA = ["Derecha", "Izquierda", "Por Definir"] as const;
export type TipoApertura = (typeof TIPOS_APERTURA)[number];
export const TIPO_APERTURA_DEFAULT: TipoApertura = "Derecha";

/** UTV weight per window type on quote items (section 9). */
export const UTV_POR_TIPO: Readonly<Record<TipoVentana, number>> = {
  Fijo: 0.5,
  "Doble corredera con fijo": 2.5,
  "Marco puerta": 2.5,
  Proyectante: 1,
  Oscilobatiente: 1,
  "Doble Corredera": 2,
  Otro: 0,
};

/** UTV added per additional frame when the "adicional" flag is on. */
export const UTV_POR_CUADRO_ADICIONAL = 0.5;
/** Pesos per UTV. */
export const UTV_VALOR_PESOS = 20000;

export interface UtvInput {
  tipo_ventana: TipoVentana | string | null | undefined;
  observaciones?: boolean | null;
  adicional?: boolean | null;
  cuadros_adicionales?: number | null;
  cantidad?: number | null;
}

export interface UtvResult {
  /** UTV of one window. */
  utvUnitario: number;
  /** utvUnitario × cantidad, 2 decimals. */
  utv: number;
  /** utv × 20000, whole pesos. */
  utv_monto: number;
}

/** The weight of a window type; an unknown or empty type weighs 0 (like "Otro"). */
export function utvPorTipo(tipo: string | null | undefined): number {
  if (tipo && Object.prototype.hasOwnProperty.call(UTV_POR_TIPO, tipo)) return UTV_POR_TIPO[tipo as TipoVentana];
  return 0;
}

/**
 * UTV of a quote item (section 9):
 * - observations flag on → unit UTV 0;
 * - otherwise the type's weight, plus 0.5 per additional frame when "adicional" is on
 *   (the frame count is ignored when it is off; a missing or negative count is 0);
 * - total UTV = unit × cantidad, where an empty cantidad (null/undefined) counts as 1
 *   and an explicit 0 stays 0;
 * - amount = total UTV × 20000 pesos.
 * utv is rounded to 2 decimals and utv_monto is computed from that rounded utv, so the
 * two figures shown side by side always agree (utv × 20000 = utv_monto).
 */
export function computeItemUtv(input: UtvInput): UtvResult {
  let utvUnitario = 0;
  if (!input.observaciones) {
    const frames = input.adicional ? Math.max(0, input.cuadros_adicionales ?? 0) : 0;
    utvUnitario = utvPorTipo(input.tipo_ventana) + UTV_POR_CUADRO_ADICIONAL * frames;
  }
  const cantidad = cantidadEfectiva(input.cantidad);
  const utv = roundHalfAwayFromZero(utvUnitario * cantidad, 2);
  const utv_monto = roundPesos(utv * UTV_VALOR_PESOS);
  return { utvUnitario, utv, utv_monto };
}

/** Sum of the UTV of a quote's items ({ utv: 2 decimals, utv_monto: pesos }). */
export function quoteUtvTotals(items: readonly UtvInput[]): { utv: number; utv_monto: number } {
  let utv = 0;
  let utv_monto = 0;
  for (const it of items) {
    const r = computeItemUtv(it);
    utv += r.utv;
    utv_monto += r.utv_monto;
  }
  return { utv: roundHalfAwayFromZero(utv, 2), utv_monto };
}

/**
 * A window type or opening as documents print it: one capitalisation for all, the first
 * letter upper-case and the rest lower ("Doble Corredera" and "Doble corredera con fijo"
 * both print as "Doble corredera…"; "Por Definir" → "Por definir"). The stored value
 * keeps the specification's spelling.
 */
export function tipoLabel(value: string): string {
  const t = value.trim().toLocaleLowerCase("es-CL");
  return t.charAt(0).toLocaleUpperCase("es-CL") + t.slice(1);
}
