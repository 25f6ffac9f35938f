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

/**
 * Low stock (sections 4 and 9): current stock below the minimum (an empty minimum is 0).
 * The server's `bajo_stock` (derived/stock-reservado.ts) is the figure the screens show;
 * this is its named reference in the parity tests.
 */
export function isLowStock(stockActual: NumberLike, stockMinimo: NumberLike): boolean {
  return toQtyUnits(stockActual) < toQtyUnits(stockMinimo);
}

/** The Estado tag of a row: the server's `bajo_stock` as the screen's words. */
export function stockStatus(bajoStock: boolean): StockStatus {
  return bajoStock ? "Bajo Stock" : "OK";
}

/**
 * Available = current − reserved (design page). Negative means a shortage. The server's
 * `stock_disponible` is the figure shown; this is its named reference in the parity tests.
 */
export function stockDisponible(stockActual: NumberLike, stockReservado: NumberLike): number {
  return fromQtyUnits(toQtyUnits(stockActual) - toQtyUnits(stockReservado));
}

/** Rows with reserved stock above 0 are highlighted (section 4). */
export function isReservedHighlighted(stockReservado: NumberLike): boolean {
  return toQtyUnits(stockReservado) > 0;
}

/**
 * What a work still holds of a product (design page): its pauta quantity less what has
 * already left for that quote, never below 0. The definition that runs is the view
 * reservas_obra (server/db/schema/reservas.ts); this is its named reference in the parity
 * tests (tests/api/derived-stock-parity.test.ts, inventario.test.ts).
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
