// Chilean RUT (Rol Único Tributario): body digits plus a módulo-11 check digit (0-9 or K).
import { z } from "zod";
import { optionalText, requiredText } from "./fields";

/** Check digit of a RUT body: "0"-"9" or "K". */
export function rutCheckDigit(body: number | string): string {
  const digits = String(body);
  if (!/^\d+$/.test(digits)) throw new RangeError(`Cuerpo de RUT inválido: ${digits}`);
  let sum = 0;
  let factor = 2;
  for (let i = digits.length - 1; i >= 0; i--) {
    sum += Number(digits[i]) * factor;
    factor = factor === 7 ? 2 : factor + 1;
  }
  const r = 11 - (sum % 11);
  return r === 11 ? "0" : r === 10 ? "K" : String(r);
}

/** "12345678" → "12.345.678". */
function groupBody(body: string): string {
  return body.replace(/\B(?=(\d{3})+(?!\d))/g, ".");
}

/**
 * A RUT as typed ("12.345.678-5", "12345678-5", "123456785", " 76 086 428-5 ", "60803000-k")
 * → normal form "12.345.678-5" (dots, hyphen, upper-case K), or null when it is not a valid
 * RUT. Dots, hyphen and spaces are optional; the last character is the check digit.
 * The body must have 7 or 8 digits after leading zeros (1.000.000 to 99.999.999): that
 * covers every person and company RUT in use and rejects short typos.
 */
export function normalizeRut(input: string | null | undefined): string | null {
  if (typeof input !== "string") return null;
  const compact = input.replace(/[.\s-]/g, "").toUpperCase();
  const m = /^(\d+)([\dK])$/.exec(compact);
  if (!m) return null;
  const body = m[1].replace(/^0+/, "");
  if (body.length < 7 || body.length > 8) return null;
  if (rutCheckDigit(body) !== m[2]) return null;
  return `${groupBody(body)}-${m[2]}`;
}

export function isValidRut(input: string | null | undefined): boolean {
  return normalizeRut(input) !== null;
}

/** A wrong check digit (the body is well written). */
export const MSG_RUT_INVALIDO = "RUT inválido: revise el dígito verificador";
/** Text before the number ("RUT 12.345.678-5", "Rut: …"). */
export const MSG_RUT_PREFIJO = "RUT inválido: escriba solo el número, sin «RUT» ni otro texto delante";
/** A dash that is not the hyphen (–, —, −), as word processors and phones write it. */
export const MSG_RUT_RAYA = "RUT inválido: separe el dígito verificador con un guion (-), no con una raya (–)";
/** Letters (other than a final K) or characters other than digits, dots, spaces and one hyphen. */
export const MSG_RUT_CARACTERES = "RUT inválido: tiene letras u otros caracteres; use solo dígitos, puntos, un guion y la K final si corresponde";
/** A body of fewer than 7 or more than 8 digits. */
export const MSG_RUT_LARGO = "RUT inválido: el número debe tener 7 u 8 dígitos antes del dígito verificador";

/**
 * What is wrong with a RUT as typed, one message each (issue 32 §4): text before the number,
 * a dash that is not a hyphen, letters or other characters, a body of the wrong length, a
 * wrong check digit; null when it is a valid RUT.
 */
export function rutProblem(input: string): string | null {
  const typed = input.trim();
  if (/^[\p{L}][\p{L}\s.:#°º]*\s*[:.]?\s*\d/u.test(typed) && !/^[kK]$/.test(typed)) return MSG_RUT_PREFIJO;
  if (/[\u2010-\u2015\u2212\uFE58\uFE63\uFF0D]/.test(typed)) return MSG_RUT_RAYA;
  const compact = typed.replace(/[.\s-]/g, "").toUpperCase();
  if (!/^\d+[\dK]$/.test(compact) || (typed.match(/-/g)?.length ?? 0) > 1) return MSG_RUT_CARACTERES;
  const body = compact.slice(0, -1).replace(/^0+/, "");
  if (body.length < 7 || body.length > 8) return MSG_RUT_LARGO;
  if (rutCheckDigit(body) !== compact.slice(-1)) return MSG_RUT_INVALIDO;
  return null;
}

function checked(v: string, ctx: z.RefinementCtx): string {
  const rut = normalizeRut(v);
  if (rut === null) {
    ctx.addIssue({ code: "custom", message: rutProblem(v) ?? MSG_RUT_INVALIDO });
    return z.NEVER;
  }
  return rut;
}

const optionalRut = () => optionalText(20).transform((v, ctx) => (v === null ? null : checked(v, ctx)));
const requiredRut = (message: string) => requiredText(message, 20).transform((v, ctx) => checked(v, ctx));

/**
 * A RUT in a body (a client's, a supplier's, an invoice's supplier, the company's): typed
 * with or without dots, hyphen or spaces, stored in its normal form "12.345.678-5"; a RUT
 * refused is "RUT inválido: …" on that field saying what is wrong (rutProblem), never stored as typed.
 * Optional (empty → null) unless `required` gives the message for a missing one.
 */
export function rutField(): ReturnType<typeof optionalRut>;
export function rutField(opts: { required: string }): ReturnType<typeof requiredRut>;
export function rutField(opts?: { required: string }) {
  return opts ? requiredRut(opts.required) : optionalRut();
}
