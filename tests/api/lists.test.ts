// The list machinery (server/lists) through the real list routes, and directly: what a
// list does not declare answers 400 in Spanish on the parameter (never silently ignored,
// nothing written); the operators the Refine data provider sends work where declared; an
// unpaged answer never holds more than the list's cap, and a cut answer carries the full
// count in X-Total-Count.
import { asc } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clienteRow } from "../../src/domain/sales/schemas";
import { clientes } from "../../server/db/schema";
import { DEFAULT_CAP, defineList, MAX_PAGE } from "../../server/lists";
import { tableOf } from "../../server/resources";
import { resourceRoutes } from "../../server/resources/register";
import { clientes as clientesResource } from "../../src/domain/sales/clientes.resource";
import { presupuestosList } from "../../server/services/sales/list-presupuestos";
import { usuarios } from "../../src/domain/usuarios/usuarios.resource";
import { createTestServer, type TestServer } from "../helpers";

let t: TestServer;
const ids: number[] = [];
let quoteIds: number[] = [];

beforeAll(async () => {
  t = await createTestServer();
  await t.tokenFor("Ventas");
  for (const nombre of ["Lista Uno", "Lista Dos", "Lista Tres", "Lista Cuatro", "Lista Cinco"]) {
    ids.push((await t.request({ method: "POST", url: "/api/clientes", as: "Ventas", payload: { nombre } })).json().id);
  }
  quoteIds = [];
  for (const [i, fecha] of ["2026-01-10", "2026-02-10", "2026-03-10"].entries()) {
    const res = await t.request({ method: "POST", url: "/api/presupuestos", as: "Ventas", payload: { numero: `L-${i}`, cliente_id: ids[i], fecha, total_neto_presupuestado: (i + 1) * 1000 } });
    quoteIds.push(res.json().id);
  }
});
afterAll(() => t.close());

const usuariosList = resourceRoutes(usuarios, tableOf("usuarios")).list;

const get = (url: string) => t.request({ method: "GET", url, as: "Ventas" });
const idsOf = (res: { json(): unknown }) => (res.json() as { id: number }[]).map((r) => r.id);

describe("what a list does not declare answers 400, never the whole list", () => {
  const cases: [url: string, param: string, message: RegExp][] = [
    ["/api/clientes?ciudad=Temuco", "ciudad", /Parámetro desconocido: «ciudad»/],
    ["/api/clientes?nombre_gte=M", "nombre_gte", /No se puede filtrar «nombre» con _gte/],
    ["/api/clientes?telefono_ne=1", "telefono_ne", /No se puede filtrar «telefono» con _ne/],
    ["/api/clientes?nombre=Lista%20Uno", "nombre", /No se puede filtrar por «nombre»/],
    ["/api/presupuestos?observacion_like=x", "observacion_like", /Parámetro desconocido/],
    ["/api/presupuestos?cliente_rut=1", "cliente_rut", /No se puede filtrar por «cliente_rut»/],
    ["/api/presupuestos?fecha_gte=ayer", "fecha_gte", /fecha inválida/],
    ["/api/presupuestos?cliente_id=abc", "cliente_id", /debe ser un número/],
    ["/api/presupuestos?id=1.5", "id", /entero/],
    ["/api/usuarios?activo=quizas", "activo", /true o false/],
    ["/api/clientes?_sort=nombre,clave", "_sort", /No se puede ordenar por «clave»/],
    ["/api/clientes?_order=sideways", "_order", /asc o desc/],
    ["/api/clientes?_start=-1", "_start", /negativo/],
  ];
  for (const [url, param, message] of cases) {
    it(`${url} → 400 on ${param}`, async () => {
      const res = await t.request({ method: "GET", url, as: url.includes("usuarios") ? "Informático" : "Ventas" });
      expect(res.statusCode, res.body).toBe(400);
      const body = res.json();
      expect(body.message).toMatch(/^Datos inválidos: /);
      expect(body.errors[param]?.join(" "), JSON.stringify(body)).toMatch(message);
    });
  }

  it("nothing else changes: nothing written, and the same list without the bad parameter still answers", async () => {
    const audits = await t.count("auditoria");
    expect((await get("/api/clientes?nombre_like=lista&color=rojo")).statusCode).toBe(400);
    expect(await t.count("auditoria")).toBe(audits);
    const ok = await get("/api/clientes?nombre_like=lista");
    expect(ok.statusCode).toBe(200);
    expect(idsOf(ok).sort()).toEqual([...ids].sort());
  });

  it("a repeated value on a field without `in` is refused too", async () => {
    expect((await get("/api/clientes?rut_like=1&rut_like=2")).statusCode).toBe(400);
  });
});

