// GET api/auditoria («Historial de cambios») and GET api/auditoria/usuarios: the audit
// rows newest first with who made them, filtered by user, table, record and Santiago
// dates, paged; only Informático and Gerencia (403 for the rest, 401 without a session).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Role } from "../../src/domain/roles/roles";
import { ROLES } from "../../src/domain/roles/roles";
import { createTestServer, type TestServer } from "../helpers";

let t: TestServer;
let clienteId: number;
let ventasId: number;

interface Row {
  id: number;
  fecha: string;
  usuario_id: number | null;
  usuario_nombre: string | null;
  ruta: string;
  entidad: string;
  entidad_id: string | null;
  cambios: unknown;
}

const get = (url: string, as: Role | null = "Gerencia") => t.request({ method: "GET", url, as });
async function rows(url: string): Promise<{ rows: Row[]; total: number }> {
  const res = await get(url);
  expect(res.statusCode, res.body).toBe(200);
  return { rows: res.json(), total: Number(res.headers["x-total-count"]) };
}

beforeAll(async () => {
  t = await createTestServer();
  ventasId = await t.userIdFor("Ventas");
  const created = await t.request({ method: "POST", url: "/api/clientes", as: "Ventas", payload: { nombre: "Cliente Auditado", telefono: "+56 9 1111 1111" } });
  expect(created.statusCode).toBe(201);
  clienteId = created.json().id;
  for (const telefono of ["+56 9 2222 2222", "+56 9 3333 3333"]) {
    const res = await t.request({ method: "PUT", url: `/api/clientes/${clienteId}`, as: "Ventas", payload: { nombre: "Cliente Auditado", telefono } });
    expect(res.statusCode).toBe(200);
  }
  const other = await t.request({ method: "POST", url: "/api/clientes", as: "Gerencia", payload: { nombre: "Otro Cliente" } });
  expect(other.statusCode).toBe(201);
});
afterAll(() => t.close());

