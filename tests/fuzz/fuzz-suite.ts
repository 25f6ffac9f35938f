// The API fuzzer: every operation of /api/docs/json, called (app.inject) by a role the
// role table allows, with bodies, query strings and path values generated from the
// documented schemas and with mutations of a valid example (wrong types, missing and
// extra fields, huge and negative numbers, 6 decimals, empty and 10 kB texts, Unicode,
// NUL bytes, impossible dates, ids of another parent). After every call:
//   - never a 5xx;
//   - a 4xx is { message, errors } in Spanish and changed nothing (db-state.ts);
//   - a 2xx body matches the documented response schema;
//   - oracles of the mutation: a number where the example had a text, a quantity with
//     more than 4 decimals, a child moved under another parent are not accepted; a list
//     answers 200 (an empty list), not 404, to filters that match nothing.
// FUZZ_RUNS runs a route (200 by default). A failure prints the shrunk request, ready to
// replay with app.inject, and fast-check's seed and path. The routes are dealt to
// api-1.test.ts and api-2.test.ts (one server each) so both cores share the work.
import fc from "fast-check";
import { gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isAllowed, ROLES, type Role } from "../../src/domain/roles/roles";
import { createTestServer, type TestServer } from "../helpers";
import { watchDatabase, type DbState, type DbWatcher } from "./db-state";
import { fromSchema, nastyDate, nastyNumber, nastyString, readOperations, schemaError, type JsonSchema, type Operation } from "./openapi";
import { PAUTA_CATEGORIES } from "../../src/domain/pautas/categories";
import { exampleFor, PAUTA_PATH_VALUES, PATH_POOLS, seedWorld, type World } from "./world";

const RUNS = Number(process.env.FUZZ_RUNS ?? 200);
const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined;
/** Only the routes whose "METHOD /path" matches (to replay one failure). */
const ONLY = process.env.FUZZ_ROUTE ? new RegExp(process.env.FUZZ_ROUTE) : null;

/**
 * Findings that are issue 23's defects, fixed in their own branches: allowed here until
 * they land, then this list is emptied. Each entry is (route, finding kind, defect).
 * What the fuzzer found on its first run (before those fixes) is the list below.
 */
export const KNOWN_ISSUE_23: { route: RegExp; kind: Finding; defect: string }[] = [
  // Emptied when issue 23 landed. The first run found 23.12 (a JSON number stored as text
  // on ~30 write routes), 23.4 (quantities with 6+ decimals accepted) and 23.11 (the pautas
  // list answering 404 for another client's quote).
];

type Finding = "5xx" | "4xx-shape" | "4xx-wrote" | "2xx-schema" | "number-as-text" | "qty-decimals" | "list-404" | "other-parent";

interface Mutation {
  kind: "wrong-type" | "number-for-text" | "remove" | "extra" | "huge" | "negative" | "decimals6" | "empty" | "long" | "unicode" | "nul" | "date" | "other-parent" | "null";
  /** Which leaf of the body (modulo their number). */
  at: number;
  value: unknown;
}

/** `as` picks the role among those allowed, `pick` the path values among the route's pool. */
type Recipe =
  | { from: "example"; mutations: Mutation[]; as: number; pick: number }
  | { from: "schema"; body: unknown; query: Record<string, unknown>; path: Record<string, unknown>; as: number; pick: number };

interface Sent {
  method: string;
  url: string;
  as: Role | null;
  payload?: unknown;
  /** Oracles this request carries. */
  mustRefuse?: { kind: Finding; why: string };
}

let t: TestServer;
let w: World;
let db: DbWatcher;
let ops: Operation[];
const found = new Map<string, { defect: string; count: number; example: string }>();
const stats: { key: string; runs: number; ms: number; byStatus: Record<string, number>; lastRefusal?: string }[] = [];

// ---------- generation ----------

