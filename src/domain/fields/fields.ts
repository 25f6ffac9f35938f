// Reusable zod 4 field builders with Spanish messages for request BODIES (issue 23.12:
// strict JSON types). A text field takes only a JSON string (or null when optional), a
// number field only a JSON number, a flag only true/false, an id only a positive integer:
// a value of another type is a 400 naming the field, never converted ("12345" is not
// 12345, and 12345 is not "12345"). Empty text means "no value" for optional text. What a
// person types in a form (es-CL text "1.200,5") is parsed by the screen (parseNumberInput)
// before it is sent. Query strings arrive as text: they use idQueryField and the list
// machinery's own parsing. Any module of src/domain may import these.
import { z } from "zod";
import { isIsoDate } from "../dates/dates";
import { QTY_DECIMALS } from "../inventory/quantity";
import { roundHalfAwayFromZero } from "../money/round";

export const MSG_NUMERO_INVALIDO = "Ingrese un número válido";
export const MSG_TEXTO_INVALIDO = "Debe ser un texto";
export const MSG_DEMASIADO_LARGO = (max: number) => `Máximo ${max} caracteres`;
export const MSG_DEMASIADO_GRANDE = "El valor es demasiado grande";
export const MSG_FECHA_INVALIDA = "Fecha inválida (use AAAA-MM-DD)";
export const MSG_SI_NO_INVALIDO = "Valor inválido: se esperaba sí o no";
export const MSG_MAXIMO_DECIMALES = (decimals: number) => `Use como máximo ${decimals} decimales`;
/** Quantities (stock, orders, receipts, pautas, windows) keep QTY_DECIMALS (4), as their columns numeric(18,4). */
export const MSG_MAXIMO_4_DECIMALES = MSG_MAXIMO_DECIMALES(QTY_DECIMALS);

const textInput = z.union([z.string(), z.null()], { error: MSG_TEXTO_INVALIDO }).optional();

function trimmed(v: string | null | undefined): string {
  return v === null || v === undefined ? "" : v.trim();
}

/** Optional text: trimmed; empty, null or missing becomes null. Only JSON strings. */
export function optionalText(max = 255) {
  return textInput.transform((v, ctx) => {
    const t = trimmed(v);
    if (t.length > max) {
      ctx.addIssue({ code: "custom", message: MSG_DEMASIADO_LARGO(max) });
      return z.NEVER;
    }
    return t === "" ? null : t;
  });
}

/** Required text: trimmed and non-empty, else `message`; a value that is not a string is "Debe ser un texto". */
export function requiredText(message: string, max = 255) {
  return z
    .union([z.string(), z.null()], { error: (iss) => (iss.input === undefined || iss.input === null ? message : MSG_TEXTO_INVALIDO) })
    .optional()
    .transform((v, ctx) => {
      const t = trimmed(v);
      if (t === "") {
        ctx.addIssue({ code: "custom", message });
        return z.NEVER;
      }
      if (t.length > max) {
        ctx.addIssue({ code: "custom", message: MSG_DEMASIADO_LARGO(max) });
        return z.NEVER;
      }
      return t;
    });
}

/** A JSON number, or null/missing → null; anything else (numeric text included) → "Ingrese un número válido". */
function parsedNumber() {
  return z
    .union([z.number(), z.null()], { error: MSG_NUMERO_INVALIDO })
    .optional()
    .transform((v) => v ?? null);
}

export interface NumberFieldOptions {
  /** Message when below 0 (only when `min0` is true, the default). */
  negativeMessage?: string;
  min0?: boolean;
  integer?: boolean;
  integerMessage?: string;
  max?: number;
  /** At most this many decimals, else "Use como máximo N decimales" (quantities: QTY_DECIMALS). */
  decimals?: number;
}

/**
 * Whether `n` has at most `decimals` decimals. Float dust from a client's arithmetic
 * (1.1 − 0.3 = 0.8000000000000002) is cut at 9 decimals first, as roundHalfAwayFromZero does.
 */
export function hasAtMostDecimals(n: number, decimals: number): boolean {
  if (!Number.isFinite(n)) return false;
  const clean = Number(n.toFixed(9));
  return roundHalfAwayFromZero(clean, decimals) === clean;
}

