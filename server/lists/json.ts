// A list's answer as JSON text written by the database. A whole list is thousands of rows
// (5,000 invoices): read through the driver, every row becomes a JS object (every value
// parsed, every column mapped by Drizzle) only to be written back to JSON at once. Here the
// database writes the JSON itself (row_to_json of each row, joined with string_agg in the
// list's order) and Node receives one string: no per-row work on the request thread.
//
// The text is byte for byte what JSON.stringify writes of the rows the driver would give
// (tests/api/list-json.test.ts compares both for every list): the same keys in the same
// order, and each value encoded as Drizzle and `pg` would decode it:
//   - integers, bigints (numbers in this app), text, booleans, dates (YYYY-MM-DD text):
//     as they are;
//   - numeric (a JS number in this app): as float8, whose shortest form is the one JS
//     writes between 1e-4 and 1e15; outside that range, as its own digits (trim_scale),
//     which JS writes alike up to 1e21 and down to 1e-6 for up to 15 significant digits;
//     float4/float8 the same way from their own digits;
//   - timestamptz (a JS Date): ISO 8601 in UTC with milliseconds, as Date.toJSON.
// A list with a column of any other type (json, arrays, timestamps without zone…) is read
// row by row as before (`encodable` says null).
import { Column, is, SQL, sql, type AnyColumn } from "drizzle-orm";
import type { SelectedFields } from "drizzle-orm/pg-core";

/** How one selected value is written, by what the driver would hand over. */
type Encoding = "plain" | "numeric" | "float" | "timestamptz";

/** Drizzle column types whose decoded value JSON.stringify writes as the database writes the raw value. */
const PLAIN_COLUMNS = new Set([
  "PgInteger",
  "PgSerial",
  "PgSmallInt",
  "PgSmallSerial",
  "PgBigInt53",
  "PgBigSerial53",
  "PgText",
  "PgVarchar",
  "PgChar",
  "PgBoolean",
  "PgDateString",
  "PgEnumColumn",
]);

/** Result type OIDs (an SQL expression: no Drizzle decoding, `pg`'s parsers) written as they are. */
const PLAIN_TYPES = new Set([16 /* bool */, 19 /* name */, 20 /* int8: a number (connect.ts) */, 21, 23, 25, 1042, 1043, 1082 /* date: text (connect.ts) */]);
const NUMERIC = 1700;
/** float4, float8: their own shortest digits are JS's between 1e-4 and 1e15. */
const FLOAT_TYPES = new Set([700, 701]);
const TIMESTAMPTZ = 1184;

function columnEncoding(column: AnyColumn): Encoding | null {
  if (PLAIN_COLUMNS.has(column.columnType)) return "plain";
  if (column.columnType === "PgNumericNumber") return "numeric";
  if (column.columnType === "PgReal" || column.columnType === "PgDoublePrecision") return "float";
  if (column.columnType === "PgTimestamp" && (column as unknown as { withTimezone: boolean }).withTimezone) return "timestamptz";
  return null;
}

function typeEncoding(oid: number): Encoding | null {
  if (PLAIN_TYPES.has(oid)) return "plain";
  if (oid === NUMERIC) return "numeric";
  if (FLOAT_TYPES.has(oid)) return "float";
  if (oid === TIMESTAMPTZ) return "timestamptz";
  return null;
}

/** `value` (a column of the list's query, read once) as JSON.stringify writes its decoded value. */
function encode(value: SQL, encoding: Encoding): SQL {
  switch (encoding) {
    case "plain":
      return sql`${value}`;
    case "numeric":
      return sql`(case when abs(${value}) >= 1e15 or (${value} <> 0 and abs(${value}) < 1e-4) then to_json(trim_scale((${value})::numeric)) else to_json((${value})::float8) end)`;
    case "float":
      return sql`(case when abs(${value}) >= 1e15 or (${value} <> 0 and abs(${value}) < 1e-4) then to_json(trim_scale((${value})::numeric)) else to_json(${value}) end)`;
    case "timestamptz":
      return sql`to_char((${value}) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
  }
}

/** The i-th selected value's name inside the list's own query (never an ORDER BY's bare column name). */
export const slot = (i: number) => `_v${i}`;

export interface JsonSelection {
  /** The list's own selection, each value named slot(i) (the list's query selects these). */
  inner: SelectedFields;
  /** `t."_v0" as "id", to_char(t."_v1" …) as "creado_en"…`: each value encoded under the API's name, in the row's order (over that query as `t`). */
  outer: SQL;
}

/** The selected values, named slot(i), as the driver would read them (what `probe` asks the types of). */
export function slots(columns: SelectedFields): SelectedFields | null {
  const out: SelectedFields = {};
  let i = 0;
  for (const selected of Object.values(columns)) {
    const value = expressionOf(selected);
    if (!value) return null; // nested objects: row by row
    out[slot(i)] = sql`${value}`.as(slot(i));
    i += 1;
  }
  return out;
}

/** A selected column or expression (an aliased one without its alias); null for anything else. */
function expressionOf(selected: unknown): AnyColumn | SQL | null {
  if (is(selected, Column) || is(selected, SQL)) return selected as AnyColumn | SQL;
  if (is(selected, SQL.Aliased)) return selected.sql;
  return null;
}

/**
 * The encoded selection of `columns`, given the result types of its SQL expressions (by
 * position, from a query of `slots(columns)`), or null when a value cannot be written by
 * the database exactly as JSON.stringify would write the row.
 */
export function jsonSelection(columns: SelectedFields, types: readonly number[]): JsonSelection | null {
  const inner = slots(columns);
  if (!inner) return null;
  const names: SQL[] = [];
  let i = 0;
  for (const [key, selected] of Object.entries(columns)) {
    const value = expressionOf(selected);
    let encoding: Encoding | null = null;
    if (is(value, Column)) encoding = columnEncoding(value);
    else if (is(value, SQL)) encoding = expressionEncoding(value, types[i]);
    if (!value || !encoding) return null;
    names.push(sql`${encode(sql`t.${sql.identifier(slot(i))}`, encoding)} as ${sql.identifier(key)}`);
    i += 1;
  }
  return { inner, outer: sql.join(names, sql`, `) };
}

const INTEGER_TYPES = new Set([20, 21, 23]);
const TEXT_TYPES = new Set([19, 25, 1042, 1043]);

/**
 * An SQL expression's value as `pg` parses its result type, then mapped by its `.mapWith(…)`
 * if any: a column's mapping (that column's encoding), or Boolean/Number/String over a value
 * the driver already gives as that JS type (`completa: completaExpr.mapWith(Boolean)`).
 * Any other mapping runs in JS, which the database cannot copy: null.
 */
function expressionEncoding(value: SQL, oid: number | undefined): Encoding | null {
  if (oid === undefined) return null;
  const decoder = (value as unknown as { decoder: { mapFromDriverValue: unknown } }).decoder;
  if (decoder === noopDecoder) return typeEncoding(oid);
  if (is(decoder, Column)) {
    const encoding = columnEncoding(decoder as AnyColumn);
    return encoding === typeEncoding(oid) ? encoding : null;
  }
  const map = decoder.mapFromDriverValue;
  if (map === Boolean && oid === 16) return "plain";
  if (map === Number && INTEGER_TYPES.has(oid)) return "plain";
  if (map === Number && oid === NUMERIC) return "numeric";
  if (map === Number && FLOAT_TYPES.has(oid)) return "float";
  if (map === String && TEXT_TYPES.has(oid)) return "plain";
  return null;
}
const noopDecoder = (sql`` as unknown as { decoder: unknown }).decoder;
