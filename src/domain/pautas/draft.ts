// The lists "Pautas de Materiales" builds before "Guardar TODO" (specification sections
// 2.7 and 5): one list per category, lines added by hand ("Añadir") or from a CSV. A code
// appears once per list: adding it again adds the quantities up, as the server does with
// what a quote already has. Issue 23.10: a quantity given by hand is stored as given; only
// the CSV's quantities (metres for perfiles and refuerzos) become bars of 5.8 m (or are
// rounded up). The quantity shown is the one the server will store.
import { fromQtyUnits, toQtyUnits } from "../inventory/quantity";
import { PAUTA_CATEGORIES, pautaLineFromParts, type PautaCategory } from "./categories";
import type { PautaItemInput } from "./schemas";

export interface PautaDraftLine {
  codigo: string;
  producto: string;
  /** Given by hand ("Añadir", or the quantity edited in the list): stored as given. */
  por_mano: number;
  /** Read from the CSV (metres for perfiles and refuerzos): the server converts it. */
  de_lista: number;
  /** What the server will store: por_mano + pautaCantidad(category, de_lista). */
  cantidad: number;
}

/** A line to add: a quantity given by hand, a CSV quantity, or both. */
export interface PautaDraftInput {
  codigo: string;
  producto: string;
  por_mano?: number;
  de_lista?: number;
}

export type PautaDraftLists = Record<PautaCategory, PautaDraftLine[]>;

export function emptyDraftLists(): PautaDraftLists {
  return Object.fromEntries(PAUTA_CATEGORIES.map((c) => [c, []])) as unknown as PautaDraftLists;
}

/** Lines on all lists. */
export function draftLineCount(lists: PautaDraftLists): number {
  return PAUTA_CATEGORIES.reduce((n, c) => n + lists[c].length, 0);
}

function draftLine(category: PautaCategory, codigo: string, producto: string, mano: number, lista: number): PautaDraftLine {
  const por_mano = fromQtyUnits(mano);
  const de_lista = fromQtyUnits(lista);
  return { codigo, producto, por_mano, de_lista, cantidad: pautaLineFromParts(category, { porMano: por_mano, deLista: de_lista }).cantidad };
}

/**
 * Adds lines to a category's list: a code already listed gets the quantities added (its
 * first product name stays), a new code goes last. Codes are compared trimmed.
 */
export function addDraftLines(lists: PautaDraftLists, category: PautaCategory, lines: ReadonlyArray<PautaDraftInput>): PautaDraftLists {
  const byCode = new Map<string, { producto: string; mano: number; lista: number }>();
  for (const l of [...lists[category], ...lines]) {
    const codigo = l.codigo.trim();
    const seen = byCode.get(codigo) ?? { producto: l.producto.trim(), mano: 0, lista: 0 };
    seen.mano += toQtyUnits(l.por_mano ?? 0);
    seen.lista += toQtyUnits(l.de_lista ?? 0);
    byCode.set(codigo, seen);
  }
  const merged = [...byCode].map(([codigo, l]) => draftLine(category, codigo, l.producto, l.mano, l.lista));
  return { ...lists, [category]: merged };
}

/** Sets a listed line's quantity by hand: the line is then stored with exactly that quantity. */
export function setDraftCantidad(lists: PautaDraftLists, category: PautaCategory, codigo: string, cantidad: number): PautaDraftLists {
  return {
    ...lists,
    [category]: lists[category].map((l) => (l.codigo === codigo ? draftLine(category, l.codigo, l.producto, toQtyUnits(cantidad), 0) : l)),
  };
}

export function removeDraftLine(lists: PautaDraftLists, category: PautaCategory, codigo: string): PautaDraftLists {
  return { ...lists, [category]: lists[category].filter((l) => l.codigo !== codigo) };
}

/**
 * The `categorias` of POST api/ot_pautas/lote: the non-empty lists. A line's CSV part goes
 * as `cantidad_original` (the server converts it) and its part given by hand as `cantidad`
 * alone (stored as given); the server adds the two items of a code up.
 */
export function draftToLote(lists: PautaDraftLists): Partial<Record<PautaCategory, PautaItemInput[]>> {
  const out: Partial<Record<PautaCategory, PautaItemInput[]>> = {};
  for (const c of PAUTA_CATEGORIES) {
    if (lists[c].length === 0) continue;
    out[c] = lists[c].flatMap((l) => [
      ...(l.de_lista > 0 ? [{ codigo: l.codigo, producto: l.producto, cantidad_original: l.de_lista }] : []),
      ...(l.por_mano > 0 ? [{ codigo: l.codigo, producto: l.producto, cantidad: l.por_mano }] : []),
    ]);
  }
  return out;
}

/** Rows grouped by their category, every category present, in the rows' order. */
export function groupPautasByCategory<T extends { categoria: PautaCategory }>(rows: readonly T[]): Record<PautaCategory, T[]> {
  const out = Object.fromEntries(PAUTA_CATEGORIES.map((c) => [c, [] as T[]])) as unknown as Record<PautaCategory, T[]>;
  for (const r of rows) out[r.categoria]?.push(r);
  return out;
}
