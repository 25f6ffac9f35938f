// Stock Actual (specification sections 2.5, 4 and 9; design page "Inventory").
import type { NumberLike } from "../format/number";
import { fromQtyUnits, toQtyUnits } from "./quantity";

export const STOCK_STATUSES = ["OK", "Bajo Stock"] as const;
export type StockStatus = (typeof STOCK_STATUSES)[number];

/** Texts of the screen (section 2.5). */
export const LABEL_MOSTRAR_STOCK_CERO = "Mostrar productos con stock 0";
export const MSG_STOCK_SIN_PRODUCTOS = "No hay productos para mostrar.";
export const MSG_STOCK_SIN_RESERVAS = "No hay reservas activas para este producto.";
/** Shown while a row's reservations load; the specification gives no text (our wording). */
export const MSG_STOCK_CARGANDO_RESERVAS = "Cargando reservas...";

/** Low stock (sections 4 and 9): current stock below the minimum (an empty minimum is 0). */
export function isLowStock(stockActual: NumberLike, stockMinimo: NumberLike): boolean {
  return toQtyUnits(stockActual) < toQtyUnits(stockMinimo);
}

/** "Bajo Stock" when current stock is below the minimum, otherwise "OK". */
export function stockStatus(stockActual: NumberLike, stockMinimo: NumberLike): StockStatus {
  return isLowStock(stockActual, stockMinimo) ? "Bajo Stock" : "OK";
}

/** Available = current − reserved (design page). Negative means a shortage. */
export function stockDisponible(stockActual: NumberLike, stockReservado: NumberLike): number {
  return fromQtyUnits(toQtyUnits(stockActual) - toQtyUnits(stockReservado));
}

/** Rows with reserved stock above 0 are highlighted (section 4). */
export function isReservedHighlighted(stockReservado: NumberLike): boolean {
  return toQtyUnits(stockReservado) > 0;
}

/**
 * What a work still holds of a product (design page): its pauta quantity less what has
 * already left for that quote, never below 0.
 */
export function reservaPendiente(cantidadPauta: NumberLike, cantidadSalida: NumberLike): number {
  return fromQtyUnits(Math.max(0, toQtyUnits(cantidadPauta) - toQtyUnits(cantidadSalida)));
}

/** The fields of a GET api/inventario row that the rules read. */
export interface StockRowLike {
  codigo: string;
  producto: string;
  stock_actual: NumberLike;
  stock_reservado?: NumberLike;
  stock_minimo?: NumberLike;
}

export interface StockListingOptions {
  /** Text filter: matches code or product, ignoring case. */
  filtro?: string | null;
  /** "Mostrar productos con stock 0". */
  mostrarStockCero?: boolean;
  /** Only "Bajo Stock" rows (the low-stock filter of issue 10). */
  soloBajoStock?: boolean;
}

function lower(text: string | null | undefined): string {
  return (text ?? "").toLocaleLowerCase("es-CL");
}

/** The text filter of section 9: code or product contains the text, ignoring case; empty matches all. */
export function matchesStockFilter(row: Pick<StockRowLike, "codigo" | "producto">, filtro: string | null | undefined): boolean {
  return matchesLowered(row, lower(filtro?.trim()));
}

function matchesLowered(row: Pick<StockRowLike, "codigo" | "producto">, f: string): boolean {
  return f === "" || lower(String(row.codigo ?? "")).includes(f) || lower(row.producto).includes(f);
}

const codeCollator = new Intl.Collator("es-CL", { numeric: true, sensitivity: "base" });

/**
 * Section 9's order: reserved stock descending. Equal reserved stock (most rows: 0) falls
 * back to the code, numeric-aware (9999 before 10000), so the list does not depend on
 * the order the server sent.
 */
export function compareStockRows(a: StockRowLike, b: StockRowLike): number {
  return toQtyUnits(b.stock_reservado) - toQtyUnits(a.stock_reservado) || codeCollator.compare(String(a.codigo), String(b.codigo));
}

/**
 * The Stock Actual list (sections 2.5 and 9): rows with current stock 0 hidden unless
 * "Mostrar productos con stock 0" is on, the text filter, optionally only low stock,
 * sorted by reserved stock descending. Returns a new array.
 */
export function stockListing<T extends StockRowLike>(rows: readonly T[], options: StockListingOptions = {}): T[] {
  const f = lower(options.filtro?.trim());
  const out = rows.filter((r) => {
    if (!options.mostrarStockCero && toQtyUnits(r.stock_actual) === 0) return false;
    if (options.soloBajoStock && !isLowStock(r.stock_actual, r.stock_minimo)) return false;
    return matchesLowered(r, f);
  });
  return out.sort(compareStockRows);
}

/** A product short of stock for the "Faltantes" view. */
export interface Shortage {
  disponible: number;
  stock_minimo: number;
  /** What the active works need beyond current stock: max(0, −disponible). */
  para_obras: number;
  /** What to buy to cover the works and bring available stock back to the minimum. */
  a_comprar: number;
}

/**
 * A shortage (issue 10, "Faltantes"): available stock (current − reserved) below 0 or
 * below the minimum. Decision: the quantity to buy brings available stock up to the
 * minimum (minimum − available), which covers the works and restores the safety stock;
 * `para_obras` is the part the works need (what brings it to 0). null when not short.
 */
export function stockShortage(row: StockRowLike): Shortage | null {
  const disponible = toQtyUnits(row.stock_actual) - toQtyUnits(row.stock_reservado);
  const minimo = Math.max(0, toQtyUnits(row.stock_minimo));
  if (disponible >= 0 && disponible >= minimo) return null;
  return {
    disponible: fromQtyUnits(disponible),
    stock_minimo: fromQtyUnits(minimo),
    para_obras: fromQtyUnits(Math.max(0, -disponible)),
    a_comprar: fromQtyUnits(minimo - disponible),
  };
}

/**
 * The "Faltantes" list: short products with their shortage, works' needs first
 * (para_obras descending), then the quantity to buy descending, then code.
 */
export function shortageListing<T extends StockRowLike>(rows: readonly T[]): Array<T & { faltante: Shortage }> {
  const out: Array<T & { faltante: Shortage }> = [];
  for (const r of rows) {
    const faltante = stockShortage(r);
    if (faltante) out.push({ ...r, faltante });
  }
  return out.sort(
    (a, b) =>
      b.faltante.para_obras - a.faltante.para_obras ||
      b.faltante.a_comprar - a.faltante.a_comprar ||
      codeCollator.compare(String(a.codigo), String(b.codigo)),
  );
}

/**
 * The query value "Crear OC" sends to Crear Orden de Compra (contract with purchasing):
 * `CODIGO:CANTIDAD,CODIGO:CANTIDAD`, the quantity to buy with a dot for decimals, each
 * code URI-encoded; products with nothing to buy are left out.
 */
export function faltantesQuery(rows: readonly { codigo: string; a_comprar: number }[]): string {
  return rows
    .filter((r) => toQtyUnits(r.a_comprar) > 0)
    .map((r) => `${encodeURIComponent(r.codigo)}:${fromQtyUnits(toQtyUnits(r.a_comprar))}`)
    .join(",");
}
