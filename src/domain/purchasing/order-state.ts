// Purchase order status (specification section 4; server-behaviour "Purchasing").
// An order is PENDIENTE until every item has arrived in full (cantidad_llegada >= cantidad),
// then COMPLETA. Derived on the server from its items, never sent by a client.
import { toQuantity, type NumericValue } from "./values";

export const ORDER_STATES = ["PENDIENTE", "COMPLETA"] as const;
export type OrderState = (typeof ORDER_STATES)[number];

/** How each state is shown (es-CL). */
export const ORDER_STATE_LABELS: Readonly<Record<OrderState, string>> = {
  PENDIENTE: "Pendiente",
  COMPLETA: "Completa",
};

/** Status filter of the order list and the receipts screens: Pendiente, Completa, Todas. */
export const ORDER_STATE_FILTER_OPTIONS = [
  { value: "PENDIENTE", label: "Pendiente" },
  { value: "COMPLETA", label: "Completa" },
  { value: "", label: "Todas" },
] as const;

/** Status filter of "Editar OC" (section 2.6 item 2): Pendiente, Completas, Todas. */
export const EDIT_ORDER_STATE_FILTER_OPTIONS = [
  { value: "Pendiente", label: "Pendiente" },
  { value: "Completas", label: "Completas" },
  { value: "", label: "Todas" },
] as const;

export const MSG_ESTADO_OC_INVALIDO = "Estado inválido: use Pendiente, Completa o deje vacío para ver todas.";

export interface ArrivalLine {
  cantidad: NumericValue;
  cantidad_llegada?: NumericValue;
}

/** An item has arrived in full when cantidad_llegada >= cantidad (empty arrived counts as 0). */
export function isItemComplete(item: ArrivalLine): boolean {
  return toQuantity(item.cantidad_llegada) >= toQuantity(item.cantidad);
}

/**
 * PENDIENTE or COMPLETA from the items. An order without items is PENDIENTE: nothing has
 * been delivered against it, and keeping it in the pending lists lets the buyer notice
 * it (add its items or delete it) instead of it vanishing into the completed ones. The server
 * stores it per order from its SQL definition (estadoOrdenDe, server/services/derived/ordenes.ts);
 * this is that definition's reference in the parity test (tests/api/derived-obras-parity.test.ts).
 */
export function orderState(items: readonly ArrivalLine[]): OrderState {
  return items.length > 0 && items.every(isItemComplete) ? "COMPLETA" : "PENDIENTE";
}

export type OrderStateFilter = { valid: true; estado: OrderState | null } | { valid: false; message: string };

const FILTER_SPELLINGS: Readonly<Record<string, OrderState | null>> = {
  pendiente: "PENDIENTE",
  pendientes: "PENDIENTE",
  completa: "COMPLETA",
  completas: "COMPLETA",
  // "Todas" is an option of the edit screen: the specification does not show what it sends,
  // so its spellings mean "all", like the empty value.
  todas: null,
  todos: null,
};

/**
 * The `estado` query of GET api/ordenes_compra_estado in all its spellings (Pendiente,
 * PENDIENTE, pendientes, Completa, Completas, COMPLETA), case-insensitive and trimmed.
 * Missing or empty (or Todas) → every order (estado null); anything else is invalid.
 */
export function parseOrderStateFilter(raw: unknown): OrderStateFilter {
  if (raw === undefined || raw === null) return { valid: true, estado: null };
  if (typeof raw !== "string") return { valid: false, message: MSG_ESTADO_OC_INVALIDO };
  const key = raw.trim().toLocaleLowerCase("es-CL");
  if (key === "") return { valid: true, estado: null };
  if (Object.hasOwn(FILTER_SPELLINGS, key)) return { valid: true, estado: FILTER_SPELLINGS[key] };
  return { valid: false, message: MSG_ESTADO_OC_INVALIDO };
}

/** Display label of a state as stored or sent ("PENDIENTE" → "Pendiente"); unknown text is shown as is. */
export function orderStateLabel(estado: string | null | undefined): string {
  const parsed = parseOrderStateFilter(estado ?? "");
  if (parsed.valid && parsed.estado) return ORDER_STATE_LABELS[parsed.estado];
  return estado ?? "";
}
