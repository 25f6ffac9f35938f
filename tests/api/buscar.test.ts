// GET api/buscar: the top bar's global search. Each kind by each of its fields, accents
// and case ignored, the exact match first, at most 5 a kind, only the kinds the role may
// read, 400 on a bad query and 401 without a session. On PGlite and PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SEARCH_LIMIT_PER_KIND, type SearchAnswer } from "../../src/domain/search";
import { SEARCH_FEW_MATCHES } from "../../server/services/search/search";
import { createTestServer, type TestServer } from "../helpers";

let t: TestServer;
const q = async (text: string, params: unknown[] = []) => (await t.database.pool.query(text, params)).rows;

beforeAll(async () => {
  t = await createTestServer();
  const [c] = await q("insert into clientes (nombre, rut) values ('José Muñoz Peña', '12.345.678-5') returning id");
  await q("insert into clientes (nombre) values ('Constructora Ñandú'), ('Otro Cliente')");
  await q("insert into presupuestos (numero, cliente_id, nombre_obra, fecha) values ('P-4711', $1, 'Edificio Los Álamos', '2026-03-01'), ('P-4712', $1, 'Casa Quillón', '2026-03-02')", [c.id]);
  const [p] = await q("insert into proveedores (proveedor, rut) values ('Vidrios Concepción', '76.086.428-5') returning id");
  await q("insert into ordenes_compra (numero_oc, proveedor_id, proveedor, fecha, realizado_por) values (90210, $1, 'Vidrios Concepción', '2026-03-05', 'Carla')", [p.id]);
  await q("insert into materiales (codigo, producto) values ('PER-777', 'Perfil Ángulo 20x20'), ('TOR-1', 'Tornillo')");
  await q(
    "insert into facturas_guias (proveedor_id, proveedor, numero_factura, fecha, fecha_recepcion) values ($1, 'Vidrios Concepción', '55501', '2026-03-06', '2026-03-06')",
    [p.id],
  );
  // Seven clients named alike: the answer keeps 5, the exact name first.
  for (let i = 1; i <= 6; i++) await q("insert into clientes (nombre) values ($1)", [`Ferretería Lota ${i}`]);
  await q("insert into clientes (nombre) values ('Ferretería Lota')");
});
afterAll(() => t.close());

async function buscar(text: string, as: Parameters<TestServer["request"]>[0]["as"] = "Gerencia"): Promise<SearchAnswer> {
  const res = await t.request({ method: "GET", url: `/api/buscar?q=${encodeURIComponent(text)}`, as });
  expect(res.statusCode).toBe(200);
  return res.json();
}
const titles = (a: SearchAnswer, tipo: string) => a.grupos.find((g) => g.tipo === tipo)?.resultados.map((r) => r.titulo) ?? [];