const FIELD_KNOWN: Record<string, () => fc.Arbitrary<unknown>> = {
  cliente_id: () => fc.constantFrom(w.clienteA, w.clienteB),
  presupuesto_id: () => fc.constantFrom(w.quoteA, w.quoteB),
  codigo: () => fc.constantFrom(...w.codes),
  numero_oc: () => fc.constantFrom(...w.ocs.map((o) => o.numero_oc)),
  numero_presupuesto: () => fc.constantFrom(w.numeroA, w.numeroB),
  proveedor: () => fc.constant(w.proveedor),
  category: () => fc.constantFrom(...PAUTA_PATH_VALUES),
  table: () => fc.constantFrom(...PAUTA_PATH_VALUES),
};
const ctx = { known: (name: string | undefined) => (name && FIELD_KNOWN[name] ? FIELD_KNOWN[name]() : undefined) };

const QTY_FIELD = /^(cantidad|cantidad_llegada|cantidad_salida|cantidad_original|diferencia)$/;
/** Fields that legitimately take a number or a text (an id or a name, a number typed as text). */
const DUAL_FIELD = /(_id|^id|^numero_oc|^cantidad\w*|^diferencia|^precio\w*|^monto\w*|^iva|^dias\w*|^horas\w*|^ancho\w*|^alto\w*|^valor\w*|^m2\w*|^fijo|^doble\w*|^proyectante|^oscilobatiente|^marco\w*|^otro|^total\w*|^utv\w*|^stock\w*|^cuadros\w*)$/;

const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  fc.record({ kind: fc.constant("wrong-type" as const), at: fc.nat(50), value: fc.constantFrom(true, {}, [], "abc", [1], { a: 1 }) }),
  fc.record({ kind: fc.constant("number-for-text" as const), at: fc.nat(50), value: fc.constantFrom(12345, 0, -7, 3.5) }),
  fc.record({ kind: fc.constant("remove" as const), at: fc.nat(50), value: fc.constant(undefined) }),
  fc.record({ kind: fc.constant("extra" as const), at: fc.nat(50), value: fc.oneof(nastyString, nastyNumber) }),
  fc.record({ kind: fc.constant("huge" as const), at: fc.nat(50), value: fc.constantFrom(1e21, Number.MAX_SAFE_INTEGER + 2, 2147483648, 1e308, "99999999999999999999") }),
  fc.record({ kind: fc.constant("negative" as const), at: fc.nat(50), value: fc.constantFrom(-1, -0.0001, -1000000, "-5") }),
  fc.record({ kind: fc.constant("decimals6" as const), at: fc.nat(50), value: fc.constantFrom(1.123456, 0.000001, 2.1234567, 10.99999) }),
  fc.record({ kind: fc.constant("empty" as const), at: fc.nat(50), value: fc.constant("") }),
  fc.record({ kind: fc.constant("long" as const), at: fc.nat(50), value: fc.constant("x".repeat(10_240)) }),
  fc.record({ kind: fc.constant("unicode" as const), at: fc.nat(50), value: nastyString }),
  fc.record({ kind: fc.constant("nul" as const), at: fc.nat(50), value: fc.constantFrom("a\u0000b", "\u0000") }),
  fc.record({ kind: fc.constant("date" as const), at: fc.nat(50), value: nastyDate }),
  fc.record({ kind: fc.constant("other-parent" as const), at: fc.nat(50), value: fc.constant(null) }),
  fc.record({ kind: fc.constant("null" as const), at: fc.nat(50), value: fc.constant(null) }),
);

function recipeFor(op: Operation, hasExample: boolean): fc.Arbitrary<Recipe> {
  const as = fc.nat(9);
  const pick = fc.nat(10_000);
  const query: Record<string, fc.Arbitrary<unknown>> = {};
  const path: Record<string, fc.Arbitrary<unknown>> = {};
  for (const p of op.params) (p.in === "query" ? query : path)[p.name] = fromSchema(p.schema, ctx, p.name);
  // A list is mostly asked with none, one or two parameters (more are nearly always a 400).
  const names = Object.keys(query);
  const someQuery = !names.length
    ? fc.constant({})
    : fc.oneof(
        fc.constant({}),
        fc.subarray(names, { minLength: 1, maxLength: Math.min(2, names.length) }).chain((keys) => fc.record(Object.fromEntries(keys.map((k) => [k, query[k]])))),
        fc.record(query, { requiredKeys: [] }),
      );
  const fromDocs = fc.record({
    from: fc.constant("schema" as const),
    body: op.body ? fromSchema(op.body, ctx) : fc.constant(undefined),
    query: someQuery,
    path: fc.record(path, { requiredKeys: [] }),
    as,
    pick,
  });
  if (!hasExample) return fromDocs;
  const fromExample = fc.record({ from: fc.constant("example" as const), mutations: fc.array(mutation, { minLength: 0, maxLength: 3 }), as, pick });
  return fc.oneof({ arbitrary: fromExample, weight: 3 }, { arbitrary: fromDocs, weight: 1 });
}

