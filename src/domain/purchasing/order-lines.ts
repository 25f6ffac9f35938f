// Order item lines: pending quantity, its badge, nets and the order's totals
// (specification sections 2.6, 2.7, 4 and 9). One place for the sums the create and edit
// screens, the receipts screen and the PDF show (a saved order's net is the server's
// total_neto, kept at write time by server/services/derived/ordenes.ts).
import { roundPesos, totals, type Totals } from "../money";
import { roundQuantity, toQuantity, type NumericValue } from "./values";

export interface OrderLine {
  cantidad: NumericValue;
  precio_unitario?: NumericValue;
  cantidad_llegada?: NumericValue;
}

/** Pending quantity = total − arrived, never below 0 (an over-delivery is not a negative debt). */
export function pendingQuantity(item: Pick<OrderLine, "cantidad" | "cantidad_llegada">): number {
  return Math.max(0, roundQuantity(toQuantity(item.cantidad) - toQuantity(item.cantidad_llegada)));
}

export interface PendingBadge {
  /** Nothing pending. */
  complete: boolean;
  color: "green" | "red";
  icon: "check" | "warning";
}

/** Section 4: 0 pending shows a green check, anything else a red warning. */
export function pendingBadge(pendiente: number): PendingBadge {
  return pendiente > 0 ? { complete: false, color: "red", icon: "warning" } : { complete: true, color: "green", icon: "check" };
}

/** Receipts screen: the arrived-quantity input is green when nothing is pending, grey otherwise. */
export function arrivedInputColor(pendiente: number): "green" | "grey" {
  return pendiente > 0 ? "grey" : "green";
}

/** Net of an item line: cantidad × precio_unitario in whole pesos (empty values count as 0). */
export function itemNet(item: Pick<OrderLine, "cantidad" | "precio_unitario">): number {
  return roundPesos(toQuantity(item.cantidad) * toQuantity(item.precio_unitario));
}

/** Net of what arrived: cantidad_llegada × precio_unitario in whole pesos. */
export function arrivedNet(item: Pick<OrderLine, "cantidad_llegada" | "precio_unitario">): number {
  return roundPesos(toQuantity(item.cantidad_llegada) * toQuantity(item.precio_unitario));
}

/**
 * Net / IVA 19% / total of an order: the sum of its rounded line nets, then IVA on that
 * sum (the same rule as quotes). Screens, PDF and Excel all call this.
 */
export function orderTotals(items: readonly Pick<OrderLine, "cantidad" | "precio_unitario">[]): Totals {
  return totals(items.reduce((sum, it) => sum + itemNet(it), 0));
}

/** Totals of what arrived (the receipts screen's net / IVA 19% / total under each order). */
export function arrivedTotals(items: readonly Pick<OrderLine, "cantidad_llegada" | "precio_unitario">[]): Totals {
  return totals(items.reduce((sum, it) => sum + arrivedNet(it), 0));
}
