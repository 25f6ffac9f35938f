// Rules of the quote-item screens ("Ingreso de Ítems", "Editar Ítems"), specification 2.4
// and 9: which inputs an item shows, what ticking "Adicional" fills in, what an empty
// quantity means, and the options of the two selects. Both screens take them from here.
import { TIPOS_APERTURA, TIPOS_VENTANA } from "./utv";

export { CANTIDAD_VACIA, cantidadEfectiva } from "./cantidad";

/** Ticking "Adicional" with no frames typed starts at one frame. */
export const CUADROS_AL_MARCAR_ADICIONAL = 1;

export const TIPO_VENTANA_OPTIONS = TIPOS_VENTANA.map((t) => ({ value: t, label: t }));
export const TIPO_APERTURA_OPTIONS = TIPOS_APERTURA.map((t) => ({ value: t, label: t }));

export interface ItemFlags {
  observaciones?: boolean | null;
  adicional?: boolean | null;
}

/**
 * What an item's form shows: the observations text only with its flag; the "Adicional"
 * box only without observations (observations mean UTV 0); the frame count only when
 * "Adicional" shows and is ticked.
 */
export function itemInputs(item: ItemFlags): { textoObservaciones: boolean; adicional: boolean; cuadrosAdicionales: boolean } {
  const observaciones = Boolean(item.observaciones);
  return { textoObservaciones: observaciones, adicional: !observaciones, cuadrosAdicionales: !observaciones && Boolean(item.adicional) };
}

/** The frame count after ticking "Adicional": what was typed, or 1 when nothing was. */
export function cuadrosAlMarcarAdicional(current: string | number | null | undefined): string {
  return current === null || current === undefined || String(current).trim() === "" || Number(current) === 0
    ? String(CUADROS_AL_MARCAR_ADICIONAL)
    : String(current);
}

/**
 * An item as it is sent: inputs the form hides do not travel with stale values ("Adicional"
 * off under observations, no frames without "Adicional", the observations text only with
 * its flag); hidden values become empty ("").
 */
export function withoutHiddenInputs<T extends ItemFlags & { texto_observaciones?: unknown; cuadros_adicionales?: unknown }>(item: T): T {
  const shown = itemInputs(item);
  return {
    ...item,
    adicional: shown.cuadrosAdicionales,
    cuadros_adicionales: shown.cuadrosAdicionales ? item.cuadros_adicionales : "",
    texto_observaciones: shown.textoObservaciones ? item.texto_observaciones : "",
  };
}