/** The body's leaves as paths (["items", 0, "cantidad"]). */
function leaves(v: unknown, prefix: (string | number)[] = []): (string | number)[][] {
  if (Array.isArray(v)) return v.length ? v.flatMap((x, i) => leaves(x, [...prefix, i])) : [prefix];
  if (v && typeof v === "object") {
    const entries = Object.entries(v);
    return entries.length ? entries.flatMap(([k, x]) => leaves(x, [...prefix, k])) : [prefix];
  }
  return [prefix];
}
function getAt(root: unknown, p: (string | number)[]): unknown {
  return p.reduce<unknown>((o, k) => (o as Record<string | number, unknown>)?.[k], root);
}
function setAt(root: Record<string, unknown>, p: (string | number)[], value: unknown) {
  const parent = p.slice(0, -1).reduce<unknown>((o, k) => (o as Record<string | number, unknown>)[k], root) as Record<string | number, unknown>;
  const last = p[p.length - 1];
  if (value === undefined) delete parent[last];
  else parent[last] = value;
}

/** Path values a route may use: the seeded ids (read once, at the route's first call). */
const pools = new Map<string, (string | number)[]>();
const HOSTILE_PATH_VALUES = [0, -1, 2147483648, "abc", "1.5", "%00", "999999", "1e3", " 1"];
async function poolFor(op: Operation, name: string): Promise<(string | number)[]> {
  const key = `${op.path}|${name}`;
  if (pools.has(key)) return pools.get(key)!;
  let values: (string | number)[] = [];
  if (/^\/api\/usuarios\//.test(op.path) && name === "id") values = [...w.victims];
  else if (name === "category" || name === "table") values = [...PAUTA_PATH_VALUES, "desconocida"];
  else {
    const hit = PATH_POOLS.find(([re, param]) => re.test(op.path) && param === name);
    if (hit && hit[2]) values = (await t.database.pool.query(hit[2])).rows.map((r) => r.id);
  }
  pools.set(key, values);
  return values;
}

async function materialize(op: Operation, recipe: Recipe): Promise<Sent> {
  const allowed = op.public || !op.permission ? [...ROLES] : ROLES.filter((r) => isAllowed(r, op.permission!));
  const as = allowed[recipe.as % allowed.length];
  const pathValues: Record<string, unknown> = {};
  const queryValues: Record<string, unknown> = {};
  let body: unknown;
  let mustRefuse: Sent["mustRefuse"];
  if (recipe.from === "schema") {
    // The documented types in one call of three; a seeded or hostile value otherwise.
    if (recipe.pick % 3 === 0) Object.assign(pathValues, recipe.path);
    Object.assign(queryValues, recipe.query);
    body = recipe.body;
  } else {
    const ex = exampleFor(op.key, w) ?? {};
    Object.assign(pathValues, ex.path ?? {});
    Object.assign(queryValues, ex.query ?? {});
    body = ex.body === undefined ? undefined : structuredClone(ex.body);
    const original = ex.body;
    const oracles: NonNullable<ReturnType<typeof applyMutation>>[] = [];
    for (const m of recipe.mutations) {
      const o = applyMutation(body as Record<string, unknown> | undefined, original, queryValues, m);
      if (o) oracles.push(o);
    }
    // An oracle holds only if no later mutation replaced or removed the value it set.
    mustRefuse = oracles.find((o) => body && getAt(body, o.path) === o.value);
  }
  // Path values not given: a seeded one, or (one time in five) a hostile one.
  for (const p of op.params.filter((x) => x.in === "path")) {
    if (pathValues[p.name] === undefined || pathValues[p.name] === null) {
      const pool = await poolFor(op, p.name);
      const from = pool.length === 0 || recipe.pick % 5 === 0 ? HOSTILE_PATH_VALUES : pool;
      pathValues[p.name] = from[Math.floor(recipe.pick / 5) % from.length];
    }
  }
  // A lone surrogate cannot be percent-encoded: it travels as U+FFFD, as a browser sends it.
  let url = op.path.replace(/\{(\w+)\}/g, (_, n: string) => encodeURIComponent(String(pathValues[n]).replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, "\uFFFD")));
  const qs = new URLSearchParams();
  for (const [k, v] of Object.entries(queryValues)) if (v !== undefined) qs.append(k, typeof v === "object" ? JSON.stringify(v) : String(v));
  if ([...qs].length) url += `?${qs}`;
  return { method: op.method, url, as: op.public ? null : as, payload: body, mustRefuse };
}