describe("GET api/buscar", () => {
  it("finds clients by name and by RUT, with or without dots, ignoring accents and case", async () => {
    expect(titles(await buscar("jose munoz"), "clientes")).toEqual(["José Muñoz Peña"]);
    expect(titles(await buscar("MUÑOZ"), "clientes")).toEqual(["José Muñoz Peña"]);
    expect(titles(await buscar("12.345.678"), "clientes")).toEqual(["José Muñoz Peña"]);
    const byRut = await buscar("12345678");
    expect(byRut.grupos.find((g) => g.tipo === "clientes")?.resultados).toEqual([{ id: expect.any(String), titulo: "José Muñoz Peña", detalle: "12.345.678-5" }]);
  });

  it("finds quotes by number and by work name, with the work and client as detail", async () => {
    const byWork = await buscar("los alamos");
    expect(byWork.grupos).toEqual([
      { tipo: "presupuestos", etiqueta: "Presupuestos", resultados: [{ id: expect.any(String), titulo: "Presupuesto N° P-4711", detalle: "Edificio Los Álamos · José Muñoz Peña" }] },
    ]);
    expect(titles(await buscar("p-471"), "presupuestos")).toEqual(["Presupuesto N° P-4712", "Presupuesto N° P-4711"]);
    expect(titles(await buscar("P-4711"), "presupuestos")).toEqual(["Presupuesto N° P-4711"]);
  });

  it("finds purchase orders by number and by supplier, suppliers by name and RUT, invoices by number", async () => {
    const oc = await buscar("90210");
    expect(oc.grupos.map((g) => g.tipo)).toEqual(["ordenes_compra"]);
    expect(oc.grupos[0].resultados).toEqual([{ id: "90210", titulo: "OC 90210", detalle: "Vidrios Concepción · 05-03-2026" }]);
    const bySupplier = await buscar("vidrios concepcion");
    expect(bySupplier.grupos.map((g) => g.tipo)).toEqual(["ordenes_compra", "proveedores"]);
    expect(titles(bySupplier, "proveedores")).toEqual(["Vidrios Concepción"]);
    expect(titles(await buscar("76086428"), "proveedores")).toEqual(["Vidrios Concepción"]);
    const factura = await buscar("55501");
    expect(factura.grupos).toEqual([
      { tipo: "facturas_guias", etiqueta: "Facturas de proveedores", resultados: [{ id: expect.any(String), titulo: "Factura N° 55501", detalle: "Vidrios Concepción · 06-03-2026" }] },
    ]);
  });

  it("finds materials by code and by name; the id is the code", async () => {
    const byCode = await buscar("per-777");
    expect(byCode.grupos.find((g) => g.tipo === "materiales")?.resultados).toEqual([{ id: "PER-777", titulo: "Perfil Ángulo 20x20", detalle: "Código PER-777" }]);
    expect(titles(await buscar("angulo"), "materiales")).toEqual(["Perfil Ángulo 20x20"]);
  });

  it("keeps 5 results a kind, the exact name first", async () => {
    const r = titles(await buscar("ferreteria lota"), "clientes");
    expect(r).toHaveLength(SEARCH_LIMIT_PER_KIND);
    expect(r[0]).toBe("Ferretería Lota");
  });

  it("answers a repeated search from its cache until the next write", async () => {
    expect(await buscar("Vidriería Recién Llegada")).toEqual({ grupos: [] });
    const again = await t.request({ method: "GET", url: `/api/buscar?q=${encodeURIComponent("Vidriería Recién Llegada")}`, as: "Gerencia" });
    expect(again.headers.etag).toBeTruthy();
    const notModified = await t.request({ method: "GET", url: `/api/buscar?q=${encodeURIComponent("Vidriería Recién Llegada")}`, as: "Gerencia", headers: { "if-none-match": String(again.headers.etag) } });
    expect(notModified.statusCode).toBe(304);
    await t.request({ method: "POST", url: "/api/proveedores", as: "Adquisiciones", payload: { proveedor: "Vidriería Recién Llegada" } });
    expect(titles(await buscar("vidrieria recien llegada"), "proveedores")).toEqual(["Vidriería Recién Llegada"]);
    expect(titles(await buscar("Vidriería Recién Llegada"), "proveedores")).toEqual(["Vidriería Recién Llegada"]);
  });

  it("answers no groups when nothing matches, and takes LIKE wildcards as plain text", async () => {
    expect(await buscar("zzzz-nada")).toEqual({ grupos: [] });
    expect(await buscar("%")).toEqual({ grupos: [] });
    expect(await buscar("_")).toEqual({ grupos: [] });
  });

  it("gives each role only the kinds it may read: Bodega gets no supplier invoices", async () => {
    expect((await buscar("Vidrios", "Bodega")).grupos.map((g) => g.tipo)).toEqual(["ordenes_compra", "proveedores"]);
    expect((await buscar("55501", "Bodega")).grupos).toEqual([]);
    expect((await buscar("55501", "Contabilidad")).grupos.map((g) => g.tipo)).toEqual(["facturas_guias"]);
    expect((await buscar("55501", "Ventas")).grupos.map((g) => g.tipo)).toEqual(["facturas_guias"]);
  });

  it("refuses an empty, too long or undeclared query with 400, and answers 401 without a session", async () => {
    for (const url of ["/api/buscar", "/api/buscar?q=", "/api/buscar?q=%20%20", `/api/buscar?q=${"x".repeat(101)}`, "/api/buscar?q=a&tipo=clientes"]) {
      const res = await t.request({ method: "GET", url, as: "Ventas" });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().message).toBeTruthy();
    }
    expect((await t.request({ method: "GET", url: "/api/buscar?q=jose", as: null })).statusCode).toBe(401);
  });
});

describe("search indexes", () => {
  it("uses each kind's trigram index, on the stored folded text the search compares (haystack.ts, migration 0034)", async () => {
    const { getTableName, sql } = await import("drizzle-orm");
    const { foldedContains } = await import("../../server/lists/fold");
    const { HAYSTACKS } = await import("../../server/services/search/haystack");
    for (const [kind, { column }] of Object.entries(HAYSTACKS)) {
      const table = getTableName(column.table);
      // The text is stored: a column the database generates, not one a write sets.
      const [generated] = await q("select attgenerated from pg_attribute where attrelid = $1::regclass and attname = $2", [table, column.name]);
      expect(generated?.attgenerated, kind).toBe("s");
      // Its trigram index: a GIN index over that column alone.
      const indexes = (await q("select indexname from pg_indexes where tablename = $1 and indexdef like $2", [table, `%USING gin (${column.name} gin_trgm_ops)`])).map((r) => r.indexname);
      expect(indexes, kind).toHaveLength(1);
      const plan = await t.database.db.transaction(async (tx) => {
        await tx.execute(sql`set local enable_seqscan = off`);
        // Every column: an index holding the search's order columns could otherwise be read
        // whole instead, on a table this small.
        return tx.execute(sql`explain select * from ${sql.raw(table)} where ${foldedContains(column, "vidrios")}`);
      });
      expect(plan.rows.map((r) => Object.values(r)[0]).join("\n"), kind).toContain(`Bitmap Index Scan on ${indexes[0]}`);
    }
  });

  it("finds numbers and codes of 1 or 2 characters only when equal to the text", async () => {
    await q(
      "insert into ordenes_compra (numero_oc, proveedor_id, proveedor, fecha, realizado_por) select n, (select min(id) from proveedores), 'Otro', '2026-03-05', 'Carla' from unnest(array[12, 120]) as n",
    );
    expect(titles(await buscar("12"), "ordenes_compra")).toEqual(["OC 12"]);
    expect(titles(await buscar("jo"), "clientes")).toEqual([]);
  });
});

