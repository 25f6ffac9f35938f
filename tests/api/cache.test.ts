// Issue 22.2: a cached answer depends on the tables it reads, not on every write. Each
// table has a change counter bumped in the writing transaction (cambios_tabla); an answer
// keeps the versions of the tables its SQL named. On PGlite (npm test) and PostgreSQL
// (npm run test:api:pg).
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { getTableName, is } from "drizzle-orm";
import { PgTable } from "drizzle-orm/pg-core";
import * as schema from "../../server/db/schema";
import { cachedList, cacheStats, UNTRACKED_TABLES } from "../../server/lists/cache";
import { tablesIn } from "../../server/lists/tables-read";
import { createTestServer, type TestServer } from "../helpers";

let t: TestServer;
let clienteId: number;
let numeroOc: number;
let itemId: number;

const q = async (text: string, params: unknown[] = []) => (await t.database.pool.query(text, params)).rows;
const computed = () => cacheStats(t.database.db).computed;

beforeAll(async () => {
  t = await createTestServer();
  for (const r of ["Adquisiciones", "Bodega", "Ventas"] as const) await t.tokenFor(r);
  [{ id: clienteId }] = await q("insert into clientes (nombre) values ('Constructora Andes') returning id");
  await q("insert into presupuestos (numero, cliente_id, nombre_obra, fecha) values ('P-100', $1, 'Edificio Los Robles', '2026-03-01')", [clienteId]);
  await q("insert into materiales (codigo, producto, precio_unitario) values ('PER-001', 'Perfil 20x20', 1400)");
  const prov = await t.request({ method: "POST", url: "/api/proveedores", as: "Adquisiciones", payload: { proveedor: "Aluminios del Sur", rut: "76086428-5" } });
  expect(prov.statusCode).toBe(201);
  const oc = await t.request({
    method: "POST",
    url: "/api/ordenes_compra",
    as: "Adquisiciones",
    payload: { proveedor: "Aluminios del Sur", fecha: "2026-03-10", realizado_por: "Carla Rojas", cliente_id: "Constructora Andes", numero_presupuesto: "P-100", items: [{ codigo: "PER-001", producto: "Perfil 20x20", cantidad: 10, precio_unitario: 1500 }] },
  });
  expect(oc.statusCode, oc.body).toBe(201);
  numeroOc = oc.json().numero_oc;
  itemId = oc.json().detalles[0].id;
});
afterAll(() => t.close());

