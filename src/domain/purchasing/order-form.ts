// "Crear Orden de Compra" form rules (specification sections 2.6 item 1, 5 and 9).
import { toNumberOrNull, type NumericValue } from "./values";

/** Default unit of a purchase order item (section 9). */
export const DEFAULT_UNIT = "UN";

export const MSG_ITEM_INCOMPLETO = "Por favor completa todos los campos del ítem.";
export const MSG_SELECCIONAR_CLIENTE_PRESUPUESTO = "Debes seleccionar un cliente y un presupuesto antes de guardar la OC.";
export const MSG_PROVEEDOR_NO_VALIDO = "El proveedor ingresado no es válido o no existe en la base de datos.";
export const MSG_PRODUCTO_YA_EXISTE = "Este nombre de producto ya existe.";
export const MSG_CONFIRMAR_NUEVO_MATERIAL = (codigo: string) =>
  `El código "${codigo}" no existe. ¿Deseas crear este nuevo material?`;

/** The next order number to prefill: GET api/ultima_oc's `ultimo` plus 1 (1 when there is none). */
export function nextOrderNumber(ultimo: NumericValue): number {
  const n = toNumberOrNull(ultimo);
  return n === null || n < 0 ? 1 : Math.trunc(n) + 1;
}

/**
 * Filters what is typed into the quantity and price inputs: digits and one decimal point
 * only, a comma becoming that point ("12,5" → "12.5", "1a2" → "12", "1.2.3" → "1.23").
 * Here a point is always decimal, as the comma it replaces: these inputs hold one number
 * typed digit by digit, not es-CL text with thousands separators. With `maxDecimals`
 * (quantities: QTY_DECIMALS, 4) the digits beyond it are dropped ("1.23456" → "1.2345").
 */
export function filterNumericText(text: string, maxDecimals?: number): string {
  let out = "";
  let seenPoint = false;
  let decimals = 0;
  for (const ch of text) {
    if (ch >= "0" && ch <= "9") {
      if (seenPoint && maxDecimals !== undefined && decimals >= maxDecimals) continue;
      if (seenPoint) decimals++;
      out += ch;
    } else if ((ch === "," || ch === ".") && !seenPoint) {
      out += ".";
      seenPoint = true;
    }
  }
  return out;
}

/** The value of filtered numeric text: "" or "." → null, "12." → 12, ".5" → 0.5. */
export function numericTextValue(text: string | number | null | undefined): number | null {
  if (typeof text === "number") return Number.isFinite(text) ? text : null;
  const t = filterNumericText(text ?? "");
  if (t === "" || t === ".") return null;
  return Number(t);
}

export interface OrderItemDraft {
  codigo?: string | null;
  producto?: string | null;
  cantidad?: string | number | null;
  precio_unitario?: string | number | null;
}

const filled = (v: string | null | undefined) => typeof v === "string" && v.trim() !== "";

/**
 * An item is complete with code, product, a quantity above 0 and a unit price (0 allowed:
 * a free sample or a replacement part still has to be received into stock).
 */
export function isItemDraftComplete(item: OrderItemDraft): boolean {
  const qty = numericTextValue(item.cantidad ?? null);
  const price = numericTextValue(item.precio_unitario ?? null);
  return filled(item.codigo) && filled(item.producto) && qty !== null && qty > 0 && price !== null;
}

/** Adding the entry row to the item table needs all four fields. Returns the alert, or null. */
export function addItemError(item: OrderItemDraft): string | null {
  return isItemDraftComplete(item) ? null : MSG_ITEM_INCOMPLETO;
}

export interface OrderDraft {
  /** The original sends the client's name here (section 7); any non-empty value counts. */
  cliente_id?: string | number | null;
  numero_presupuesto?: string | number | null;
  proveedor?: string | null;
  realizado_por?: string | null;
  items: readonly OrderItemDraft[];
}

const present = (v: string | number | null | undefined) => v !== null && v !== undefined && String(v).trim() !== "";

/**
 * "Guardar Orden de Compra" is enabled only with a client, a budget, a supplier text, a
 * made-by text, at least one item, and every item complete.
 */
export function canSaveOrder(draft: OrderDraft): boolean {
  return (
    present(draft.cliente_id) &&
    present(draft.numero_presupuesto) &&
    filled(draft.proveedor) &&
    filled(draft.realizado_por) &&
    draft.items.length > 0 &&
    draft.items.every(isItemDraftComplete)
  );
}

export interface NamedSupplier {
  proveedor: string;
}

const key = (text: string | null | undefined) => (text ?? "").trim().toLocaleLowerCase("es-CL");

/** The supplier whose name equals the text, ignoring case and surrounding spaces; else null. */
export function findSupplierByName<T extends NamedSupplier>(suppliers: readonly T[], text: string | null | undefined): T | null {
  const k = key(text);
  if (k === "") return null;
  return suppliers.find((s) => key(s.proveedor) === k) ?? null;
}

/**
 * The checks made when saving, in the specification's order: client and budget chosen,
 * then a known supplier. Returns the alert, or null when the order can be sent.
 */
export function saveOrderError(draft: OrderDraft, suppliers: readonly NamedSupplier[]): string | null {
  if (!present(draft.cliente_id) || !present(draft.numero_presupuesto)) return MSG_SELECCIONAR_CLIENTE_PRESUPUESTO;
  if (!findSupplierByName(suppliers, draft.proveedor)) return MSG_PROVEEDOR_NO_VALIDO;
  if (draft.items.length === 0 || !draft.items.every(isItemDraftComplete)) return MSG_ITEM_INCOMPLETO;
  return null;
}

export interface CatalogMaterial {
  codigo: string;
  producto: string;
  precio_unitario?: NumericValue;
}

/** The material with this code (codes compare ignoring case and surrounding spaces). */
export function findMaterialByCode<T extends CatalogMaterial>(materials: readonly T[], codigo: string | null | undefined): T | null {
  const k = key(codigo);
  if (k === "") return null;
  return materials.find((m) => key(m.codigo) === k) ?? null;
}

/** The material with this product name, ignoring case and surrounding spaces. */
export function findMaterialByProduct<T extends CatalogMaterial>(materials: readonly T[], producto: string | null | undefined): T | null {
  const k = key(producto);
  if (k === "") return null;
  return materials.find((m) => key(m.producto) === k) ?? null;
}

/**
 * "New product" mode, before adding the entry row: a product name that already exists
 * blocks the item ("Este nombre de producto ya existe."); an unknown code asks to create
 * the material first. Names compare as the server's unique index does (ignoring case).
 */
export function newProductCheck(
  materials: readonly CatalogMaterial[],
  item: Pick<OrderItemDraft, "codigo" | "producto">,
): { kind: "duplicate-name"; message: string } | { kind: "confirm-create"; message: string } | { kind: "existing-code" } {
  const byName = findMaterialByProduct(materials, item.producto);
  const byCode = findMaterialByCode(materials, item.codigo);
  if (byName && (!byCode || byCode !== byName)) return { kind: "duplicate-name", message: MSG_PRODUCTO_YA_EXISTE };
  if (!byCode) return { kind: "confirm-create", message: MSG_CONFIRMAR_NUEVO_MATERIAL((item.codigo ?? "").trim()) };
  return { kind: "existing-code" };
}
