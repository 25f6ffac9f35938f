// The OpenAPI document as the fuzzer and the role matrix read it: every operation with
// its permission (from the auth plugin's route list), its parameters, body and response
// schemas; JSON Schema → fast-check arbitraries; 2xx bodies checked with Ajv.
import fc from "fast-check";
import { Ajv, type ValidateFunction } from "ajv";
import addFormats from "ajv-formats";
import type { FastifyInstance } from "fastify";
import type { RoutePermission } from "../../src/domain/roles/roles";

export type JsonSchema = {
  type?: string;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  nullable?: boolean;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: boolean | number;
  exclusiveMaximum?: boolean | number;
  maxLength?: number;
  minLength?: number;
  format?: string;
  description?: string;
  additionalProperties?: boolean | JsonSchema;
  [k: string]: unknown;
};

export interface Param {
  name: string;
  in: "path" | "query";
  required: boolean;
  schema: JsonSchema;
}

export interface Operation {
  method: string;
  /** OpenAPI path, `/api/clientes/{id}`. */
  path: string;
  /** Fastify's, `/api/clientes/:id`. */
  url: string;
  key: string;
  permission: RoutePermission | undefined;
  public: boolean;
  params: Param[];
  body: JsonSchema | undefined;
  responses: Record<string, JsonSchema | undefined>;
}

interface RawOp {
  parameters?: Param[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
  responses?: Record<string, { content?: Record<string, { schema?: JsonSchema }> }>;
}

export async function readOperations(app: FastifyInstance): Promise<Operation[]> {
  // The document /api/docs/json serves (behind a session since issue 32), read from the plugin.
  const doc = JSON.parse(JSON.stringify(app.swagger())) as { paths: Record<string, Record<string, RawOp>> };
  const ops: Operation[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    if (!path.startsWith("/api/")) continue;
    for (const [m, raw] of Object.entries(methods)) {
      const method = m.toUpperCase();
      const url = path.replace(/\{(\w+)\}/g, ":$1");
      const route = app.apiRoutes.find((r) => r.method === method && r.url === url);
      if (!route) throw new Error(`${method} ${path} está en OpenAPI pero no en las rutas del servidor`);
      const responses: Record<string, JsonSchema | undefined> = {};
      for (const [status, r] of Object.entries(raw.responses ?? {})) responses[status] = r.content?.["application/json"]?.schema;
      ops.push({
        method,
        path,
        url,
        key: `${method} ${path}`,
        permission: route.permission,
        public: route.public,
        params: raw.parameters ?? [],
        body: raw.requestBody?.content?.["application/json"]?.schema,
        responses,
      });
    }
  }
  return ops;
}

/** OpenAPI 3.0 → JSON Schema for Ajv: boolean exclusive bounds become numeric ones. */
function toJsonSchema(s: JsonSchema): JsonSchema {
  if (!s || typeof s !== "object") return s;
  const out: JsonSchema = Array.isArray(s) ? (s.map(toJsonSchema) as never) : { ...s };
  for (const [k, v] of Object.entries(out)) if (v && typeof v === "object") out[k] = Array.isArray(v) ? v.map(toJsonSchema) : toJsonSchema(v as JsonSchema);
  for (const [flag, bound] of [["exclusiveMinimum", "minimum"], ["exclusiveMaximum", "maximum"]] as const) {
    if (typeof out[flag] === "boolean") {
      if (out[flag] && typeof out[bound] === "number") out[flag] = out[bound] as number;
      else delete out[flag];
      if (typeof out[flag] === "number") delete out[bound];
    }
  }
  return out;
}

const ajv = new Ajv({ strict: false, allErrors: false });
addFormats.default(ajv);
const compiled = new WeakMap<JsonSchema, ValidateFunction>();

/** null when the value matches, else Ajv's first error. */
export function schemaError(schema: JsonSchema, value: unknown): string | null {
  let validate = compiled.get(schema);
  if (!validate) {
    validate = ajv.compile(toJsonSchema(schema));
    compiled.set(schema, validate);
  }
  if (validate(value)) return null;
  const e = validate.errors?.[0];
  return e ? `${e.instancePath || "/"} ${e.message} ${JSON.stringify(e.params)}` : "no coincide";
}

// ---------- values ----------

/** Texts that hurt: empty, blanks, 10 kB, NUL bytes, Unicode (accents, emoji, RTL, combining), SQL and HTML. */
export const nastyString = fc.oneof(
  fc.constantFrom(
    "",
    " ",
    "\u0000",
    "a\u0000b",
    "Ñandú – ñoño ümlaut",
    "😀🪟",
    "\u202Eabc",
    "e\u0301",
    "'; drop table clientes; --",
    "<script>alert(1)</script>",
    "%00",
    "../../etc/passwd",
    "null",
    "NaN",
    "1e309",
    "-0",
    "\uD800",
    "x".repeat(10_240),
  ),
  fc.string({ maxLength: 20 }),
  fc.string({ unit: "grapheme", maxLength: 12 }),
);

export const nastyNumber = fc.oneof(
  fc.constantFrom(0, -1, -0.5, 1.234567, 0.000001, 2147483648, 9007199254740991, 1e21, -1e21, 1e308, 12345678.123456),
  fc.integer({ min: -1000, max: 100_000 }),
  fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e9, max: 1e9 }),
);