function applyMutation(
  body: Record<string, unknown> | undefined,
  original: unknown,
  query: Record<string, unknown>,
  m: Mutation,
): (NonNullable<Sent["mustRefuse"]> & { path: (string | number)[]; value: unknown }) | undefined {
  const target = body ?? query;
  if (m.kind === "extra") {
    target[`campo_extra_${m.at % 3}`] = structuredClone(m.value);
    return undefined;
  }
  if (m.kind === "other-parent") {
    // Ids of the other client/quote where the example names the first ones.
    for (const p of leaves(target)) {
      const v = getAt(target, p);
      if (p[p.length - 1] === "presupuesto_id" && v === w.quoteA) setAt(target, p, w.quoteB);
      else if (p[p.length - 1] === "presupuesto_id" && v === String(w.quoteA)) setAt(target, p, String(w.quoteB));
    }
    return undefined;
  }
  const all = leaves(target).filter((p) => p.length > 0);
  if (all.length === 0) return undefined;
  const p = all[m.at % all.length];
  const field = String([...p].reverse().find((k) => typeof k === "string"));
  // The oracles look at the example as written, not at what earlier mutations left.
  const before = body ? getAt(original, p) : undefined;
  if (m.kind === "date" && !/fecha|periodo|vencimiento|^de$|^a$/.test(field)) return undefined;
  const value = structuredClone(m.value);
  setAt(target, p, value);
  if (m.kind === "number-for-text" && body && typeof before === "string" && Number.isNaN(Number(before.replace(",", "."))) && !DUAL_FIELD.test(field) && !/fecha|periodo|contrasena|correo|rol$|campo|estado|tipo_dte/.test(field)) {
    return { kind: "number-as-text", why: `el campo de texto ${field} recibió el número ${JSON.stringify(m.value)}`, path: p, value };
  }
  if (m.kind === "decimals6" && body && QTY_FIELD.test(field)) {
    return { kind: "qty-decimals", why: `la cantidad ${field} = ${m.value} tiene más de 4 decimales`, path: p, value };
  }
  return undefined;
}

// ---------- checks ----------

const ENGLISH = /\b(expected|invalid|required|must|received|unexpected|not found|bad request|cannot|undefined|object Object|querystring\/|body\/|params\/|Route|Unsupported|too (big|small|long|short)|Body cannot|is not|should)\b/i;

function spanishProblem(body: unknown): string | null {
  if (!body || typeof body !== "object") return "la respuesta 4xx no es un objeto JSON";
  const { message, errors } = body as { message?: unknown; errors?: unknown };
  if (typeof message !== "string" || !message.trim()) return "sin message";
  if (!errors || typeof errors !== "object" || Array.isArray(errors)) return "sin errors";
  if (ENGLISH.test(message)) return `message en inglés: ${message}`;
  for (const [k, v] of Object.entries(errors)) {
    if (!Array.isArray(v) || v.some((x) => typeof x !== "string")) return `errors.${k} no es una lista de textos`;
    const english = v.find((x: string) => ENGLISH.test(x));
    if (english) return `errors.${k} en inglés: ${english}`;
  }
  return null;
}

const replay = (s: Sent) =>
  `app.inject(${JSON.stringify({ method: s.method, url: s.url, payload: s.payload }, (_k, v) => (typeof v === "string" && v.length > 200 ? `${v.slice(0, 20)}…(${v.length} caracteres)` : v))}) como ${s.as ?? "sin sesión"}`;

