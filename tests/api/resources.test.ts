// The generic API suite of the declared resources (src/domain/resources/registry.ts): every
// resource declared gets, from its declaration alone, CRUD with its audit rows, 400 with
// nothing written, 404, 409 on unique and missing references, 401, 403 per role from its
// readers and writers, and its list's paging, sort, filters and q.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, todayInSantiago } from "../../src/domain/dates/dates";
import { isTextInput, keyOf, type AnyResource } from "../../src/domain/resources/define-resource";
import { exampleBody } from "../../src/domain/resources/examples";
import { DECLARED_RESOURCES, declaredResource } from "../../src/domain/resources/registry";
import { ROLES, type Role } from "../../src/domain/roles/roles";
import { createTestServer, type TestServer } from "../helpers";

let t: TestServer;
beforeAll(async () => {
  t = await createTestServer();
});
afterAll(async () => {
  await t.close();
});

type Made = Record<string, unknown> & { id: number };
let seq = 0;
async function made(url: string, body: Record<string, unknown>): Promise<Made> {
  const res = await t.request({ method: "POST", url, payload: body, as: "Gerencia" });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

/** A new row of a referenced resource that is not declared, through its own API. */
const SEEDS: Record<string, (scope?: Record<string, unknown>) => Promise<Made>> = {
  clientes: () => made("/api/clientes", { nombre: `Cliente referido ${++seq}` }),
  presupuestos: async (scope) => made("/api/presupuestos", { numero: `R-${++seq}`, cliente_id: scope?.cliente_id ?? (await SEEDS.clientes()).id, nombre_obra: `Obra referida ${seq}` }),
};

/**
 * An id for each reference of `r`: a declared resource's new row, a user, or a seeded row;
 * a scoped reference's `within` field then takes its row's value (the quote's client). A
 * reference given in `pinned` keeps that value, and a scoped reference is made under it.
 */
async function refsFor(r: AnyResource, n: number, pinned: Record<string, unknown> = {}): Promise<Record<string, number>> {
  const refs: Record<string, number> = {};
  const rows: Record<string, Made> = {};
  const scopes = new Set(Object.values(r.fields).flatMap((f) => (f.input.kind === "reference" && f.input.within ? [f.input.within.field] : [])));
  for (const [name, f] of Object.entries(r.fields)) {
    if (f.input.kind !== "reference") continue;
    if (name in pinned) {
      refs[name] = pinned[name] as number;
      continue;
    }
    // A scoping field comes from its scoped reference's row (the quote's client).
    if (scopes.has(name)) continue;
    const within = f.input.within?.field;
    const scope = within && within in pinned ? { [within]: pinned[within] } : undefined;
    const target = declaredResource(f.input.resource);
    if (f.input.resource === "usuarios") refs[name] = await t.userIdFor(ROLES[n % ROLES.length]);
    else if (target && !scope) rows[name] = await create(target, 900 + n);
    else rows[name] = await SEEDS[f.input.resource](scope);
    if (rows[name]) refs[name] = rows[name].id;
  }
  for (const [name, f] of Object.entries(r.fields)) {
    if (f.input.kind === "reference" && f.input.within && !(f.input.within.field in pinned) && rows[name]) refs[f.input.within.field] = rows[name][f.input.within.field] as number;
  }
  return refs;
}

/** The scoped reference a missing `field` is refused on (400): itself when scoped, or the one scoped by it. */
function scopedBy(r: AnyResource, field: string): [string, string] | undefined {
  for (const [name, f] of Object.entries(r.fields)) if (f.input.kind === "reference" && f.input.within && (name === field || f.input.within.field === field)) return [name, f.input.within.message];
  return undefined;
}

async function create(r: AnyResource, n: number, patch: Record<string, unknown> = {}): Promise<Record<string, unknown> & { id: number }> {
  const body = { ...exampleBody(r, n, await refsFor(r, n, patch)), ...patch };
  const res = await t.request({ method: "POST", url: `/api/${r.name}`, payload: body, as: r.writers[0] });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

async function lastAudit(entidad: string) {
  const { rows } = await t.database.pool.query(`select entidad, entidad_id, ruta, cambios from auditoria where entidad = $1 order by id desc limit 1`, [entidad]);
  return rows[0] as { entidad: string; entidad_id: string; ruta: string; cambios: Record<string, unknown> } | undefined;
}

describe.each(DECLARED_RESOURCES.map((r) => [r.name, r] as const))("recurso declarado %s", (name, r) => {
  const writer = r.writers[0];
  const base = `/api/${name}`;
  const fieldNames = Object.keys(r.fields);
  // The record's identity: its id, or its declared key (a product's code).
  const key = keyOf(r);
  const idOf = (row: Record<string, unknown>) => row[key] as number | string;

  it("every example body passes the declaration's own schema", () => {
    const refs = Object.fromEntries(fieldNames.map((f) => [f, 1]));
    for (const n of [0, 1, 2, 50]) expect(r.body.safeParse(exampleBody(r, n, refs)).success).toBe(true);
  });

  it("creates, reads, changes and deletes a record, each write with its audit row", async () => {
    const created = await create(r, 1);
    expect(await lastAudit(name)).toMatchObject({ entidad: name, entidad_id: String(idOf(created)), ruta: `POST ${base}` });
    expect((await t.request({ method: "GET", url: `${base}/${idOf(created)}`, as: writer })).json()).toEqual(created);

    const body = exampleBody(r, 2, await refsFor(r, 2));
    const put = await t.request({ method: "PUT", url: `${base}/${idOf(created)}`, payload: body, as: writer });
    expect(put.statusCode, put.body).toBe(200);
    const audit = await lastAudit(name);
    expect(audit).toMatchObject({ entidad_id: String(idOf(created)), ruta: `PUT ${base}/:id` });
    expect(Object.keys(audit!.cambios).length).toBeGreaterThan(0);

    // Deleted by its deleters (fewer than its writers: an invoice), unless the record cannot be (a paid or SII-imported invoice: 409 with the reason).
    const deleter = r.deleters?.[0] ?? writer;
    const del = await t.request({ method: "DELETE", url: `${base}/${idOf(created)}`, as: deleter });
    const refusal = r.deleteRefusal?.(put.json());
    if (refusal) {
      expect(del.statusCode, del.body).toBe(409);
      expect(del.json().message).toBe(refusal);
      return;
    }
    expect(del.statusCode, del.body).toBe(200);
    expect((await lastAudit(name))!.cambios).toHaveProperty("eliminado");
    expect((await t.request({ method: "GET", url: `${base}/${idOf(created)}`, as: writer })).statusCode).toBe(404);
  });

  it("refuses a bad body with 400 on the fields, writing nothing", async () => {
    const [rows, audits] = [await t.count(name), await t.count("auditoria")];
    const res = await t.request({ method: "POST", url: base, payload: { [r.title]: 12 }, as: writer });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toHaveProperty(r.title);
    for (const [f, d] of Object.entries(r.fields)) if (d.required) expect(res.json().errors, f).toHaveProperty(f);
    expect((await t.request({ method: "POST", url: base, payload: "[1]", headers: { "content-type": "application/json" }, as: writer })).statusCode).toBe(400);
    expect([await t.count(name), await t.count("auditoria")]).toEqual([rows, audits]);
  });

  it("answers 404 for a record that does not exist", async () => {
    const body = exampleBody(r, 3, await refsFor(r, 3));
    expect((await t.request({ method: "GET", url: `${base}/999999`, as: writer })).statusCode).toBe(404);
    expect((await t.request({ method: "PUT", url: `${base}/999999`, payload: body, as: writer })).statusCode).toBe(404);
    expect((await t.request({ method: "DELETE", url: `${base}/999999`, as: r.deleters?.[0] ?? writer })).statusCode).toBe(404);
  });

  it("answers 409 naming the field for a unique value taken and a reference that does not exist (400 on a scoped one)", async () => {
    const first = await create(r, 4);
    const second = await create(r, 6);
    for (const [f, d] of Object.entries(r.fields)) {
      const body = exampleBody(r, 5, await refsFor(r, 5));
      if (d.unique) {
        // Text is unique ignoring case; a key (a code) as stored, and a PUT never changes it.
        const value = typeof first[f] === "string" && f !== key ? (first[f] as string).toLowerCase() : first[f];
        const res = await t.request({ method: "POST", url: base, payload: { ...body, [f]: value }, as: writer });
        expect(res.statusCode, res.body).toBe(409);
        expect(res.json().errors[f]).toEqual([d.unique]);
        if (f !== key) {
          const put = await t.request({ method: "PUT", url: `${base}/${idOf(second)}`, payload: { ...body, [f]: value }, as: writer });
          expect(put.statusCode).toBe(409);
        }
      }
      if (d.input.kind === "reference") {
        const before = await t.count(name);
        const res = await t.request({ method: "POST", url: base, payload: { ...body, [f]: 999_999 }, as: writer });
        const scoped = scopedBy(r, f);
        expect(res.statusCode, res.body).toBe(scoped ? 400 : 409);
        if (scoped) expect(res.json().errors[scoped[0]]).toEqual([scoped[1]]);
        else expect(res.json().errors).toHaveProperty(f);
        expect(await t.count(name)).toBe(before);
      }
    }
  });

  it("refuses deleting a record other declared records point to (409)", async () => {
    const users = DECLARED_RESOURCES.flatMap((other) => Object.entries(other.fields).filter(([, d]) => d.input.kind === "reference" && d.input.resource === name).map(([f]) => [other, f] as const));
    for (const [other, f] of users) {
      const target = await create(r, 7);
      await create(other, 8, { [f]: idOf(target) });
      const res = await t.request({ method: "DELETE", url: `${base}/${idOf(target)}`, as: writer });
      expect(res.statusCode, res.body).toBe(409);
    }
  });

  it("answers 401 without a session and 403 to the roles the declaration leaves out", async () => {
    expect((await t.request({ method: "GET", url: base })).statusCode).toBe(401);
    expect((await t.request({ method: "POST", url: base, payload: {} })).statusCode).toBe(401);
    const row = await create(r, 9);
    for (const role of ROLES as readonly Role[]) {
      const read = await t.request({ method: "GET", url: `${base}/${idOf(row)}`, as: role });
      expect(read.statusCode, role).toBe(r.readers.includes(role) ? 200 : 403);
      // Creators beyond the writers (facturas_guias: Bodega registers, Operaciones edits) may POST.
      if (!(r.creators ?? r.writers).includes(role)) expect((await t.request({ method: "POST", url: base, payload: exampleBody(r, 10), as: role })).statusCode, role).toBe(403);
      if (!r.writers.includes(role)) {
        const before = await t.count(name);
        expect((await t.request({ method: "PUT", url: `${base}/${idOf(row)}`, payload: exampleBody(r, 10), as: role })).statusCode, role).toBe(403);
        expect((await t.request({ method: "DELETE", url: `${base}/${idOf(row)}`, as: role })).statusCode, role).toBe(403);
        expect(await t.count(name)).toBe(before);
      }
    }
  });

  it("pages, sorts, filters and searches its list; refuses what it does not declare", async () => {
    const rows = [await create(r, 20), await create(r, 21), await create(r, 22)];
    const get = (q: string) => t.request({ method: "GET", url: `${base}?${q}`, as: writer });

    const page = await get("_start=0&_end=2");
    expect(page.statusCode).toBe(200);
    expect(page.json()).toHaveLength(2);
    expect(Number(page.headers["x-total-count"])).toBeGreaterThanOrEqual(3);

    const desc = ((await get(`_sort=${key}&_order=desc`)).json() as Record<string, unknown>[]).map(idOf);
    expect(desc).toEqual([...desc].sort((a, b) => (a < b ? 1 : a > b ? -1 : 0)));

    for (const [f, d] of Object.entries(r.fields)) {
      const value = rows[1][f];
      if (value === null || value === undefined) continue;
      if (d.sort) expect((await get(`_sort=${f}&_order=asc`)).statusCode, f).toBe(200);
      if (d.filter) {
        // The first operator the field allows that finds the value itself (text: contains; a declared list: its own).
        const ops = Array.isArray(d.filter) ? (d.filter as readonly string[]) : undefined;
        const op = isTextInput(d.input) && (!ops || ops.includes("like")) ? `${f}_like` : d.input.kind === "timestamp" ? `${f}_gte` : !ops || ops.includes("eq") ? f : `${f}_${ops.find((o) => o === "gte" || o === "lte") ?? ops[0]}`;
        const found = (await get(`${op}=${encodeURIComponent(String(value))}`)).json() as Record<string, unknown>[];
        expect(found.map(idOf), f).toContain(idOf(rows[1]));
      }
      if (d.search) {
        const text = d.input.kind === "reference" ? rows[1][r.labels[f]] : value;
        const found = (await get(`q=${encodeURIComponent(String(text))}`)).json() as Record<string, unknown>[];
        expect(found.map(idOf), f).toContain(idOf(rows[1]));
      }
    }
    const sug = await t.request({ method: "GET", url: `${base}/sugerencias?q=${encodeURIComponent(String(rows[2][r.title]))}`, as: writer });
    expect(sug.statusCode).toBe(200);
    expect(idOf(sug.json()[0])).toBe(idOf(rows[2]));

    expect((await get("bogus=1")).statusCode).toBe(400);
    expect((await get("_sort=bogus")).statusCode).toBe(400);
    const unsorted = fieldNames.find((f) => !r.fields[f].sort);
    if (unsorted) expect((await get(`_sort=${unsorted}`)).statusCode).toBe(400);
  });

  it("answers its computed columns, read-only, and lists, sorts and searches by them", async () => {
    const row = r.computed ? await create(r, 40) : undefined;
    for (const [c, d] of Object.entries(r.computed ?? {})) {
      if (!row) break;
      expect(row, c).toHaveProperty(c);
      expect(r.body.shape, c).not.toHaveProperty(c);
      const get = (q: string) => t.request({ method: "GET", url: `${base}?${q}`, as: writer });
      if (d.sort) expect((await get(`_sort=${c}&_order=desc`)).statusCode, c).toBe(200);
      else expect((await get(`_sort=${c}`)).statusCode, c).toBe(400);
      if (d.search && row[c] !== null) expect(((await get(`q=${encodeURIComponent(String(row[c]))}`)).json() as Record<string, unknown>[]).map(idOf), c).toContain(idOf(row));
      if (d.from) {
        const [other] = (await t.database.pool.query(`select ${d.from.column} as v from ${(r.fields[d.from.reference].input as { resource: string }).resource} where id = $1`, [row[d.from.reference]])).rows;
        expect(row[c], c).toEqual(other.v);
      }
    }
  });

  it("keeps its named filters (dates due within N days in Santiago)", async () => {
    for (const [filter, d] of Object.entries(r.filters ?? {})) {
      const today = todayInSantiago();
      const clear = Object.fromEntries(d.fields.map((f) => [f, addDays(today, d.days + 30)]));
      const soon = await create(r, 30, { ...clear, [d.fields[d.fields.length - 1]]: addDays(today, d.days - 1) });
      const later = await create(r, 31, clear);
      const past = await create(r, 32, { ...clear, [d.fields[0]]: addDays(today, -1) });
      const ids = ((await t.request({ method: "GET", url: `${base}?${filter}=true&_start=0&_end=500`, as: writer })).json() as Record<string, unknown>[]).map(idOf);
      expect(ids).toContain(idOf(soon));
      expect(ids).not.toContain(idOf(later));
      expect(ids).not.toContain(idOf(past));
      expect((await t.request({ method: "GET", url: `${base}?${filter}=quizas`, as: writer })).statusCode).toBe(400);
    }
  });
});

describe("GET api/usuarios/sugerencias (the picker of a reference to a person)", () => {
  it("finds active users by name or e-mail for any signed-in role, with only id, name and role", async () => {
    expect((await t.request({ method: "GET", url: "/api/usuarios/sugerencias?q=x" })).statusCode).toBe(401);
    const id = await t.userIdFor("Fábrica");
    const res = await t.request({ method: "GET", url: "/api/usuarios/sugerencias?q=fabrica", as: "Bodega" });
    expect(res.statusCode).toBe(200);
    expect(res.json()[0]).toEqual({ id, nombre: "Usuario Fábrica", rol: "Fábrica" });
    await t.database.pool.query("update usuarios set activo = false where id = $1", [id]);
    expect((await t.request({ method: "GET", url: "/api/usuarios/sugerencias?q=fabrica", as: "Bodega" })).json()).toEqual([]);
    expect((await t.request({ method: "GET", url: "/api/usuarios/sugerencias?otro=1", as: "Bodega" })).statusCode).toBe(400);
  });
});
