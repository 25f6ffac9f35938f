// Pauta screen rules and messages (specification sections 5 and 8, design page).
import { parseNumberInput } from "../format/parse";
import { QTY_DECIMALS } from "../inventory/quantity";
import { hasAtMostDecimals, MSG_MAXIMO_4_DECIMALES } from "../fields";
import { PAUTA_CATEGORIES, type PautaCategory } from "./categories";

/** Section 5: "Guardar TODO" without client, budget or items. */
export const MSG_PAUTA_INCOMPLETA = "Seleccione cliente, presupuesto y agregue ítems.";
/** Section 5 and the design page: unknown client or quote, or a quote of another client (400). */
export const MSG_PAUTA_CLIENTE_INVALIDO = "Cliente o presupuesto no válido en la base de datos.";
/**
 * "Añadir" without code, product or a quantity above 0. The specification only says the
 * item needs them; this is the text the screen shows (our wording).
 */
export const MSG_PAUTA_ITEM_INCOMPLETO = "Ingrese código, producto y una cantidad mayor que 0.";
/** Section 8 (banners that disappear after 3 s). */
export const MSG_PAUTA_GUARDADA = "Pauta guardada con éxito.";
export const MSG_PAUTA_ERROR = "Error al guardar pauta";
export const MSG_PAUTA_CANTIDAD_ACTUALIZADA = "Cantidad actualizada con éxito.";
export const MSG_PAUTA_CANTIDAD_ERROR = "❌ Error al actualizar cantidad.";

type Id = number | string | null | undefined;

function present(id: Id): boolean {
  return id !== null && id !== undefined && String(id).trim() !== "";
}

/** Items of the screen: one list, or the lists per category. */
export type PautaItemLists = readonly unknown[] | Partial<Record<PautaCategory, readonly unknown[]>>;

export function countPautaItems(items: PautaItemLists | null | undefined): number {
  if (!items) return 0;
  if (Array.isArray(items)) return items.length;
  const perCategory = items as Partial<Record<PautaCategory, readonly unknown[]>>;
  return PAUTA_CATEGORIES.reduce((n, c) => n + (perCategory[c]?.length ?? 0), 0);
}

/** "Guardar TODO" (section 5): client, budget and at least one item, else the message; null when it may be sent. */
export function validatePautaSave(input: { cliente_id: Id; presupuesto_id: Id; items: PautaItemLists | null | undefined }): string | null {
  if (!present(input.cliente_id) || !present(input.presupuesto_id) || countPautaItems(input.items) === 0) return MSG_PAUTA_INCOMPLETA;
  return null;
}

/**
 * "Añadir" (section 5): code, product and quantity are needed. The quantity is es-CL
 * text or a number and must be above 0 (a line of 0 reserves nothing), with at most 4
 * decimals ("Use como máximo 4 decimales"). Returns the
 * parsed quantity, or the message.
 */
export function validatePautaItem(input: {
  codigo: string | null | undefined;
  producto: string | null | undefined;
  cantidad: string | number | null | undefined;
}): { ok: true; cantidad: number } | { ok: false; message: string } {
  const cantidad = parseNumberInput(input.cantidad);
  if (!input.codigo?.trim() || !input.producto?.trim() || cantidad === null || !(cantidad > 0)) {
    return { ok: false, message: MSG_PAUTA_ITEM_INCOMPLETO };
  }
  if (!hasAtMostDecimals(cantidad, QTY_DECIMALS)) return { ok: false, message: MSG_MAXIMO_4_DECIMALES };
  return { ok: true, cantidad };
}