describe("the operators the Refine data provider sends, where the list declares them", () => {
  it("_like contains (case and accents ignored), eq, in as repeated keys (getMany's id=)", async () => {
    expect(idsOf(await get("/api/clientes?nombre_like=LISTA%20d"))).toEqual([ids[1]]);
    const many = await get(`/api/clientes?id=${ids[0]}&id=${ids[2]}`);
    expect(idsOf(many).sort()).toEqual([ids[0], ids[2]].sort());
    expect(many.headers["x-total-count"]).toBe("2");
    expect(idsOf(await get(`/api/presupuestos?cliente_id=${ids[1]}`))).toEqual([quoteIds[1]]);
  });

  it("gte, lte, gt, lt on dates and amounts; an empty value is no filter", async () => {
    const inQuotes = (res: { json(): unknown }) => idsOf(res).filter((id) => quoteIds.includes(id)).sort();
    expect(inQuotes(await get("/api/presupuestos?fecha_gte=2026-02-10"))).toEqual([quoteIds[1], quoteIds[2]].sort());
    expect(inQuotes(await get("/api/presupuestos?fecha_gt=2026-02-10"))).toEqual([quoteIds[2]]);
    expect(inQuotes(await get("/api/presupuestos?fecha_lt=2026-02-10"))).toEqual([quoteIds[0]]);
    expect(inQuotes(await get("/api/presupuestos?fecha_gte=2026-01-01&fecha_lte=2026-01-31"))).toEqual([quoteIds[0]]);
    expect(inQuotes(await get("/api/presupuestos?total_neto_presupuestado_gte=2000&total_neto_presupuestado_lte=2000"))).toEqual([quoteIds[1]]);
    const unfiltered = await get("/api/presupuestos?cliente_id=");
    expect(unfiltered.statusCode).toBe(200);
    expect(unfiltered.headers["x-total-count"]).toBeUndefined();
  });

  it("timestamps and enumerations: usuarios by creado_en_gte and by rol=A&rol=B", async () => {
    const as = { as: "Informático" as const };
    const future = await t.request({ method: "GET", url: "/api/usuarios?creado_en_gte=2999-01-01", ...as });
    expect(future.statusCode).toBe(200);
    expect(future.json()).toEqual([]);
    const past = await t.request({ method: "GET", url: "/api/usuarios?creado_en_gte=2000-01-01T00:00:00Z&_start=0&_end=500", ...as });
    expect(Number(past.headers["x-total-count"])).toBe(await t.count("usuarios"));
    const roles = await t.request({ method: "GET", url: "/api/usuarios?rol=Ventas&rol=Informático", ...as });
    expect(new Set(roles.json().map((u: { rol: string }) => u.rol))).toEqual(new Set(["Ventas", "Informático"]));
  });

  it("sorts by several fields (_sort=a,b&_order=desc,asc)", async () => {
    const res = await get("/api/presupuestos?_sort=total_neto_presupuestado,id&_order=desc,asc&_start=0&_end=3");
    expect(idsOf(res)).toEqual([...quoteIds].reverse());
  });
});

describe("the cap on an unpaged list", () => {
  // The clients list with a cap of 3, to see the cut without creating thousands of rows.
  const small = defineList({
    name: "clientes-prueba",
    table: clientes,
    row: clienteRow,
    fields: { id: { sort: true, filter: ["eq", "in"] } },
    defaultSort: [asc(clientes.id)],
    tieBreaker: clientes.id,
    cap: 3,
  });

  it("an unpaged answer stops at the cap and then carries the full count", async () => {
    const total = await t.count("clientes");
    expect(total).toBeGreaterThan(3);
    const { rows, total: counted } = await small.read(t.database.db, {});
    expect(rows).toHaveLength(3);
    expect(counted).toBe(total);
    const answer = await small.answer(t.database.db, {});
    expect(JSON.parse(answer.body.toString("utf8"))).toHaveLength(3);
    expect(answer.total).toBe(total);
  });

  it("a list within its cap answers whole, without a count", async () => {
    const { rows, total } = await small.read(t.database.db, { id: ids.slice(0, 2) });
    expect(rows.map((r) => r.id)).toEqual(ids.slice(0, 2));
    expect(total).toBe(2); // a filter counts, as every parameter does
    const roomy = defineList({ name: "clientes-holgada", table: clientes, row: clienteRow, fields: {}, defaultSort: [asc(clientes.id)], tieBreaker: clientes.id, cap: 1000 });
    const whole = await roomy.read(t.database.db, {});
    expect(whole.total).toBeNull();
    expect(whole.rows).toHaveLength(await t.count("clientes"));
  });

  it("a page never goes beyond the cap, nor beyond MAX_PAGE", async () => {
    expect((await small.read(t.database.db, { _start: 0, _end: 50 })).rows).toHaveLength(3);
    expect(MAX_PAGE).toBe(500);
  });

  it("every list has a cap: 1,000 by default; the sales lists keep the specification's whole list up to 10,000", () => {
    expect(DEFAULT_CAP).toBe(1000);
    expect(usuariosList.cap).toBe(1000);
    expect(resourceRoutes(clientesResource, tableOf("clientes")).list.cap).toBe(10_000); // declared: src/domain/sales/clientes.resource.ts
    expect(presupuestosList.cap).toBe(10_000);
  });

  it("through HTTP: a list cut by its cap sends X-Total-Count (usuarios, cap 1,000)", async () => {
    await t.database.pool.query(
      "insert into usuarios (nombre, correo, rol, password_hash) select 'Masivo ' || g, 'masivo' || g || '@x.cl', 'Bodega', 'x' from generate_series(1, 1005) g",
    );
    const total = await t.count("usuarios");
    const res = await t.request({ method: "GET", url: "/api/usuarios", as: "Informático" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toHaveLength(1000);
    expect(res.headers["x-total-count"]).toBe(String(total));
  });
});
