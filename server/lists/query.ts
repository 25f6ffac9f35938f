// The query string of a list, built from its declaration (define.ts). Everything a list
// does not declare is refused with 400 and a Spanish message on the parameter, never
// dropped: an unknown parameter, an operator the field does not allow, a sort field that
// is not sortable, a value of the wrong type.
//
// Parameters (the conventions of @refinedev/simple-rest, which the web's data provider sends):
//   _start, _end          page (rows _start … _end-1)
//   _sort, _order         sort fields and directions, comma-separated ("fecha,id" "desc,asc")
//   q                     free text over the list's search columns
//   campo=v               equals (eq); repeated (campo=1&campo=2) is "one of" (in)
//   campo_ne, _lt, _gt, _lte, _gte   not equal, less, greater, at most, at least
//   campo_like            contains, ignoring case and accents
import { Column, is, type AnyColumn, type SQL } from "drizzle-orm";
import { z } from "zod";
import { isIsoDate } from "../../src/domain/dates/dates";

export const OPERATOR_SUFFIX = { eq: "", in: "", ne: "_ne", lt: "_lt", gt: "_gt", lte: "_lte", gte: "_gte", like: "_like" } as const;
export type Operator = keyof typeof OPERATOR_SUFFIX;

/** What the query string may do with one field of a list. */
export interface ListField {
  /** The column (or expression) that filters compare and, with `sort: true`, that sorts. */
  column: AnyColumn | SQL;
  /** Sortable: true sorts by `column`; an expression sorts by it instead (e.g. byHumanName). */
  sort?: true | SQL;
  /** Filter operators allowed on this field. */
  filter?: readonly Operator[];
  /** How a filter value is read; by default from the column's type (integer, number, true/false, text). */
  value?: z.ZodType;
  /**
   * The condition a filter means, when comparing `column` would read every row (a CASE):
   * the same rows, written so an index can serve them (an invoice's estado_calculado). Gets
   * the operator and the read value (an array for several, "in"); undefined: compare `column`.
   */
  where?: (op: Exclude<Operator, "in" | "like">, value: unknown) => SQL | undefined;
}

/** One parameter of the query string and what it filters. */
export interface FilterKey {
  field: string;
  /** "eq" also takes repeated values when the field allows "in". */
  op: Exclude<Operator, "in">;
}

export const RESERVED = ["_start", "_end", "_sort", "_order", "q"] as const;
export const MAX_SEARCH = 200;

const INTEGER_COLUMNS = new Set(["PgInteger", "PgSerial", "PgSmallInt", "PgSmallSerial", "PgBigInt53", "PgBigSerial53"]);

/** Empty text means "no value" (a cleared filter box), as simple-rest servers do. */
const blankToUndefined = (v: unknown) => (v === "" ? undefined : Array.isArray(v) ? v.filter((x) => x !== "") : v);

function defaultValue(name: string, column: AnyColumn | SQL): z.ZodType {
  if (is(column, Column)) {
    if (column.dataType === "number") {
      const n = z.coerce.number({ error: `${name}: debe ser un número` }).refine(Number.isFinite, `${name}: debe ser un número`);
      return INTEGER_COLUMNS.has(column.columnType) ? n.refine(Number.isSafeInteger, `${name}: debe ser un número entero`) : n;
    }
    if (column.dataType === "boolean") return z.enum(["true", "false"], { error: `${name}: debe ser true o false` }).transform((v) => v === "true");
    if (column.dataType === "date") return z.coerce.date({ error: `${name}: fecha inválida` });
    if (column.columnType === "PgDateString") return z.string().refine(isIsoDate, `${name}: fecha inválida (use AAAA-MM-DD)`);
  }
  return z.string().max(MAX_SEARCH, `${name}: máximo ${MAX_SEARCH} caracteres`);
}

