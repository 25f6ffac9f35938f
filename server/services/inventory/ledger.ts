// The one way stock changes (design page "Inventory: one ledger, derived figures"):
// inside the caller's write() transaction, lock the product row, append the movement
// with the balance it leaves, and move `stock_actual` (and, for a purchase receipt, the
// last price) on the product row. Row locks on the movements alone would miss concurrent
// inserts; the product row lock makes two writers on one product take turns, so two
// exits at the same moment can never take stock below 0.
import { asc, eq, inArray } from "drizzle-orm";
import { movementSignError, type MovementKind } from "../../../src/domain/inventory/movements";
import { roundQty, sumQty } from "../../../src/domain/inventory/quantity";
import { msgStockInsuficiente } from "../../../src/domain/inventory/salida";
import { materiales, movimientos_stock } from "../../db/schema";
import { badRequest, conflict, notFound } from "../../errors";
import type { Tx } from "../write";

export interface MovementInput {
  codigo: string;
  tipo: MovementKind;
  /** Signed: INGRESO > 0, SALIDA < 0, AJUSTE either way (never 0). */
  cantidad: number;
  /** Unit price of the movement (a receipt's item price, an exit's current price). */
  precio_unitario?: number | null;
  /** Human reference of the source document ("OC 120 · Factura 5531", "Salida 45"). */
  documento: string;
  numero_oc?: number | null;
  recepcion_id?: number | null;
  salida_id?: number | null;
  ajuste_id?: number | null;
  usuario_id: number | null;
  /** The request field a refusal belongs to (default "cantidad"). */
  field?: string;
}

export interface MovementResult {
  id: number;
  /** Stock before and after the movement. */
  stock_anterior: number;
  saldo: number;
  /** The product's price when the movement was written (before a receipt changes it). */
  precio_anterior: number;
  producto: string;
}

export const msgMaterialNoExiste = (codigo: string) => `El material ${codigo} no existe.`;

/**
 * Locks the product rows of `codigos` in one fixed order (by code), so transactions that
 * move several products (a receipt with many items) cannot deadlock one another.
 */
export async function lockMateriales(tx: Tx, codigos: readonly string[]): Promise<void> {
  const distinct = [...new Set(codigos)].sort();
  if (distinct.length === 0) return;
  await tx
    .select({ codigo: materiales.codigo })
    .from(materiales)
    .where(inArray(materiales.codigo, distinct))
    .orderBy(asc(materiales.codigo))
    .for("update");
}

/** Appends one movement; 404 for an unknown product, 409 when stock would go below 0. */
export async function appendMovement(tx: Tx, m: MovementInput): Promise<MovementResult> {
  const field = m.field ?? "cantidad";
  const signError = movementSignError(m.tipo, m.cantidad);
  if (signError) throw badRequest(signError, { [field]: [signError] });

  const [product] = await tx
    .select({ producto: materiales.producto, stock_actual: materiales.stock_actual, precio_unitario: materiales.precio_unitario })
    .from(materiales)
    .where(eq(materiales.codigo, m.codigo))
    .for("update");
  if (!product) throw notFound(msgMaterialNoExiste(m.codigo));

  // The movement is written on the 4 decimals its balance is computed with (columns
  // numeric(18,4)), so Σ movements = saldo = stock_actual holds to the last digit.
  const cantidad = roundQty(m.cantidad);
  const saldo = sumQty([product.stock_actual, cantidad]);
  if (saldo < 0) {
    const message = msgStockInsuficiente(m.codigo, product.stock_actual);
    throw conflict(message, { [field]: [message] });
  }

  const newPrice = m.tipo === "INGRESO" && m.precio_unitario !== null && m.precio_unitario !== undefined ? m.precio_unitario : undefined;
  await tx
    .update(materiales)
    .set(newPrice === undefined ? { stock_actual: saldo } : { stock_actual: saldo, precio_unitario: newPrice })
    .where(eq(materiales.codigo, m.codigo));

  const [row] = await tx
    .insert(movimientos_stock)
    .values({
      codigo: m.codigo,
      tipo: m.tipo,
      cantidad,
      precio_unitario: m.precio_unitario ?? null,
      saldo,
      documento: m.documento,
      numero_oc: m.numero_oc ?? null,
      recepcion_id: m.recepcion_id ?? null,
      salida_id: m.salida_id ?? null,
      ajuste_id: m.ajuste_id ?? null,
      usuario_id: m.usuario_id,
    })
    .returning({ id: movimientos_stock.id });

  return { id: row.id, stock_anterior: product.stock_actual, saldo, precio_anterior: product.precio_unitario, producto: product.producto };
}