function bounded(opts: NumberFieldOptions) {
  let s = z.number();
  if (opts.min0 !== false) s = s.min(0, opts.negativeMessage ?? "Debe ser mayor o igual a 0");
  if (opts.integer) s = s.int(opts.integerMessage ?? "Debe ser un número entero");
  s = s.max(opts.max ?? 1e12, MSG_DEMASIADO_GRANDE);
  const decimals = opts.decimals;
  if (decimals === undefined) return s;
  // Accepted values are stored without their float dust.
  return s.refine((v) => hasAtMostDecimals(v, decimals), MSG_MAXIMO_DECIMALES(decimals)).transform((v) => {
    const r = roundHalfAwayFromZero(v, decimals);
    return r === 0 ? 0 : r;
  });
}

/** Optional number: empty → null, else a number within the options' bounds. */
export function nullableNumber(opts: NumberFieldOptions = {}) {
  return parsedNumber().pipe(bounded(opts).nullable());
}

/** Number with a default when empty (e.g. 0). */
export function numberWithDefault(defaultValue: number, opts: NumberFieldOptions = {}) {
  return parsedNumber()
    .transform((n) => n ?? defaultValue)
    .pipe(bounded(opts));
}

function positiveId<I extends number | string | null | undefined>(message: string, input: z.ZodType<I, I>) {
  return input.transform((v, ctx) => {
    const n = typeof v === "string" ? (/^\s*\d+\s*$/.test(v) ? Number(v) : NaN) : v;
    if (typeof n !== "number" || !Number.isSafeInteger(n) || n <= 0) {
      ctx.addIssue({ code: "custom", message });
      return z.NEVER;
    }
    return n;
  });
}

/** A positive integer id in a body: a JSON number only; anything else, missing included, gives `message`. */
export function idField(message: string) {
  return positiveId(message, z.union([z.number(), z.null()], { error: message }).optional());
}

/** A positive integer id in a query string (where every value is text): digits only. */
export function idQueryField(message: string) {
  return positiveId(message, z.union([z.number(), z.string(), z.null()], { error: message }).optional());
}

/** A yes/no flag: JSON true or false; null or missing → false. */
export function flagField() {
  return z
    .union([z.boolean(), z.null()], { error: MSG_SI_NO_INVALIDO })
    .optional()
    .transform((v) => v === true);
}

/**
 * One of a fixed list. Empty, null or missing → the default. Matching ignores case and
 * surrounding spaces, and the stored value is the list's exact spelling
 * ("doble corredera" → "Doble Corredera").
 */
export function enumField<const T extends readonly [string, ...string[]]>(values: T, defaultValue: T[number], message: string) {
  return z
    .union([z.string(), z.null()], { error: message })
    .optional()
    .transform((v, ctx): T[number] => {
      const t = trimmed(v);
      if (t === "") return defaultValue;
      const exact = values.find((x) => x === t);
      if (exact) return exact;
      const lower = t.toLocaleLowerCase("es-CL");
      const match = values.find((x) => x.toLocaleLowerCase("es-CL") === lower);
      if (match) return match;
      ctx.addIssue({ code: "custom", message });
      return z.NEVER;
    });
}

/** Optional calendar date "YYYY-MM-DD"; empty, null or missing → null. */
export function optionalIsoDate() {
  return z
    .union([z.string(), z.null()], { error: MSG_FECHA_INVALIDA })
    .optional()
    .transform((v, ctx) => {
      const t = trimmed(v);
      if (t === "") return null;
      if (!isIsoDate(t)) {
        ctx.addIssue({ code: "custom", message: MSG_FECHA_INVALIDA });
        return z.NEVER;
      }
      return t;
    });
}

/**
 * A timestamp in an API row: a Date on the server (as Drizzle reads it), ISO 8601 text in
 * JSON ("2026-03-05T14:30:00.000Z"). z.input is the web's type, z.output the server's.
 */
export const timestampValue = z.codec(z.iso.datetime(), z.date(), {
  decode: (text) => new Date(text),
  encode: (date) => date.toISOString(),
});

/**
 * A zod error as the `errors` of the API's 400 body: `{ field: [messages] }`, the shape
 * Refine's HttpError puts on form fields. Nested paths are joined with "." ("items.0.codigo");
 * issues about the body as a whole go under "_form".
 */
export function zodFieldErrors(error: z.ZodError): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.map(String).join(".") : "_form";
    const list = (out[key] ??= []);
    if (!list.includes(issue.message)) list.push(issue.message);
  }
  return out;
}
