// Specification section 5: "Number inputs are parsed as numbers; empty or invalid becomes
// an empty value", and "a comma becomes a decimal point".

const PLAIN = /^[+-]?(?:\d+(?:[.,]\d+)?|[.,]\d+)$/; // 12, 2,5, 2.5, ,5, -3
const ES_CL_GROUPED = /^[+-]?\d{1,3}(?:\.\d{3})+(?:,\d+)?$/; // 1.234.567, 1.234,5
const ES_CL_ONE_GROUP = /^[+-]?[1-9]\d{0,2}\.\d{3}$/; // 1.200, 12.500: how es-CL writes thousands
const EN_GROUPED = /^[+-]?\d{1,3}(?:,\d{3})+\.\d+$/; // 1,234.5 (pasted from a spreadsheet)

/**
 * Text typed in a number field → number, or null when empty or not a number.
 *
 * - "1200" → 1200, "2,5" → 2.5, "2.5" → 2.5, " 7 " → 7, "-3" → -3 (bounds are the
 *   schema's job, not the parser's).
 * - Dots group thousands the es-CL way, as the app itself shows numbers ("1.200 mm"):
 *   "1.200" → 1200, "12.500" → 12500, "1.234.567" → 1234567, "1.234,5" → 1234.5.
 *   Any other single dot is a decimal point ("2.5" → 2.5, "0.250" → 0.25, "1.25" → 1.25).
 *   "1,234.5" → 1234.5 (pasted from a spreadsheet).
 * - Anything else is null: "12abc", "1e5", "0x10", "Infinity", "1 200", "5,".
 * A number passes through if finite.
 */
export function parseNumberInput(text: string | number | null | undefined): number | null {
  if (text === null || text === undefined) return null;
  if (typeof text === "number") return Number.isFinite(text) ? text : null;
  const t = text.trim();
  if (t === "") return null;
  let normalized: string;
  if (ES_CL_ONE_GROUP.test(t)) {
    normalized = t.replace(".", "");
  } else if (PLAIN.test(t)) {
    normalized = t.replace(",", ".");
  } else if (ES_CL_GROUPED.test(t)) {
    normalized = t.replace(/\./g, "").replace(",", ".");
  } else if (EN_GROUPED.test(t)) {
    normalized = t.replace(/,/g, "");
  } else {
    return null;
  }
  const n = Number(normalized);
  if (!Number.isFinite(n)) return null;
  return n === 0 ? 0 : n; // no -0
}

/**
 * What a person typed in a numeric text box, as the JSON value the API takes (issue 23.12:
 * the API takes numbers as JSON numbers only): es-CL text read as a number, empty → null.
 * Text that is not a number is left as typed, so the schema refuses it and names the field.
 */
export function typedNumber(value: unknown): unknown {
  if (typeof value !== "string") return value ?? null;
  if (value.trim() === "") return null;
  return parseNumberInput(value) ?? value;
}

/** A form's values with its numeric text boxes (`fields`) read by typedNumber. */
export function withTypedNumbers<T extends Record<string, unknown>>(values: T, fields: readonly string[]): T {
  const out: Record<string, unknown> = { ...values };
  for (const f of fields) if (f in out) out[f] = typedNumber(out[f]);
  return out as T;
}