describe("GET api/auditoria", () => {
  it("answers one record's changes newest first, with who, when, the route and the fields from what to what", async () => {
    const { rows: r, total } = await rows(`/api/auditoria?entidad=clientes&entidad_id=${clienteId}&_start=0&_end=50`);
    expect(total).toBe(3);
    expect(r.map((x) => x.ruta)).toEqual(["PUT /api/clientes/:id", "PUT /api/clientes/:id", "POST /api/clientes"]);
    expect(r[0]).toMatchObject({
      usuario_id: ventasId,
      usuario_nombre: "Usuario Ventas",
      entidad: "clientes",
      entidad_id: String(clienteId),
      cambios: { telefono: { antes: "+56 9 2222 2222", despues: "+56 9 3333 3333" } },
    });
    expect(Math.abs(Date.parse(r[0].fecha) - Date.now())).toBeLessThan(120_000);
    expect(r[2].cambios).toMatchObject({ id: clienteId, nombre: "Cliente Auditado" });
  });

  it("filters by user and by table (one or several), and pages with X-Total-Count", async () => {
    const gerenciaId = await t.userIdFor("Gerencia");
    const byGerencia = await rows(`/api/auditoria?usuario_id=${gerenciaId}&entidad=clientes&_start=0&_end=10`);
    expect(byGerencia.rows.map((x) => x.cambios)).toEqual([expect.objectContaining({ nombre: "Otro Cliente" })]);
    const both = await rows(`/api/auditoria?usuario_id=${ventasId}&usuario_id=${gerenciaId}&entidad=clientes&_start=0&_end=10`);
    expect(both.total).toBe(4);
    const page1 = await rows("/api/auditoria?entidad=clientes&entidad=usuarios&_start=0&_end=2");
    const page2 = await rows("/api/auditoria?entidad=clientes&entidad=usuarios&_start=2&_end=4");
    expect(page1.rows).toHaveLength(2);
    expect(page1.total).toBeGreaterThanOrEqual(5);
    expect(page2.total).toBe(page1.total);
    expect(page2.rows[0].id).toBeLessThan(page1.rows[1].id);
    const all = await rows("/api/auditoria?entidad=clientes&entidad=usuarios&_start=0&_end=50");
    expect(all.rows).toHaveLength(all.total);
    expect(new Set(all.rows.map((x) => x.entidad))).toEqual(new Set(["clientes", "usuarios"]));
    expect(all.rows.slice(0, 4).map((x) => x.id)).toEqual([...page1.rows, ...page2.rows].map((x) => x.id));
  });

  it("filters by a range of Santiago dates: from the start of fecha_gte to the start of fecha_lt", async () => {
    // Rows dated by hand: 23:30 of 24 Nov and 00:30 of 25 Nov in Santiago (UTC-3).
    await t.database.pool.query(
      "insert into auditoria (fecha, usuario_id, ruta, entidad, entidad_id, cambios) values ('2026-11-25T02:30:00Z', null, 'prueba', 'prueba_fechas', 'a', '{}'), ('2026-11-25T03:30:00Z', null, 'prueba', 'prueba_fechas', 'b', '{}')",
    );
    const day25 = await rows("/api/auditoria?entidad=prueba_fechas&fecha_gte=2026-11-25&fecha_lt=2026-11-26");
    expect(day25.rows.map((x) => x.entidad_id)).toEqual(["b"]);
    const day24 = await rows("/api/auditoria?entidad=prueba_fechas&fecha_gte=2026-11-24&fecha_lt=2026-11-25");
    expect(day24.rows.map((x) => x.entidad_id)).toEqual(["a"]);
    expect((await rows("/api/auditoria?entidad=prueba_fechas&fecha_gte=2026-11-24")).total).toBe(2);
    expect(day24.rows[0].usuario_nombre).toBeNull();
  });

  it("newest first is by date, not by the order rows were written (a transaction that commits late keeps its start's date)", async () => {
    // The second row written is the older one.
    await t.database.pool.query(
      "insert into auditoria (fecha, usuario_id, ruta, entidad, entidad_id, cambios) values ('2026-10-20T12:00:00Z', null, 'prueba', 'prueba_orden', 'nueva', '{}')",
    );
    await t.database.pool.query(
      "insert into auditoria (fecha, usuario_id, ruta, entidad, entidad_id, cambios) values ('2026-10-19T12:00:00Z', null, 'prueba', 'prueba_orden', 'vieja', '{}')",
    );
    expect((await rows("/api/auditoria?entidad=prueba_orden&_start=0&_end=10")).rows.map((x) => x.entidad_id)).toEqual(["nueva", "vieja"]);
    expect((await rows("/api/auditoria?entidad=prueba_orden&fecha_gte=2026-10-01&fecha_lt=2026-11-01&_start=0&_end=10")).rows.map((x) => x.entidad_id)).toEqual(["nueva", "vieja"]);
  });

  it("sorts by date either way", async () => {
    const asc = await rows("/api/auditoria?entidad=clientes&_sort=fecha&_order=asc&_start=0&_end=1");
    expect(asc.rows[0].ruta).toBe("POST /api/clientes");
    expect(asc.rows[0].entidad_id).toBe(String(clienteId));
  });

  it("refuses bad dates, undeclared filters and unknown parameters with 400", async () => {
    for (const url of ["/api/auditoria?fecha_gte=2026-13-01", "/api/auditoria?fecha_lt=ayer", "/api/auditoria?usuario_id=uno", "/api/auditoria?ruta=x", "/api/auditoria?q=cliente", "/api/auditoria?_sort=cambios"]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(400);
      expect(Object.keys(res.json().errors).length).toBeGreaterThan(0);
    }
  });

  it("is for Informático and Gerencia only: 403 for every other role, 401 without a session", async () => {
    for (const role of ROLES) {
      const expected = role === "Informático" || role === "Gerencia" ? 200 : 403;
      expect((await get("/api/auditoria?_start=0&_end=1", role)).statusCode, role).toBe(expected);
      expect((await get("/api/auditoria/usuarios", role)).statusCode, role).toBe(expected);
    }
    expect((await get("/api/auditoria", null)).statusCode).toBe(401);
    expect((await get("/api/auditoria/usuarios", null)).statusCode).toBe(401);
  });
});

