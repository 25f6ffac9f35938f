// "Resumen de Obras y Materiales" (specification sections 3 and 9; server-behaviour
// "Operations and payments"): per code of a budget's pautas, what is reserved, what has
// left for the work, what is pending and its net; and the budget's utility %.
import { roundHalfAwayFromZero, roundPesos } from "../money";
import { roundQuantity, toNumberOrNull, toQuantity, type NumericValue } from "../purchasing/values";

export interface MaterialSummaryInput {
  codigo: string;
  producto?: string | null;
  unidad?: string | null;
  /** The pauta quantity for the work. */
  stock_reservado: NumericValue;
  /** What has left for the work. */
  stock_llegado: NumericValue;
  /** The product's last price. */
  precio: NumericValue;
}

export interface MaterialSummaryRow {
  codigo: string;
  producto: string | null;
  unidad: string | null;
  stock_reservado: number;
  stock_llegado: number;
  pendiente: number;
  precio: number;
  total_neto: number;
}

/** pendiente = max(0, reservado − llegado); total_neto = llegado × precio in whole pesos. */
export function materialSummaryRow(input: MaterialSummaryInput): MaterialSummaryRow {
  const reservado = toQuantity(input.stock_reservado);
  const llegado = toQuantity(input.stock_llegado);
  const precio = toQuantity(input.precio);
  return {
    codigo: input.codigo,
    producto: input.producto ?? null,
    unidad: input.unidad ?? null,
    stock_reservado: reservado,
    stock_llegado: llegado,
    pendiente: Math.max(0, roundQuantity(reservado - llegado)),
    precio,
    total_neto: roundPesos(llegado * precio),
  };
}

/** The net of the detail rows (sum of their total_neto). */
export function materialSummaryNet(rows: readonly Pick<MaterialSummaryRow, "total_neto">[]): number {
  return rows.reduce((sum, r) => sum + r.total_neto, 0);
}

/**
 * Budget utility % = (budgeted net − actual net) / budgeted net × 100, one decimal (half
 * away from zero); 0 when there is no budgeted net (empty, 0 or negative). It goes
 * negative when the work cost more than budgeted. The server stores it per work from its
 * SQL definition (utilidadDe, server/services/derived/obras.ts); this is that definition's
 * reference in the parity test (tests/api/derived-obras-parity.test.ts).
 */
export function utilityPercent(netoPresupuestado: NumericValue, netoReal: NumericValue): number {
  const budget = toNumberOrNull(netoPresupuestado);
  if (budget === null || budget <= 0) return 0;
  const pct = roundHalfAwayFromZero(((budget - toQuantity(netoReal)) / budget) * 100, 1);
  return pct === 0 ? 0 : pct;
}
