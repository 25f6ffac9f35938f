// A quote item as typed in a form or an editable row (text for numbers, flags as
// booleans): one key per field of the domain's itemFieldsSchema, and its conversion to
// the API body. The rules stay in src/domain/sales: numbers are read with
// parseNumberInput, hidden inputs dropped with withoutHiddenInputs, the fields validated
// with itemPresupuestoSchema (the route's), UTV shown with computeItemUtv.
import {
  computeItemUtv,
  itemFieldsSchema,
  itemPresupuestoSchema,
  TIPO_APERTURA_DEFAULT,
  TIPO_VENTANA_DEFAULT,
  withoutHiddenInputs,
  type ItemFields,
  type UtvResult,
} from "../../domain/sales";
import { parseNumberInput, withTypedNumbers } from "../../domain/format";
import type { ElevationItem } from "../../domain/sales/elevation";
import { newIdempotencyKey } from "../../providers/http";
import type { ItemPresupuestoBody } from "../../api/sales";

/** An item as typed: a flag stays a boolean, everything else is text. */
export type ItemDraft = { [K in keyof ItemFields]: ItemFields[K] extends boolean ? boolean : string };

export const EMPTY_DRAFT: Readonly<ItemDraft> = {
  item: "",
  recinto: "",
  ancho: "",
  alto: "",
  tipo_ventana: TIPO_VENTANA_DEFAULT,
  tipo_apertura: TIPO_APERTURA_DEFAULT,
  grada_buque: false,
  observaciones: false,
  texto_observaciones: "",
  adicional: false,
  cuadros_adicionales: "",
  cantidad: "",
  precio_unitario: "",
};

/** Field names of an item (those a server 400 may point at), in the domain's order. */
export const ITEM_FIELDS = Object.keys(itemFieldsSchema.shape) as (keyof ItemDraft)[];

const num = (text: string | undefined) => parseNumberInput(text ?? "");

/** The fields typed as text that the API takes as JSON numbers. */
const NUMERIC_FIELDS = ["ancho", "alto", "cuadros_adicionales", "cantidad", "precio_unitario"] as const;

/** Draft → the values sent: as typed, without the inputs the form hides. */
export function draftToInput(d: Partial<ItemDraft>): ItemDraft {
  return withoutHiddenInputs({ ...EMPTY_DRAFT, ...d });
}

/** UTV of what is typed, updated as the user types (spec 2.4). */
export function draftUtv(d: Partial<ItemDraft>): UtvResult {
  const input = draftToInput(d);
  return computeItemUtv({ ...input, cuadros_adicionales: num(input.cuadros_adicionales) ?? 0, cantidad: num(input.cantidad) });
}

/** What the drawing of a draft shows: its sizes as read so far (a size not yet a number is none). */
export function draftElevation(d: Partial<ItemDraft>): ElevationItem {
  const input = draftToInput(d);
  return {
    tipo_ventana: input.tipo_ventana,
    tipo_apertura: input.tipo_apertura,
    ancho: num(input.ancho),
    alto: num(input.alto),
    adicional: input.adicional,
    cuadros_adicionales: num(input.cuadros_adicionales),
    cantidad: num(input.cantidad),
  };
}

export type ItemParse =
  | { ok: true; body: ItemPresupuestoBody }
  | { ok: false; errors: Partial<Record<keyof ItemDraft | "presupuesto_id" | "_form", string[]>> };

/** Validates a draft for a quote with the route's own schema; the body carries no computed figure (the server computes utv and utv_monto). */
export function parseDraft(d: Partial<ItemDraft>, presupuestoId: number): ItemParse {
  const result = itemPresupuestoSchema.safeParse({ ...withTypedNumbers(draftToInput(d), NUMERIC_FIELDS), presupuesto_id: presupuestoId });
  if (result.success) return { ok: true, body: result.data };
  const errors: Record<string, string[]> = {};
  for (const issue of result.error.issues) {
    const key = issue.path.length ? String(issue.path[0]) : "_form";
    (errors[key] ??= []).push(issue.message);
  }
  return { ok: false, errors };
}

/** A stored item (or a body) → draft, to load it into a form or an editable row. */
export function itemToDraft(it: Partial<ItemFields>): ItemDraft {
  const draft = { ...EMPTY_DRAFT } as Record<keyof ItemDraft, string | boolean>;
  for (const key of ITEM_FIELDS) {
    const value = it[key];
    if (typeof EMPTY_DRAFT[key] === "boolean") draft[key] = Boolean(value);
    else if (value !== null && value !== undefined && value !== "") draft[key] = String(value);
  }
  if (!it.adicional || !it.cuadros_adicionales) draft.cuadros_adicionales = ""; // the count only shows with "Adicional"
  return draft as ItemDraft;
}

/** A fresh random id for list keys and idempotency keys (works on plain-http LAN too). */
export function localKey(): string {
  return newIdempotencyKey();
}