const isKnown = (op: Operation, kind: Finding) => KNOWN_ISSUE_23.find((k) => k.kind === kind && k.route.test(op.key));

class FuzzFailure extends Error {}

/**
 * The database's state read right after the previous call (a refused one), when nothing has
 * run since: the next call's "before" (between calls the fuzzer only reads: path pools).
 */
let settled: DbState | null = null;

async function check(op: Operation, sent: Sent) {
  const before = settled ?? (await db.snapshot());
  settled = null;
  const res = await t.request({ method: sent.method as "GET", url: sent.url, as: sent.as, ...(sent.payload === undefined ? {} : { payload: sent.payload as object }) });
  const status = res.statusCode;
  const raw = res.headers["content-encoding"] === "gzip" ? gunzipSync(res.rawPayload).toString() : res.body;
  const json = (() => {
    try {
      return raw ? JSON.parse(raw) : undefined;
    } catch {
      return undefined;
    }
  })();
  const fail = (kind: Finding, why: string) => {
    const known = isKnown(op, kind);
    if (known) {
      const k = `${op.key} [${kind}]`;
      const prev = found.get(k);
      found.set(k, { defect: known.defect, count: (prev?.count ?? 0) + 1, example: prev?.example ?? `${why} — ${replay(sent)} → ${status}` });
      return;
    }
    throw new FuzzFailure(`${kind}: ${why}\n  ${replay(sent)}\n  → ${status} ${raw.slice(0, 300)}`);
  };
  const stat = stats[stats.length - 1];
  stat.byStatus[status] = (stat.byStatus[status] ?? 0) + 1;

  if (status >= 500) fail("5xx", `respondió ${status}`);
  else if (status >= 400) {
    if (sent.mustRefuse === undefined) stat.lastRefusal = `${sent.url} ${raw.slice(0, 160)}`;
    const problem = spanishProblem(json);
    if (problem) fail("4xx-shape", problem);
    const after = await db.snapshot();
    settled = after;
    const diff = db.diff(before, after);
    if (diff) fail("4xx-wrote", `un ${status} escribió: ${diff}`);
    if (status === 404 && sent.method === "GET" && isList(op) && op.params.every((p) => p.in !== "path" || ["category", "table"].includes(p.name)) && PAUTA_CATEGORIES.some((c) => sent.url.includes(`/${c}?`) || sent.url.endsWith(`/${c}`)))
      fail("list-404", "una lista respondió 404 a filtros que no encuentran nada");
  } else if (status >= 200 && status < 300) {
    const schema = op.responses[String(status)];
    if (!(String(status) in op.responses)) fail("2xx-schema", `el estado ${status} no está documentado`);
    else if (status === 204) {
      if (raw) fail("2xx-schema", "un 204 con cuerpo");
    } else if (schema && String(res.headers["content-type"]).includes("json")) {
      const err = schemaError(schema, json);
      if (err) fail("2xx-schema", `no coincide con el esquema documentado: ${err}`);
    }
    if (sent.mustRefuse) fail(sent.mustRefuse.kind, `se aceptó (${status}): ${sent.mustRefuse.why}`);
  }
}

/** Relative cost of a route's runs (measured): the ones that hash a password are the slow ones. */
const COST: Record<string, number> = {
  "POST /api/login": 12,
  "POST /api/usuarios": 9,
  "PUT /api/usuarios/{id}": 5,
  "PUT /api/usuarios/{id}/cambiar-contrasena": 3,
};

/** Routes dealt to the shards by cost. */
function dealt(all: Operation[], shards: number): Operation[][] {
  const out = Array.from({ length: shards }, () => ({ ops: [] as Operation[], cost: 0 }));
  for (const op of all) {
    const target = out.reduce((a, b) => (b.cost < a.cost ? b : a));
    target.ops.push(op);
    target.cost += COST[op.key] ?? 1;
  }
  return out.map((s) => s.ops);
}

const isList = (op: Operation) => (op.responses["200"] as JsonSchema | undefined)?.type === "array";

// ---------- the property, one test a route ----------