describe("GET api/auditoria?registro= (a record's «Historial» with its items' changes, issue 19)", () => {
  it("a quote's history holds its own rows and its items' (created, edited, deleted), not another quote's", async () => {
    const quote = async (numero: string) => {
      const res = await t.request({ method: "POST", url: "/api/presupuestos", as: "Ventas", payload: { numero, cliente_id: clienteId, nombre_obra: `Obra ${numero}` } });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().id as number;
    };
    const addItem = async (presupuesto_id: number, item: string) => {
      const res = await t.request({ method: "POST", url: "/api/items_presupuesto", as: "Ventas", payload: { presupuesto_id, item, recinto: "Living", ancho: 1200, alto: 1000, cantidad: 1, precio_unitario: 100000 } });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().id as number;
    };
    const p1 = await quote("H-1");
    const p2 = await quote("H-2");
    const kept = await addItem(p1, "V1");
    const gone = await addItem(p1, "V2");
    await addItem(p2, "V9");
    expect((await t.request({ method: "PUT", url: `/api/items_presupuesto/${kept}`, as: "Ventas", payload: { presupuesto_id: p1, item: "V1", recinto: "Cocina", ancho: 1200, alto: 1000, cantidad: 1, precio_unitario: 100000 } })).statusCode).toBe(200);
    expect((await t.request({ method: "DELETE", url: `/api/items_presupuesto/${gone}`, as: "Ventas" })).statusCode).toBe(204);

    const { rows: history, total } = await rows(`/api/auditoria?registro=presupuestos:${p1}&_start=0&_end=50`);
    expect(history.map((r) => [r.entidad, r.entidad_id, r.ruta])).toEqual([
      ["items_presupuesto", String(gone), "DELETE /api/items_presupuesto/:id"],
      ["items_presupuesto", String(kept), "PUT /api/items_presupuesto/:id"],
      ["items_presupuesto", String(gone), "POST /api/items_presupuesto"],
      ["items_presupuesto", String(kept), "POST /api/items_presupuesto"],
      ...history.filter((r) => r.entidad === "presupuestos").map((r) => ["presupuestos", String(p1), r.ruta]),
    ]);
    expect(history.some((r) => r.entidad === "presupuestos")).toBe(true);
    expect(total).toBe(history.length);
    expect(history[1].cambios).toMatchObject({ recinto: { antes: "Living", despues: "Cocina" } });
    // The record's own rows alone are still entidad= and entidad_id=.
    const own = await rows(`/api/auditoria?entidad=presupuestos&entidad_id=${p1}`);
    expect(own.rows.every((r) => r.entidad === "presupuestos")).toBe(true);
  });

  it("an order's history holds its lines' changes", async () => {
    const q = (sql: string, params: unknown[] = []) => t.database.pool.query(sql, params);
    const prov = (await q("insert into proveedores (proveedor) values ('Proveedor Historial') returning id")).rows[0].id;
    await q("insert into materiales (codigo, producto, precio_unitario) values ('H-100', 'Perfil historial', 1000)");
    await q("insert into ordenes_compra (numero_oc, proveedor_id, proveedor, fecha, realizado_por) values (9101, $1, 'Proveedor Historial', '2026-11-01', 'Compras'), (9102, $1, 'Proveedor Historial', '2026-11-01', 'Compras')", [prov]);
    const line = { codigo: "H-100", producto: "Perfil historial", cantidad: 5, precio_unitario: 1000 };
    const created = await t.request({ method: "POST", url: "/api/items_oc", as: "Adquisiciones", payload: { numero_oc: 9101, ...line } });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id;
    expect((await t.request({ method: "POST", url: "/api/items_oc", as: "Adquisiciones", payload: { numero_oc: 9102, ...line } })).statusCode).toBe(201);
    expect((await t.request({ method: "PUT", url: `/api/items_oc/${id}`, as: "Adquisiciones", payload: { ...line, cantidad: 7 } })).statusCode).toBe(200);
    expect((await t.request({ method: "DELETE", url: `/api/items_oc/${id}`, as: "Adquisiciones" })).statusCode).toBeLessThan(300);
    const { rows: history } = await rows("/api/auditoria?registro=ordenes_compra:9101");
    expect(history.map((r) => [r.entidad, r.entidad_id, r.ruta.split(" ")[0]])).toEqual([
      ["items_oc", String(id), "DELETE"],
      ["items_oc", String(id), "PUT"],
      ["items_oc", String(id), "POST"],
    ]);
    expect(history[1].cambios).toMatchObject({ cantidad: { despues: 7 } });
  });

  it("400 for a registro longer than 200 characters; 403 for Ventas, 401 without a session", async () => {
    expect((await get(`/api/auditoria?registro=${"x".repeat(201)}`)).statusCode).toBe(400);
    expect((await get("/api/auditoria?registro=presupuestos:1", "Ventas")).statusCode).toBe(403);
    expect((await get("/api/auditoria?registro=presupuestos:1", null)).statusCode).toBe(401);
  });
});

describe("GET api/auditoria/usuarios", () => {
  it("lists every user by name for the filter", async () => {
    const res = await get("/api/auditoria/usuarios", "Informático");
    const names = (res.json() as { nombre: string }[]).map((u) => u.nombre);
    expect(names).toEqual(expect.arrayContaining(["Usuario Ventas", "Usuario Gerencia", "Usuario Informático"]));
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, "es")));
  });
});
