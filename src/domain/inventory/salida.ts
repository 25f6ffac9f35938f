// Salidas de Material (specification sections 2.7, 3, 5 and 8; design page "Inventory").
import { formatNumber, type NumberLike } from "../format/number";
import { parseNumberInput } from "../format/parse";
import { fromQtyUnits, toQtyUnits } from "./quantity";

/** Section 5. */
export const MSG_SALIDA_CAMPOS = "Completa todos los campos requeridos.";
/** A quantity that is not a number above 0; the specification gives no text (our wording). */
export const MSG_SALIDA_CANTIDAD = "La cantidad de salida debe ser mayor que 0.";
/** Section 8. */
export const MSG_SALIDA_OK = "Salida registrada correctamente.";
export const MSG_SALIDA_ERROR = "Error al registrar salida.";
/** Design page: the 409 of an exit beyond current stock ("hay 2,5" in es-CL). */
export const msgStockInsuficiente = (codigo: string, stockActual: NumberLike) =>
  `Stock insuficiente para ${codigo}: hay ${formatNumber(stockActual, 4) || "0"}`;

type Id = number | string | null | undefined;

export interface SalidaForm {
  codigo: string | null | undefined;
  producto: string | null | undefined;
  cantidad_salida: string | number | null | undefined;
  cliente_id: Id;
  presupuesto_id: Id;
}

function blank(value: unknown): boolean {
  return value === null || value === undefined || String(value).trim() === "";
}

/**
 * "Cargar salida" (section 5): code, product, quantity, client and budget are required,
 * else "Completa todos los campos requeridos."; the quantity (es-CL text accepted) must
 * be a number above 0. Returns the quantity, or the message.
 */
export function validateSalida(form: SalidaForm): { ok: true; cantidad: number } | { ok: false; message: string } {
  if ([form.codigo, form.producto, form.cantidad_salida, form.cliente_id, form.presupuesto_id].some(blank)) {
    return { ok: false, message: MSG_SALIDA_CAMPOS };
  }
  const cantidad = parseNumberInput(form.cantidad_salida);
  if (cantidad === null || toQtyUnits(cantidad) <= 0) return { ok: false, message: MSG_SALIDA_CANTIDAD };
  return { ok: true, cantidad: fromQtyUnits(toQtyUnits(cantidad)) };
}

/** Section 8: the success banner shows the server's message, else the default. */
export function salidaSuccessMessage(serverMessage: unknown): string {
  return typeof serverMessage === "string" && serverMessage.trim() !== "" ? serverMessage : MSG_SALIDA_OK;
}
