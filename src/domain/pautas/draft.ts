// The lists "Pautas de Materiales" builds before "Guardar TODO" (specification sections
// 2.7 and 5): one list per category, lines added by hand ("Añadir") or from a CSV. A code
// appears once per list: adding it again adds the quantities up, as the server does with
// what a quote already has. The quantity shown is the one the server will store,
// pautaCantidad of the original quantity (bars of 5.8 m for perfiles and refuerzos).
import { fromQtyUnits, toQtyUnits } from "../inventory/quantity";
import { PAUTA_CATEGORIES, pautaCantidad, type PautaCategory } from "./categories";

export interface PautaDraftLine {
  codigo: string;
  producto: string;
  /** As entered or read from the file (metres for perfiles and refuerzos). */
  cantidad_original: number;
  /** pautaCantidad(category, cantidad_original). */
  cantidad: number;
}

export type PautaDraftLists = Record<PautaCategory, PautaDraftLine[]>;

export function emptyDraftLists(): PautaDraftLists {
  return Object.fromEntries(PAUTA_CATEGORIES.map((c) => [c, []])) as unknown as PautaDraftLists;
}

/** Lines on all lists. */
export function draftLineCount(lists: PautaDraftLists): number {
  return PAUTA_CATEGORIES.reduce((n, c) => n + lists[c].length, 0);
}

/**
 * Adds lines to a category's list: a code already listed gets the quantity added (its
 * first product name stays), a new code goes last. Codes are compared trimmed.
 */
export function addDraftLines(
  lists: PautaDraftLists,
  category: PautaCategory,
  lines: ReadonlyArray<{ codigo: string; producto: string; cantidad_original: number }>,
): PautaDraftLists {
  const byCode = new Map<string, { codigo: string; producto: string; units: number }>();
  for (const l of [...lists[category], ...lines]) {
    const codigo = l.codigo.trim();
    const seen = byCode.get(codigo);
    if (seen) seen.units += toQtyUnits(l.cantidad_original);
    else byCode.set(codigo, { codigo, producto: l.producto.trim(), units: toQtyUnits(l.cantidad_original) });
  }
  const merged = [...byCode.values()].map(({ codigo, producto, units }) => {
    const original = fromQtyUnits(units);
    return { codigo, producto, cantidad_original: original, cantidad: pautaCantidad(category, original) };
  });
  return { ...lists, [category]: merged };
}

/** Changes a listed line's original quantity (its quantity follows). */
export function setDraftOriginal(lists: PautaDraftLists, category: PautaCategory, codigo: string, original: number): PautaDraftLists {
  return {
    ...lists,
    [category]: lists[category].map((l) =>
      l.codigo === codigo ? { ...l, cantidad_original: fromQtyUnits(toQtyUnits(original)), cantidad: pautaCantidad(category, original) } : l,
    ),
  };
}

export function removeDraftLine(lists: PautaDraftLists, category: PautaCategory, codigo: string): PautaDraftLists {
  return { ...lists, [category]: lists[category].filter((l) => l.codigo !== codigo) };
}

/** The `categorias` of POST api/ot_pautas/lote: the non-empty lists. */
export function draftToLote(lists: PautaDraftLists): Partial<Record<PautaCategory, PautaDraftLine[]>> {
  const out: Partial<Record<PautaCategory, PautaDraftLine[]>> = {};
  for (const c of PAUTA_CATEGORIES) if (lists[c].length > 0) out[c] = lists[c].map((l) => ({ ...l }));
  return out;
}

/** Rows grouped by their category, every category present, in the rows' order. */
export function groupPautasByCategory<T extends { categoria: PautaCategory }>(rows: readonly T[]): Record<PautaCategory, T[]> {
  const out = Object.fromEntries(PAUTA_CATEGORIES.map((c) => [c, [] as T[]])) as unknown as Record<PautaCategory, T[]>;
  for (const r of rows) out[r.categoria]?.push(r);
  return out;
}
