// Reusable zod 4 field builders with Spanish messages. The same schema validates a form
// in the browser and a body on the server, so both accept what each side sends:
// numbers or numeric text ("1200", "2,5"), empty strings for "no value", booleans.
// Any module of src/domain may import these.
import { z } from "zod";
import { isIsoDate } from "../dates/dates";
import { parseNumberInput } from "../format/parse";
import { QTY_DECIMALS } from "../inventory/quantity";
import { roundHalfAwayFromZero } from "../money/round";

export const MSG_NUMERO_INVALIDO = "Ingrese un número válido";
export const MSG_DEMASIADO_LARGO = (max: number) => `Máximo ${max} caracteres`;
export const MSG_DEMASIADO_GRANDE = "El valor es demasiado grande";
export const MSG_FECHA_INVALIDA = "Fecha inválida (use AAAA-MM-DD)";
export const MSG_SI_NO_INVALIDO = "Valor inválido: se esperaba sí o no";
export const MSG_MAXIMO_DECIMALES = (decimals: number) => `Use como máximo ${decimals} decimales`;
/** Quantities (stock, orders, receipts, pautas, windows) keep QTY_DECIMALS (4), as their columns numeric(18,4). */
export const MSG_MAXIMO_4_DECIMALES = MSG_MAXIMO_DECIMALES(QTY_DECIMALS);

const textInput = z.union([z.string(), z.number(), z.null()], { error: "Debe ser un texto" }).optional();

function trimmed(v: string | number | null | undefined): string {
  return v === null || v === undefined ? "" : String(v).trim();
}

/** Optional text: trimmed; empty, null or missing becomes null. Numbers become text. */
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

/** Required text: trimmed and non-empty, else `message` (also when missing or of the wrong type). */
export function requiredText(message: string, max = 255) {
  return z
    .union([z.string(), z.number(), z.null()], { error: message })
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

const numberInput = z.union([z.number(), z.string(), z.null()], { error: MSG_NUMERO_INVALIDO }).optional();

/** Parses a number or numeric text; empty → null; not a number → "Ingrese un número válido". */
function parsedNumber() {
  return numberInput.transform((v, ctx) => {
    if (v === null || v === undefined || (typeof v === "string" && v.trim() === "")) return null;
    const n = parseNumberInput(v);
    if (n === null) {
      ctx.addIssue({ code: "custom", message: MSG_NUMERO_INVALIDO });
      return z.NEVER;
    }
    return n;
  });
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

/** A positive integer id (number or numeric text); anything else, missing included, gives `message`. */
export function idField(message: string) {
  return z
    .union([z.number(), z.string(), z.null()], { error: message })
    .optional()
    .transform((v, ctx) => {
      const n = typeof v === "string" ? (/^\s*\d+\s*$/.test(v) ? Number(v) : NaN) : v;
      if (typeof n !== "number" || !Number.isSafeInteger(n) || n <= 0) {
        ctx.addIssue({ code: "custom", message });
        return z.NEVER;
      }
      return n;
    });
}

/** A yes/no flag: true/false, "true"/"false", 1/0; null or missing → false. */
export function flagField() {
  return z
    .union([z.boolean(), z.literal("true"), z.literal("false"), z.literal(1), z.literal(0), z.null()], { error: MSG_SI_NO_INVALIDO })
    .optional()
    .transform((v) => v === true || v === "true" || v === 1);
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
