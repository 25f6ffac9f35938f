// The movements ledger (kardex), design page "Inventory": every change of stock is a
// movement, and a product's stock_actual is the sum of its movements.
import type { NumberLike } from "../format/number";
import { fromQtyUnits, toQtyUnits } from "./quantity";

export const MOVEMENT_KINDS = ["INGRESO", "SALIDA", "AJUSTE"] as const;
export type MovementKind = (typeof MOVEMENT_KINDS)[number];

export const MOVEMENT_KIND_LABELS: Readonly<Record<MovementKind, string>> = {
  INGRESO: "Ingreso",
  SALIDA: "Salida",
  AJUSTE: "Ajuste",
};

/** Default unit of a product (section 9: "Default purchase order unit is UN"; design page). */
export const DEFAULT_UNIT = "UN";

export function isMovementKind(value: unknown): value is MovementKind {
  return typeof value === "string" && (MOVEMENT_KINDS as readonly string[]).includes(value);
}

export const MSG_MOVIMIENTO_INGRESO_POSITIVO = "Un ingreso debe tener una cantidad mayor que 0.";
export const MSG_MOVIMIENTO_SALIDA_NEGATIVA = "Una salida debe tener una cantidad menor que 0.";
export const MSG_MOVIMIENTO_AJUSTE_CERO = "Un ajuste no puede ser 0.";

/**
 * The sign a movement's quantity must have: INGRESO adds (> 0), SALIDA takes (< 0),
 * AJUSTE either way but never 0. Returns the message when it does not, else null.
 */
export function movementSignError(tipo: MovementKind, cantidad: NumberLike): string | null {
  const units = toQtyUnits(cantidad);
  if (tipo === "INGRESO") return units > 0 ? null : MSG_MOVIMIENTO_INGRESO_POSITIVO;
  if (tipo === "SALIDA") return units < 0 ? null : MSG_MOVIMIENTO_SALIDA_NEGATIVA;
  return units !== 0 ? null : MSG_MOVIMIENTO_AJUSTE_CERO;
}

/** A ledger row as the kardex view receives it (other fields pass through). */
export interface MovementLike {
  fecha: string;
  tipo: MovementKind;
  /** Signed: + adds to stock, − takes from it. */
  cantidad: NumberLike;
}

export type KardexRow<T extends MovementLike> = T & {
  cantidad: number;
  /** What came in (≥ 0) and what went out (≥ 0), for the classic two columns. */
  entrada: number;
  salida: number;
  /** Stock after this movement. */
  saldo: number;
};

/**
 * The kardex: each movement with the balance it leaves, in the order given (the ledger's
 * order, oldest first). `saldoInicial` is the balance before the first row (when the view
 * shows a page or a period that does not start at the beginning). Exact to 4 decimals.
 */
export function kardex<T extends MovementLike>(movements: readonly T[], saldoInicial: NumberLike = 0): KardexRow<T>[] {
  let balance = toQtyUnits(saldoInicial);
  return movements.map((m) => {
    const units = toQtyUnits(m.cantidad);
    balance += units;
    return {
      ...m,
      cantidad: fromQtyUnits(units),
      entrada: units > 0 ? fromQtyUnits(units) : 0,
      salida: units < 0 ? fromQtyUnits(-units) : 0,
      saldo: fromQtyUnits(balance),
    };
  });
}