describe("a text that many records contain", () => {
  // More than SEARCH_FEW_MATCHES matches of a kind: the first ones in the kind's order are read
  // through that order's index (stopping at the fifth), the records equal to the text through
  // their own; the answer is the one a sort of every match would give.
  const many = SEARCH_FEW_MATCHES + 50;
  beforeAll(async () => {
    const [c] = await q("select min(id) as id from clientes");
    await q("insert into clientes (nombre) select 'Aaa Cliente Frecuente ' || lpad(i::text, 3, '0') from generate_series(1, $1::int) as i", [many]);
    await q("insert into clientes (nombre) values ('Cliente Frecuente')");
    await q("insert into presupuestos (numero, cliente_id, nombre_obra, fecha) select 'Q-' || i, $1, 'Obra Repetida', '2026-03-01' from generate_series(1, $2::int) as i", [c.id, many + 50]);
    await q(
      "insert into ordenes_compra (numero_oc, proveedor_id, proveedor, fecha, realizado_por) select 80000 + i, (select min(id) from proveedores), 'Ventanas Frecuentes', '2026-03-05', 'Carla' from generate_series(0, $1::int) as i",
      [many],
    );
    await q(
      "insert into ordenes_compra (numero_oc, proveedor_id, proveedor, fecha, realizado_por) values (800, (select min(id) from proveedores), 'Otro', '2026-03-05', 'Carla')",
    );
    await q("insert into materiales (codigo, producto) select 'PC-' || lpad(i::text, 3, '0'), 'Perfil Común ' || lpad(i::text, 3, '0') from generate_series(1, $1::int) as i", [many]);
    await q("insert into materiales (codigo, producto) values ('PERFIL COMÚN', 'Zeta')");
  });

  it("gives the first 5 in the kind's order, the record equal to the text first", async () => {
    expect(titles(await buscar("cliente frecuente"), "clientes")).toEqual([
      "Cliente Frecuente",
      "Aaa Cliente Frecuente 001",
      "Aaa Cliente Frecuente 002",
      "Aaa Cliente Frecuente 003",
      "Aaa Cliente Frecuente 004",
    ]);
    // … …Q-199: more than SEARCH_FEW_MATCHES; Q-1 is the number itself.
    expect(titles(await buscar("q-1"), "presupuestos")).toEqual(["Q-1", "Q-199", "Q-198", "Q-197", "Q-196"].map((n) => `Presupuesto N° ${n}`));
    expect(titles(await buscar("obra repetida"), "presupuestos")).toEqual([200, 199, 198, 197, 196].map((n) => `Presupuesto N° Q-${n}`));
    // 80000…80099 and the order 800 itself.
    expect(titles(await buscar("800"), "ordenes_compra")).toEqual(["OC 800", "OC 80099", "OC 80098", "OC 80097", "OC 80096"]);
    expect(titles(await buscar("ventanas frecuentes"), "ordenes_compra")).toEqual([4, 3, 2, 1, 0].map((n) => `OC ${80000 + many - 4 + n}`));
    expect(titles(await buscar("perfil común"), "materiales")).toEqual(["Zeta", "Perfil Común 001", "Perfil Común 002", "Perfil Común 003", "Perfil Común 004"]);
  });

  it("reads about as many rows as it keeps, not every match", async () => {
    const { sql } = await import("drizzle-orm");
    const { searchSql } = await import("../../server/services/search/search");
    const plan = await t.database.db.transaction(async (tx) => {
      await tx.execute(sql`select set_config('enable_seqscan', 'off', true), set_config('jit', 'off', true)`);
      const quotes = searchSql("Gerencia", "obra repetida").find((s) => s.kind === "presupuestos")!;
      return tx.execute(sql`explain (analyze, format json) ${quotes.sql}`);
    });
    // Rows each scan of presupuestos gave, plus those its filter read and dropped.
    let read = 0;
    const walk = (node: Record<string, unknown>) => {
      if (node["Relation Name"] === "presupuestos") read += ((node["Actual Rows"] as number) + ((node["Rows Removed by Filter"] as number) ?? 0)) * (node["Actual Loops"] as number);
      for (const child of (node.Plans as Record<string, unknown>[] | undefined) ?? []) walk(child);
    };
    const json = Object.values(plan.rows[0])[0];
    walk((typeof json === "string" ? JSON.parse(json) : json)[0].Plan);
    expect(read).toBeLessThan(SEARCH_FEW_MATCHES + 4 * SEARCH_LIMIT_PER_KIND);
  });
});
