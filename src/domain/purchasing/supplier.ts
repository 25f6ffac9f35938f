// Supplier rules (specification section 5, "Supplier"): name required, credit days numeric.
// The RUT is the shared rutField (src/domain/fields/rut.ts), as a client's.

export const MSG_PROVEEDOR_NOMBRE_OBLIGATORIO = "El nombre del proveedor es obligatorio.";
export const MSG_DIAS_CREDITO_INVALIDO = "Los días de crédito deben ser un número entero entre 0 y 365.";

/** Longest credit term accepted: a year (Chilean law caps agreed terms at 60 days; 365 only stops typos). */
export const DIAS_CREDITO_MAX = 365;

/** The supplier's name: required (not blank). Returns the message, or null. */
export function supplierNameError(proveedor: string | null | undefined): string | null {
  return typeof proveedor === "string" && proveedor.trim() !== "" ? null : MSG_PROVEEDOR_NOMBRE_OBLIGATORIO;
}

/**
 * Credit days as typed: a whole number from 0 to 365. Empty means 0, that is, cash
 * (Contado), which is how an invoice of a supplier without credit is classified.
 */
export function parseDiasCredito(value: string | number | null | undefined): { ok: true; value: number } | { ok: false; message: string } {
  if (value === null || value === undefined) return { ok: true, value: 0 };
  const t = typeof value === "number" ? value : value.trim() === "" ? 0 : /^\+?\d+$/.test(value.trim()) ? Number(value.trim()) : NaN;
  if (!Number.isInteger(t) || t < 0 || t > DIAS_CREDITO_MAX) return { ok: false, message: MSG_DIAS_CREDITO_INVALIDO };
  return { ok: true, value: t };
}