describe("22.2 caches that survive unrelated writes", () => {
  it("a receipt does not empty the cached client list (same answer, not computed again)", async () => {
    const first = await t.request({ method: "GET", url: "/api/clientes", as: "Ventas" });
    expect(first.statusCode).toBe(200);
    expect(cacheStats(t.database.db).readsOf("clientes?")).toEqual(["clientes"]);
    const n = computed();
    const receipt = await t.request({
      method: "POST",
      url: "/api/ingresar_factura",
      as: "Bodega",
      payload: { ordenes: [{ numero_oc: numeroOc, factura: "F-1", fecha_factura: "2026-03-15", detalles: [{ id: itemId, cantidad_llegada: 4 }] }] },
    });
    expect(receipt.statusCode, receipt.body).toBe(200);
    const again = await t.request({ method: "GET", url: "/api/clientes", as: "Ventas" });
    expect(again.body).toBe(first.body);
    expect(again.headers.etag).toBe(first.headers.etag);
    expect(computed()).toBe(n); // served from the cache
  });

  it("a write to a joined table refreshes the list that joins it (a quote's client name)", async () => {
    const before = await t.request({ method: "GET", url: "/api/presupuestos", as: "Ventas" });
    expect(before.json()[0].cliente_nombre).toBe("Constructora Andes");
    expect(cacheStats(t.database.db).readsOf("presupuestos?")).toEqual(expect.arrayContaining(["clientes", "presupuestos"]));
    const n = computed();
    expect((await t.request({ method: "GET", url: "/api/presupuestos", as: "Ventas" })).body).toBe(before.body);
    expect(computed()).toBe(n);
    const put = await t.request({ method: "PUT", url: `/api/clientes/${clienteId}`, as: "Ventas", payload: { nombre: "Constructora Cordillera" } });
    expect(put.statusCode, put.body).toBe(200);
    const after = await t.request({ method: "GET", url: "/api/presupuestos", as: "Ventas" });
    expect(after.json()[0].cliente_nombre).toBe("Constructora Cordillera");
  });

  it("a write to a table read only in a subquery refreshes the list (orders searched by their items' text)", async () => {
    const found = async (q: string) => {
      const res = await t.request({ method: "GET", url: `/api/ordenes_compra?q=${encodeURIComponent(q)}`, as: "Adquisiciones" });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().map((o: { numero_oc: number }) => o.numero_oc);
    };
    expect(await found("Perfil 20x20")).toContain(numeroOc);
    // The items and the catalogue are read only inside the q subqueries.
    expect(cacheStats(t.database.db).readsOf(`ordenes_compra?q="Perfil 20x20"`)).toEqual(expect.arrayContaining(["items_oc", "materiales", "ordenes_compra"]));
    await q("update materiales set producto = 'Perfil reforzado' where codigo = 'PER-001'");
    await q("update items_oc set producto = 'Perfil reforzado' where id = $1", [itemId]);
    expect(await found("Perfil 20x20")).not.toContain(numeroOc);
    expect(await found("Perfil reforzado")).toContain(numeroOc);
  });

  it("a receipt refreshes the order list's stored state", async () => {
    const estado = async () => {
      const res = await t.request({ method: "GET", url: "/api/ordenes_compra", as: "Adquisiciones" });
      return res.json().find((o: { numero_oc: number }) => o.numero_oc === numeroOc).estado;
    };
    expect(await estado()).toBe("PENDIENTE");
    const receipt = await t.request({
      method: "POST",
      url: "/api/ingresar_factura",
      as: "Bodega",
      payload: { ordenes: [{ numero_oc: numeroOc, factura: "F-2", fecha_factura: "2026-03-16", detalles: [{ id: itemId, cantidad_llegada: 10 }] }] },
    });
    expect(receipt.statusCode, receipt.body).toBe(200);
    expect(await estado()).toBe("COMPLETA");
  });

  it("a write made outside the app (another process, psql) refreshes it too: the counters live in the database", async () => {
    await t.request({ method: "GET", url: "/api/clientes", as: "Ventas" });
    await q("insert into clientes (nombre) values ('Vidrios Lirquén')");
    const res = await t.request({ method: "GET", url: "/api/clientes", as: "Ventas" });
    expect(res.json().map((c: { nombre: string }) => c.nombre)).toContain("Vidrios Lirquén");
  });

  it("a rolled-back write changes nothing, and a transaction bumps each table it writes once", async () => {
    // One connection throughout (PGlite's pool has one).
    const client = await t.database.pool.connect();
    const version = async (tabla: string) => Number((await client.query("select coalesce(sum(version), 0) v from cambios_tabla where tabla = $1", [tabla])).rows[0].v);
    try {
      const v0 = await version("clientes");
      await client.query("begin");
      await client.query("insert into clientes (nombre) values ('Uno')");
      await client.query("insert into clientes (nombre) values ('Dos')");
      await client.query("update clientes set nombre = 'Tres' where nombre = 'Dos'");
      await client.query("rollback");
      expect(await version("clientes")).toBe(v0);
      await client.query("begin");
      await client.query("insert into clientes (nombre) values ('Uno')");
      await client.query("delete from clientes where nombre = 'Uno'");
      await client.query("commit");
      expect(await version("clientes")).toBe(v0 + 1);
    } finally {
      client.release();
    }
  });

  it("guard: every table of the schema carries the change-counter and row-count triggers, but the untracked ones (the database's list is the server's)", async () => {
    const tables = (Object.values(schema) as unknown[]).filter((v): v is PgTable => is(v, PgTable)).map((x) => getTableName(x));
    const withTrigger = async (name: string) => (await q("select c.relname from pg_trigger g join pg_class c on c.oid = g.tgrelid where g.tgname = $1", [name])).map((r) => r.relname);
    const counted = await withTrigger("ventanal_cambios");
    const rowCounted = await withTrigger("ventanal_filas_alta");
    const tracked = tables.filter((name) => name !== "cambios_tabla" && !UNTRACKED_TABLES.has(name));
    expect(tracked.filter((name) => !counted.includes(name) || !rowCounted.includes(name))).toEqual([]);
    expect(tables.filter((name) => UNTRACKED_TABLES.has(name) && (counted.includes(name) || rowCounted.includes(name)))).toEqual([]);
    const [{ list }] = await q("select ventanal_tablas_sin_cambios() as list");
    expect([...(list as string[])].sort()).toEqual(["cambios_tabla", ...UNTRACKED_TABLES].sort());
  });

  it("an answer that read a table without a change counter (sessions, sign-in counts, idempotency keys) is sent but never kept", async () => {
    const key = "prueba:sin-contador";
    const answer = () => cachedList(t.database.db, key, async () => ({ rows: (await t.database.db.select({ id: schema.sesiones.id }).from(schema.sesiones)).slice(0, 1), total: null }));
    const before = computed();
    await answer();
    await answer();
    expect(computed()).toBe(before + 2);
    expect(cacheStats(t.database.db).readsOf(key)).toBeUndefined();
  });

  it("the tables of an answer are read from its SQL: quoted (Drizzle) and bare (hand-written subqueries), never a column's look-alike inside a word", () => {
    expect(tablesIn(`select "numero_oc", (select count(*) from items_oc i where i.numero_oc = "ordenes_compra"."numero_oc") from "ordenes_compra"`).sort()).toEqual([
      "items_oc",
      "ordenes_compra",
    ]);
    expect(tablesIn(`select "clientes_x" from "materiales_busqueda" join pautas p on true`)).toEqual(["pautas"]);
  });

  it("a big answer still asked a while after it was made is sent compressed harder (same JSON, fewer bytes for every later reader)", async () => {
    const rows = Array.from({ length: 4000 }, (_, i) => ({ id: i + 1, codigo: String(80_000 + (i % 900)), producto: `Perfil de aluminio serie ${i % 37}`, cantidad: (i % 7) + 1.5, activa: i % 3 === 0 }));
    const json = JSON.stringify(rows);
    expect(json.length).toBeGreaterThan(256 * 1024);
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      const entry = await cachedList(t.database.db, "prueba:gzip-estable", async () => ({ json, total: null }));
      const first = await entry.gzip();
      expect(gunzipSync(first).toString("utf8")).toBe(json);
      expect(await entry.gzip()).toBe(first); // kept: the same bytes
      vi.setSystemTime(Date.now() + 5_000);
      await entry.gzip(); // a reader later on: the harder compression starts in the background
      let later = first;
      for (let i = 0; i < 200 && later === first; i++) {
        await new Promise((r) => setTimeout(r, 10));
        later = await entry.gzip();
      }
      expect(later.length).toBeLessThan(first.length);
      expect(gunzipSync(later).toString("utf8")).toBe(json);
    } finally {
      vi.useRealTimers();
    }
  });

  it("a big answer still asked a while after it was made is also made as brotli, for the clients that take it", async () => {
    const rows = Array.from({ length: 4000 }, (_, i) => ({ id: i + 1, obra: `Edificio ${i % 53}`, direccion: `Av. Los Presidentes ${i * 7}, Macul`, neto: i * 1300 }));
    const json = JSON.stringify(rows);
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      const entry = await cachedList(t.database.db, "prueba:brotli-estable", async () => ({ json, total: null }));
      expect(entry.brotli()).toBeNull(); // just made: its tables may be changing, gzip only
      vi.setSystemTime(Date.now() + 5_000);
      let br = entry.brotli(); // a reader later on: made in the background
      for (let i = 0; i < 300 && !br; i++) {
        await new Promise((r) => setTimeout(r, 10));
        br = entry.brotli();
      }
      expect(br).not.toBeNull();
      expect(brotliDecompressSync(br!).toString("utf8")).toBe(json);
      expect(br!.length).toBeLessThan((await entry.gzip()).length);
      expect(entry.brotli()).toBe(br); // kept
    } finally {
      vi.useRealTimers();
    }
  });

  it("a list is sent as brotli once made so, to a client that takes br; as gzip to one that does not", async () => {
    const res = async (encoding: string) => {
      const r = await t.request({ method: "GET", url: "/api/clientes", as: "Ventas", headers: { "accept-encoding": encoding } });
      expect(r.statusCode).toBe(200);
      return r;
    };
    await q("insert into clientes (nombre, telefono) select 'Relleno brotli ' || i, '+56 9 5555 ' || i from generate_series(1, 4000) i");
    const plain = (await res("identity")).body;
    expect(plain.length).toBeGreaterThan(256 * 1024);
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      vi.setSystemTime(Date.now() + 5_000);
      let r = await res("gzip, deflate, br");
      for (let i = 0; i < 300 && r.headers["content-encoding"] !== "br"; i++) {
        await new Promise((resolve) => setTimeout(resolve, 10));
        r = await res("gzip, deflate, br");
      }
      expect(r.headers["content-encoding"]).toBe("br");
      expect(brotliDecompressSync(r.rawPayload).toString("utf8")).toBe(plain);
      const gz = await res("gzip");
      expect(gz.headers["content-encoding"]).toBe("gzip");
      expect(gunzipSync(gz.rawPayload).toString("utf8")).toBe(plain);
    } finally {
      vi.useRealTimers();
    }
  });
});
