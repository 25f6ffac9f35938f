// Chilean RUT (Rol Único Tributario): body digits plus a módulo-11 check digit (0-9 or K).

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