/** A value, or the same key repeated (`id=1&id=2`); a bad value gives its own message on the key. */
function oneOrMore(one: z.ZodType) {
  return z.union([z.string(), z.array(z.string())]).transform((v, ctx) => {
    const values: unknown[] = [];
    for (const text of Array.isArray(v) ? v : [v]) {
      const r = one.safeParse(text);
      if (!r.success) {
        ctx.addIssue({ code: "custom", message: r.error.issues[0]?.message ?? "Valor inválido" });
        return z.NEVER;
      }
      values.push(r.data);
    }
    return Array.isArray(v) ? values : values[0];
  });
}

/** The query keys a field declares: `campo` for eq/in, `campo_<op>` for the rest. */
export function filterKeys(fields: Record<string, ListField>): Map<string, FilterKey> {
  const keys = new Map<string, FilterKey>();
  for (const [field, spec] of Object.entries(fields)) {
    for (const op of spec.filter ?? []) keys.set(`${field}${OPERATOR_SUFFIX[op]}`, { field, op: op === "in" ? "eq" : op });
  }
  return keys;
}

/** Why a parameter the list does not declare is refused. */
function refusal(key: string, fields: Record<string, ListField>): string {
  for (const [op, suffix] of Object.entries(OPERATOR_SUFFIX)) {
    if (!suffix || !key.endsWith(suffix)) continue;
    const field = key.slice(0, -suffix.length);
    if (fields[field]) return `No se puede filtrar «${field}» con ${suffix} (${op}).`;
  }
  if (fields[key]) return `No se puede filtrar por «${key}».`;
  return `Parámetro desconocido: «${key}».`;
}

/**
 * An object schema for a query string that refuses unknown keys one by one, each with its
 * own message on its own key (zod's strict mode would give one message for all).
 */
export function strictQuery<S extends z.ZodRawShape>(shape: S, unknownMessage: (key: string) => string = (k) => `Parámetro desconocido: «${k}».`) {
  return z.preprocess((query, ctx) => {
    if (!query || typeof query !== "object") return query;
    const known: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(query)) {
      if (key in shape) known[key] = value;
      else ctx.addIssue({ code: "custom", path: [key], message: unknownMessage(key), input: value });
    }
    return known;
  }, z.object(shape).strict());
}

/** The querystring schema of a list: its paging, sorting, search and filters, nothing else. */
export function listQuerySchema(fields: Record<string, ListField>, searchable: boolean) {
  const sortable = Object.keys(fields).filter((f) => fields[f].sort);
  const shape: Record<string, z.ZodType> = {
    _start: z.coerce.number({ error: "_start debe ser un número" }).int("_start debe ser un entero").min(0, "_start no puede ser negativo").optional(),
    _end: z.coerce.number({ error: "_end debe ser un número" }).int("_end debe ser un entero").min(0, "_end no puede ser negativo").optional(),
    _sort: z
      .string()
      .max(200)
      .superRefine((v, ctx) => {
        for (const f of v.split(",")) {
          if (!sortable.includes(f)) ctx.addIssue({ code: "custom", message: `No se puede ordenar por «${f}». Campos: ${sortable.join(", ")}.` });
        }
      })
      .optional(),
    _order: z
      .string()
      .regex(/^(asc|desc)(,(asc|desc))*$/i, "_order debe ser asc o desc")
      .optional(),
  };
  if (searchable) shape.q = z.string().max(MAX_SEARCH, `Máximo ${MAX_SEARCH} caracteres`).optional();
  for (const [key, { field, op }] of filterKeys(fields)) {
    const spec = fields[field];
    const one = op === "like" ? z.string().max(MAX_SEARCH) : (spec.value ?? defaultValue(key, spec.column));
    const many = op === "eq" && spec.filter?.includes("in");
    shape[key] = z.preprocess(blankToUndefined, (many ? oneOrMore(one) : one).optional());
  }
  return strictQuery(shape, (key) => refusal(key, fields));
}
