// Technical-list (pauta) categories, specification sections 3 and 7 and the design page.
import { ceilDivInt, fromQtyUnits, QTY_SCALE, toQtyUnits } from "../inventory/quantity";
import type { NumberLike } from "../format/number";

/** The eight categories, in the specification's order (section 3). */
export const PAUTA_CATEGORIES = [
  "perfiles",
  "refuerzos",
  "herraje",
  "accesorios",
  "gomascepillos",
  "tornillos",
  "vidrio",
  "instalacion",
] as const;
export type PautaCategory = (typeof PAUTA_CATEGORIES)[number];

/** Headings (es-CL). */
export const PAUTA_CATEGORY_LABELS: Readonly<Record<PautaCategory, string>> = {
  perfiles: "Perfiles",
  refuerzos: "Refuerzos",
  herraje: "Herraje",
  accesorios: "Accesorios",
  gomascepillos: "Gomas/Cepillos",
  tornillos: "Tornillos",
  vidrio: "Vidrio",
  instalacion: "Instalación",
};

export function isPautaCategory(value: unknown): value is PautaCategory {
  return typeof value === "string" && (PAUTA_CATEGORIES as readonly string[]).includes(value);
}

const TABLE_PREFIX = "ot_pautas_";

/** The original service's table of a category: "perfiles" → "ot_pautas_perfiles". */
export function pautaTableName(category: PautaCategory): `ot_pautas_${PautaCategory}` {
  return `${TABLE_PREFIX}${category}`;
}

/**
 * `{table}` of PATCH api/stock-reservado/{table}/{id}: the category name or the original
 * table name ("vidrio" or "ot_pautas_vidrio") → the category; anything else → null.
 */
export function pautaCategoryFromTable(table: string | null | undefined): PautaCategory | null {
  if (typeof table !== "string") return null;
  if (isPautaCategory(table)) return table;
  if (table.startsWith(TABLE_PREFIX)) {
    const rest = table.slice(TABLE_PREFIX.length);
    if (isPautaCategory(rest)) return rest;
  }
  return null;
}

/** Bar length in metres for perfiles and refuerzos (section 9). */
export const BAR_LENGTH_M = 5.8;

/** Categories counted in bars of 5.8 m (section 5). */
export const BAR_CATEGORIES = ["perfiles", "refuerzos"] as const satisfies readonly PautaCategory[];

export function isBarCategory(category: PautaCategory): boolean {
  return (BAR_CATEGORIES as readonly string[]).includes(category);
}

const BAR_UNITS = Math.round(BAR_LENGTH_M * QTY_SCALE); // 58000 ten-thousandths

/**
 * The quantity a pauta line needs from its original quantity (section 5): perfiles and
 * refuerzos in bars, ⌈metres / 5.8⌉; every other category ⌈quantity⌉. Computed in whole
 * ten-thousandths, so 23.2 m is 4 bars, 23.3 m is 5, and 40.6 m is exactly 7 (in floats
 * 40.6 / 5.8 = 7.000000000000001, which Math.ceil would make 8).
 * Empty, zero or negative gives 0.
 */
export function pautaCantidad(category: PautaCategory, cantidadOriginal: NumberLike): number {
  const units = toQtyUnits(cantidadOriginal);
  if (units <= 0) return 0;
  return ceilDivInt(units, isBarCategory(category) ? BAR_UNITS : QTY_SCALE);
}

/**
 * The original quantity a quantity given by hand stands for (issue 23.10): a line typed in
 * bars counts 5.8 m a bar in perfiles and refuerzos, so a list quantity added to it later
 * rounds up together with it (7 bars = 40.6 m; + 2.9 m = 43.5 m = 8 bars). Other categories:
 * the quantity itself.
 */
export function originalOfQuantity(category: PautaCategory, cantidad: NumberLike): number {
  const units = toQtyUnits(cantidad);
  return fromQtyUnits(isBarCategory(category) ? Math.round((units * BAR_UNITS) / QTY_SCALE) : units);
}

/**
 * A line of one code from its parts (issue 23.10): `porMano`, quantities given by hand
 * (stored as given), and `deLista`, original quantities of a list (the CSV import: bars of
 * 5.8 m or rounded up, once for their sum). The bar conversion applies only to the list part.
 */
export function pautaLineFromParts(category: PautaCategory, parts: { porMano: NumberLike; deLista: NumberLike }): { cantidad: number; cantidad_original: number } {
  const mano = toQtyUnits(parts.porMano);
  const lista = toQtyUnits(parts.deLista);
  return {
    cantidad: fromQtyUnits(mano + toQtyUnits(pautaCantidad(category, fromQtyUnits(lista)))),
    cantidad_original: fromQtyUnits(lista + toQtyUnits(originalOfQuantity(category, fromQtyUnits(mano)))),
  };
}

/** A pauta line as the lists and the `lote` body carry it. */
export interface PautaLine {
  codigo: string;
  producto: string;
  cantidad: NumberLike;
  cantidad_original?: NumberLike;
}
