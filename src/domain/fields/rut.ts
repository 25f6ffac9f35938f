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

export const MSG_RUT_INVALIDO = "RUT inválido: revise el dígito verificador";

function checked(v: string, ctx: z.RefinementCtx): string {
  const rut = normalizeRut(v);
  if (rut === null) {
    ctx.addIssue({ code: "custom", message: MSG_RUT_INVALIDO });
    return z.NEVER;
  }
  return rut;
}

const optionalRut = () => optionalText(20).transform((v, ctx) => (v === null ? null : checked(v, ctx)));
const requiredRut = (message: string) => requiredText(message, 20).transform((v, ctx) => checked(v, ctx));

/**
 * A RUT in a body (a client's, a supplier's, an invoice's supplier, the company's): typed
 * with or without dots, hyphen or spaces, stored in its normal form "12.345.678-5"; a RUT
 * whose check digit does not match is "RUT inválido…" on that field, never stored as typed.
 * Optional (empty → null) unless `required` gives the message for a missing one.
 */
export function rutField(): ReturnType<typeof optionalRut>;
export function rutField(opts: { required: string }): ReturnType<typeof requiredRut>;
export function rutField(opts?: { required: string }) {
  return opts ? requiredRut(opts.required) : optionalRut();
}