export function defineFuzzSuite(shard: number, shards: number) {
  beforeAll(async () => {
    // The worker process runs other files before this one (vitest.config.ts: isolate false),
    // maybe the other part: nothing of its state (path pools of another database) carries over.
    pools.clear();
    found.clear();
    settled = null;
    stats.length = 0;
    t = await createTestServer({ throttle: { freeAttempts: 1_000_000, baseDelayMs: 1, maxDelayMs: 1, windowMs: 60_000 } });
    for (const r of ROLES) await t.tokenFor(r);
    w = await seedWorld(t);
    db = await watchDatabase(t, { counts: false });
    ops = await readOperations(t.app);
  });

  afterAll(async () => {
    const total = stats.reduce((s, x) => s + x.ms, 0);
    console.log(`\nFuzzer (parte ${shard + 1} de ${shards}): ${stats.length} rutas × ${RUNS} corridas en ${(total / 1000).toFixed(1)} s`);
    const never2xx = stats.filter((s) => !Object.keys(s.byStatus).some((k) => k.startsWith("2"))).map((s) => s.key);
    if (never2xx.length) console.log(`Rutas sin ninguna respuesta 2xx (ejemplo por completar): ${never2xx.join(", ")}`);
    if (process.env.FUZZ_VERBOSE) {
      for (const s of stats) console.log(`${s.key}: ${s.runs} corridas, ${(s.ms / 1000).toFixed(1)} s, ${JSON.stringify(s.byStatus)} ${s.lastRefusal ?? ""}`);
    }
    for (const [k, v] of found) console.log(`Conocido (issue 23) ${v.defect}: ${k} ×${v.count}, p. ej. ${v.example}`);
    await t?.close();
  });

  describe(`API fuzzer (OpenAPI), part ${shard + 1} of ${shards}`, () => {
    it("reads every route of the OpenAPI document, each with its permission", () => {
      expect(ops.length).toBeGreaterThan(90);
      expect(ops.filter((o) => !o.public && !o.permission)).toEqual([]);
    });

    it("every route: never 5xx, Spanish 4xx that write nothing, 2xx as documented", async () => {
      const failures: string[] = [];
      for (const op of dealt(ops, shards)[shard].filter((o) => !ONLY || ONLY.test(o.key))) {
        // Logging out ends the caller's session: fuzzed with a session of its own below.
        if (op.key === "POST /api/logout") continue;
        if (process.env.FUZZ_VERBOSE) process.stderr.write(`fuzz: ${op.key}\n`);
        const started = performance.now();
        stats.push({ key: op.key, runs: 0, ms: 0, byStatus: {} });
        const hasExample = exampleFor(op.key, w) !== undefined;
        const result = await fc.check(
          fc.asyncProperty(recipeFor(op, hasExample), async (recipe) => {
            stats[stats.length - 1].runs++;
            await check(op, await materialize(op, recipe));
          }),
          // A failure is shrunk for at most a minute: the counterexample is reported either way.
          { numRuns: RUNS, seed: SEED, endOnFailure: false, maxSkipsPerRun: 0, interruptAfterTimeLimit: 60_000 },
        );
        stats[stats.length - 1].ms = performance.now() - started;
        if (result.failed) {
          const error = result.errorInstance instanceof Error ? result.errorInstance.message : String(result.errorInstance);
          failures.push(`${op.key}: ${error}\n  (repetir: FUZZ_ROUTE='^${op.key.replace(/[{}]/g, ".")}$' FUZZ_SEED=${result.seed} npx vitest run tests/fuzz)`);
        }
      }
      expect(failures, failures.join("\n\n")).toEqual([]);
    }, 3_600_000);

    it.runIf(shard === 0)("logout: any body ends only the caller's session", async () => {
      await fc.assert(
        fc.asyncProperty(fc.oneof(fc.constant(undefined), fc.jsonValue()), async (payload) => {
          const login = await t.request({ method: "POST", url: "/api/login", payload: { correo: "admin@ventanal.cl", contrasena: "admin-secreto" } });
          const token = login.json().token as string;
          const res = await t.request({ method: "POST", url: "/api/logout", token, ...(payload === undefined ? {} : { payload: payload as object }) });
          expect(res.statusCode).toBeLessThan(500);
          expect((await t.request({ method: "GET", url: "/api/sesion", as: "Gerencia" })).statusCode).toBe(200);
        }),
        { numRuns: Math.min(RUNS, 20) },
      );
    });
  });
}
