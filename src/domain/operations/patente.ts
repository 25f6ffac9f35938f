// Chilean licence plates (patente única). Two formats are in use:
//   - old (until 2007): two letters and four digits, AA·1234. Letters A–Z without Ñ and Q;
//     the number goes from 1000 to 9999 (it never starts with 0).
//   - new (since 2007): four letters and two digits, BB·BB·12. Letters are consonants only,
//     without M, N, Ñ and Q (B C D F G H J K L P R S T V W X Y Z), so no plate spells a word.
// As typed, dots, middle dots, hyphens and spaces are ignored and case does not matter;
// the stored form is compact and upper-case ("BBBB12", "AA1234").
import { z } from "zod";

const OLD = /^[A-PR-Z]{2}[1-9]\d{3}$/;
const NEW = /^[BCDFGHJKLPRSTVWXYZ]{4}\d{2}$/;

export const MSG_PATENTE_OBLIGATORIA = "La patente es obligatoria";
export const MSG_PATENTE_INVALIDA = "Patente inválida: use el formato AA·1234 (antiguo) o BBBB·12 (nuevo, sin vocales ni M, N, Ñ, Q)";

/** The plate as typed → its compact upper-case form, or null when it is neither format. */
export function normalizePatente(input: string | null | undefined): string | null {
  if (typeof input !== "string") return null;
  const compact = input.replace(/[\s.·-]/g, "").toUpperCase();
  return OLD.test(compact) || NEW.test(compact) ? compact : null;
}

/** "BBBB12" → "BB·BB·12", "AA1234" → "AA·1234" (how the plate is printed). */
export function formatPatente(compact: string): string {
  return compact.length === 6 && NEW.test(compact) ? `${compact.slice(0, 2)}·${compact.slice(2, 4)}·${compact.slice(4)}` : OLD.test(compact) ? `${compact.slice(0, 2)}·${compact.slice(2)}` : compact;
}

/** A body field: required, one of the two formats, stored compact. */
export function patenteField() {
  return z
    .union([z.string(), z.null()], { error: MSG_PATENTE_OBLIGATORIA })
    .optional()
    .transform((v, ctx) => {
      if (v === null || v === undefined || v.trim() === "") {
        ctx.addIssue({ code: "custom", message: MSG_PATENTE_OBLIGATORIA });
        return z.NEVER;
      }
      const p = normalizePatente(v);
      if (p === null) {
        ctx.addIssue({ code: "custom", message: MSG_PATENTE_INVALIDA });
        return z.NEVER;
      }
      return p;
    });
}
