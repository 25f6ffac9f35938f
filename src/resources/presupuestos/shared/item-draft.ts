// A quote item as typed in a form or an editable row (text for numbers, flags as
// booleans) and its conversion to the API body. Business rules stay in src/domain:
// numbers are read with parseNumberInput, UTV with computeItemUtv, validation and the
// stored utv/utv_monto with itemPresupuestoSchema.
import {
  computeItemUtv,
  itemPresupuestoSchema,
  TIPO_APERTURA_DEFAULT,
  TIPO_VENTANA_DEFAULT,
  type UtvResult,
} from "../../../domain/sales";
import { parseNumberInput } from "../../../domain/format";
import { newIdempotencyKey } from "../../../providers/http";
import { toNum, type ItemPresupuesto, type ItemPresupuestoBody } from "./api";

export interface ItemDraft {
  item: string;
  recinto: string;
  ancho: string;
  alto: string;
  tipo_ventana: string;
  tipo_apertura: string;
  grada_buque: boolean;
  observaciones: boolean;
  texto_observaciones: string;
  adicional: boolean;
  cuadros_adicionales: string;
  cantidad: string;
  precio_unitario: string;
}

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

/** Field names of an item that a server 400 may point at. */
export const ITEM_FIELDS = Object.keys(EMPTY_DRAFT) as (keyof ItemDraft)[];

const num = (text: string | undefined) => parseNumberInput(text ?? "");

/**
 * Draft → the values sent. Hidden inputs are not sent with stale values: with the
 * observations flag on, the additional block is hidden, so adicional=false and 0 frames;
 * with adicional off, 0 frames; the observations text only travels with its flag.
 */
export function draftToInput(d: Partial<ItemDraft>) {
  const observaciones = Boolean(d.observaciones);
  const adicional = !observaciones && Boolean(d.adicional);
  return {
    item: d.item ?? "",
    recinto: d.recinto ?? "",
    ancho: num(d.ancho),
    alto: num(d.alto),
    tipo_ventana: d.tipo_ventana || TIPO_VENTANA_DEFAULT,
    tipo_apertura: d.tipo_apertura || TIPO_APERTURA_DEFAULT,
    grada_buque: Boolean(d.grada_buque),
    observaciones,
    texto_observaciones: observaciones ? (d.texto_observaciones ?? "") : "",
    adicional,
    cuadros_adicionales: adicional ? (d.cuadros_adicionales ?? "") : "",
    cantidad: num(d.cantidad),
    precio_unitario: num(d.precio_unitario),
  };
}

/** UTV of what is typed, updated as the user types (spec 2.4). */
export function draftUtv(d: Partial<ItemDraft>): UtvResult {
  const input = draftToInput(d);
  return computeItemUtv({
    tipo_ventana: input.tipo_ventana,
    observaciones: input.observaciones,
    adicional: input.adicional,
    cuadros_adicionales: num(input.cuadros_adicionales) ?? 0,
    cantidad: input.cantidad,
  });
}

export type ItemParse =
  | { ok: true; body: ItemPresupuestoBody }
  | { ok: false; errors: Partial<Record<keyof ItemDraft | "presupuesto_id" | "_form", string[]>> };

/** Validates a draft for a quote with the domain schema; the body carries utv and utv_monto. */
export function parseDraft(d: Partial<ItemDraft>, presupuestoId: number): ItemParse {
  const result = itemPresupuestoSchema.safeParse({ ...draftToInput(d), presupuesto_id: presupuestoId });
  if (result.success) {
    const { utv, utv_monto } = computeItemUtv(result.data);
    return { ok: true, body: { ...result.data, utv, utv_monto } };
  }
  const errors: Record<string, string[]> = {};
  for (const issue of result.error.issues) {
    const key = issue.path.length ? String(issue.path[0]) : "_form";
    (errors[key] ??= []).push(issue.message);
  }
  return { ok: false, errors };
}

const text = (n: number | string | null | undefined) => {
  const v = toNum(n);
  return v === null ? "" : String(v);
};

/** A stored item (or a body) → draft, to load it into a form or an editable row. */
export function itemToDraft(it: Partial<ItemPresupuesto> | ItemPresupuestoBody): ItemDraft {
  return {
    item: it.item ?? "",
    recinto: it.recinto ?? "",
    ancho: text(it.ancho),
    alto: text(it.alto),
    tipo_ventana: it.tipo_ventana || TIPO_VENTANA_DEFAULT,
    tipo_apertura: it.tipo_apertura || TIPO_APERTURA_DEFAULT,
    grada_buque: Boolean(it.grada_buque),
    observaciones: Boolean(it.observaciones),
    texto_observaciones: it.texto_observaciones ?? "",
    adicional: Boolean(it.adicional),
    cuadros_adicionales: toNum(it.cuadros_adicionales) ? text(it.cuadros_adicionales) : "",
    cantidad: text(it.cantidad),
    precio_unitario: text(it.precio_unitario),
  };
}

/** A fresh random id for list keys and idempotency keys (works on plain-http LAN too). */
export function localKey(): string {
  return newIdempotencyKey();
}
