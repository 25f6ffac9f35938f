// What an empty quantity of a quote item means (specification 9): the one rule the UTV, the
// line total, the screens and the PDF all read.

/** An empty quantity counts as 1, for the UTV and for the line total; the screens show it so. */
export const CANTIDAD_VACIA = 1;

/** The quantity a quote line counts: an empty one (null/undefined) is CANTIDAD_VACIA; an explicit 0 stays 0. */
export function cantidadEfectiva(cantidad: number | null | undefined): number {
  return cantidad ?? CANTIDAD_VACIA;
}