export const nastyDate = fc.constantFrom(
  "2026-02-30",
  "2026-13-01",
  "0000-01-01",
  "9999-12-31",
  "10000-01-01",
  "-0001-01-01",
  "1900-01-01",
  "2026-03-10T25:61:00Z",
  "2026-3-5",
  "05-03-2026",
  "hoy",
  "",
);

const plausibleDate = fc.date({ min: new Date("2020-01-01"), max: new Date("2030-12-31"), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10));

const isDateField = (name: string | undefined, s: JsonSchema) =>
  s.format === "date" || s.format === "date-time" || s.description?.includes("AAAA-MM-DD") || /^(fecha|vencimiento|periodo|creado_en|fecha_\w+|\w+_fecha)$|_(gte|lte|gt|lt)$/.test(name ?? "");

export interface ValueContext {
  /** Known values for a field name (ids, codes of the seeded data). */
  known(name: string | undefined): fc.Arbitrary<unknown> | undefined;
}

/** An arbitrary of values of the schema's types, biased to seeded and hostile values. */
export function fromSchema(s: JsonSchema | undefined, ctx: ValueContext, name?: string, depth = 0): fc.Arbitrary<unknown> {
  if (!s || depth > 4) return fc.constant(null);
  const known = ctx.known(name);
  const base = baseFromSchema(s, ctx, name, depth);
  const withKnown = known ? fc.oneof({ arbitrary: known, weight: 3 }, { arbitrary: base, weight: 2 }) : base;
  return s.nullable ? fc.oneof({ arbitrary: withKnown, weight: 5 }, { arbitrary: fc.constant(null), weight: 1 }) : withKnown;
}

function baseFromSchema(s: JsonSchema, ctx: ValueContext, name: string | undefined, depth: number): fc.Arbitrary<unknown> {
  if (s.enum) return fc.oneof({ arbitrary: fc.constantFrom(...s.enum), weight: 4 }, { arbitrary: nastyString, weight: 1 });
  const alts = s.anyOf ?? s.oneOf;
  if (alts) return fc.oneof(...alts.map((a) => fromSchema(a, ctx, name, depth + 1)));
  switch (s.type) {
    case "string":
      if (isDateField(name, s)) return fc.oneof({ arbitrary: plausibleDate, weight: 3 }, { arbitrary: nastyDate, weight: 1 });
      return fc.oneof({ arbitrary: fc.string({ minLength: 1, maxLength: 12 }), weight: 2 }, { arbitrary: nastyString, weight: 2 }, { arbitrary: fc.constantFrom("2,5", "1.234,56", "10"), weight: 1 });
    case "integer":
      return fc.oneof({ arbitrary: fc.integer({ min: 1, max: 50 }), weight: 3 }, { arbitrary: nastyNumber, weight: 1 });
    case "number":
      return fc.oneof({ arbitrary: fc.integer({ min: 1, max: 500 }), weight: 2 }, { arbitrary: fc.integer({ min: 1, max: 50_000 }).map((n) => n / 100), weight: 1 }, { arbitrary: nastyNumber, weight: 1 });
    case "boolean":
      return fc.oneof(fc.boolean(), fc.constantFrom("true", "false", "si", 1, 0));
    case "array":
      return fc.array(fromSchema(s.items, ctx, name, depth + 1), { minLength: s.minItems ? Math.min(s.minItems, 1) : 0, maxLength: 4 });
    case "object": {
      const props = s.properties ?? {};
      const record: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [k, v] of Object.entries(props)) record[k] = fromSchema(v, ctx, k, depth + 1);
      return fc.record(record, { requiredKeys: (s.required ?? []).filter((k) => k in props) });
    }
    default:
      return fc.oneof(nastyString, nastyNumber, fc.boolean(), fc.constant(null), fc.constant({}), fc.constant([]));
  }
}
