// Ajuste de Stock (specification sections 2.7, 5, 6 and 8; design page "Inventory").
import { formatNumber, type NumberLike } from "../format/number";
import { parseNumberInput } from "../format/parse";
import { fromQtyUnits, toQtyUnits } from "./quantity";

/** Section 2.7: the table's first load. */
export const MSG_AJUSTE_CARGANDO = "Cargando productos...";
/** Section 5. */
export const MSG_AJUSTE_NOMBRE_VACIO = "El nombre no puede estar vacío.";
export const MSG_AJUSTE_STOCK_REAL_INVALIDO = "Ingresa un número válido en Stock Real.";
/** Section 8. */
export const MSG_AJUSTE_NOMBRE_OK = "✅ Nombre de producto actualizado.";
export const MSG_AJUSTE_NOMBRE_ERROR = "❌ Error al actualizar el nombre del producto.";
export const MSG_AJUSTE_ERROR = "❌ Error al registrar el ajuste.";
/** "✅ Ajuste realizado por {n} unidad(es)": n is the difference as posted (−3 for a loss), es-CL. */
export const msgAjusteRealizado = (diferencia: NumberLike) => `✅ Ajuste realizado por ${formatNumber(diferencia, 4)} unidad(es)`;
/** Section 6: the acting user when nothing names them. */
export const AJUSTE_USUARIO_DEFAULT = "Usuario";

/**
 * The adjustment's 409 when the stock changed after it was counted (a movement or another
 * adjustment in between): the difference was computed against a stock that is gone.
 */
export const msgStockCambio = (codigo: string, stockActual: NumberLike, stockVisto: NumberLike) =>
  `El stock cambió mientras contaba: el stock de ${codigo} ahora es ${formatNumber(stockActual, 4)} (usted vio ${formatNumber(stockVisto, 4)}), vuelva a contar`;

/** The stock seen is still the stock now (exact to 4 decimals). */
export function sameStock(a: NumberLike, b: NumberLike): boolean {
  return toQtyUnits(a) === toQtyUnits(b);
}

/** Exact real − current, 4 decimals. */
export function ajusteDiferencia(stockActual: NumberLike, stockReal: NumberLike): number {
  return fromQtyUnits(toQtyUnits(stockReal) - toQtyUnits(stockActual));
}

/** What the "Stock Real" field allows. */
export type AjusteCheck =
  | { kind: "empty" }
  | { kind: "invalid"; message: string }
  | { kind: "no_change"; stockReal: number }
  | { kind: "ok"; stockReal: number; diferencia: number };

/**
 * Reads the "Stock Real" field (es-CL number text or a number) against the current stock
 * (section 5): empty → nothing to do; not a number → "Ingresa un número válido en Stock
 * Real."; a difference of 0 → nothing is sent. Decision: a negative count is not a valid
 * real stock (shelves never hold −2), so it gets the same message.
 */
export function checkAjuste(stockActual: NumberLike, stockReal: string | number | null | undefined): AjusteCheck {
  if (stockReal === null || stockReal === undefined || (typeof stockReal === "string" && stockReal.trim() === "")) return { kind: "empty" };
  const real = parseNumberInput(stockReal);
  if (real === null || real < 0) return { kind: "invalid", message: MSG_AJUSTE_STOCK_REAL_INVALIDO };
  const diferencia = ajusteDiferencia(stockActual, real);
  const stockRealQty = fromQtyUnits(toQtyUnits(real));
  return diferencia === 0 ? { kind: "no_change", stockReal: stockRealQty } : { kind: "ok", stockReal: stockRealQty, diferencia };
}

/** The adjust button is enabled only for a valid real stock that differs from the current one. */
export function canSubmitAjuste(stockActual: NumberLike, stockReal: string | number | null | undefined): boolean {
  return checkAjuste(stockActual, stockReal).kind === "ok";
}

/** The sign always shown: +5, -3, +2,5, +1.200 (es-CL). */
export function formatDiferencia(diferencia: NumberLike): string {
  const text = formatNumber(diferencia, 4);
  return toQtyUnits(diferencia) > 0 ? `+${text}` : text;
}

/** The generated comment of an adjustment (design page): "Ajuste de +5 por Ana Soto". */
export function ajusteComentario(diferencia: NumberLike, usuario: string): string {
  return `Ajuste de ${formatDiferencia(diferencia)} por ${usuario}`;
}

/** Product rename on the adjustment screen: the trimmed name, or the message. */
export function validateNombreProducto(nombre: string | null | undefined): { ok: true; producto: string } | { ok: false; message: string } {
  const producto = (nombre ?? "").trim();
  return producto === "" ? { ok: false, message: MSG_AJUSTE_NOMBRE_VACIO } : { ok: true, producto };
}

type Claims = Record<string, unknown>;

function base64UrlJson(part: string): Claims | null {
  try {
    const b64 = part.replace(/-/g, "+").replace(/_/g, "/");
    const binary = atob(b64 + "=".repeat((4 - (b64.length % 4)) % 4));
    const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
    const value: unknown = JSON.parse(new TextDecoder().decode(bytes));
    return value && typeof value === "object" && !Array.isArray(value) ? (value as Claims) : null;
  } catch {
    return null;
  }
}

/** The claims of a JWT (not verified: only to name the user), or null for any other token. */
export function tokenClaims(token: string | null | undefined): Claims | null {
  if (typeof token !== "string") return null;
  const parts = token.split(".");
  return parts.length === 3 ? base64UrlJson(parts[1]) : null;
}

function text(value: unknown): string | null {
  return typeof value === "string" && value.trim() !== "" ? value.trim() : null;
}

/**
 * The acting user recorded with an adjustment (section 6): the stored user name, else the
 * token's name, username or email claim (in that order), else "Usuario". The token may be
 * a JWT or its decoded claims; an opaque session token has no claims.
 */
export function ajusteUsuario(storedName: string | null | undefined, token?: string | Claims | null): string {
  const stored = text(storedName);
  if (stored) return stored;
  const claims = typeof token === "string" ? tokenClaims(token) : (token ?? null);
  if (claims) {
    for (const key of ["name", "username", "email"]) {
      const v = text(claims[key]);
      if (v) return v;
    }
  }
  return AJUSTE_USUARIO_DEFAULT;
}
