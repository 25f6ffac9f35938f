// A page of an RCV import's rows (Registro de Compras SII, 20 at a time) must cost what it
// shows: read in order through an index, not the whole import sorted. Right
// after the import the table's statistics still said "a few rows per import", so the planner
// sorted the 5,000 rows of the month for each page (17 ms instead of 0.1 ms); the import now
// refreshes them. On PGlite and, with TEST_DATABASE_URL, PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rutCheckDigit } from "../../src/domain/fields/rut";
import { rcvLatin1, type RcvRowSpec } from "../../src/domain/operations/rcv.fixtures";
import { createTestServer, type TestServer } from "../helpers";

let t: TestServer;
let importId = 0;

beforeAll(async () => {
  t = await createTestServer();
  const rows: RcvRowSpec[] = [];
  for (let i = 0; i < 3000; i++) {
    const body = 60_000_000 + (i % 40);
    rows.push({ rut: `${body}-${rutCheckDigit(body)}`, razon: `Proveedor SII ${i % 40}`, folio: 500_000 + i, fecha: "2026-02-10", neto: 10_000, iva: 1_900, total: 11_900 });
  }
  const res = await t.request({ method: "POST", url: "/api/rcv/compras", as: "Contabilidad", payload: { nombre: "RCV_COMPRA_REGISTRO_76543210-3_202602.csv", contenido: Buffer.from(rcvLatin1(rows)).toString("base64") } });
  expect(res.statusCode).toBe(201);
  importId = res.json().id;
}, 120_000);
afterAll(() => t.close());

describe("GET api/rcv/compras/:id: a page of a large import", () => {
  it("reads its 20 rows in order through an index, without sorting the import", async () => {
    const plan = (await t.database.pool.query(`explain select * from rcv_filas where importacion_id = ${importId} order by id limit 20`)).rows.map((r: Record<string, string>) => r["QUERY PLAN"]).join("\n");
    expect(plan).not.toMatch(/Sort/);
    expect(plan).toMatch(/Index Scan/);
    const page = await t.request({ method: "GET", url: `/api/rcv/compras/${importId}?_start=0&_end=20`, as: "Contabilidad" });
    expect(page.statusCode).toBe(200);
    expect(page.json().filas).toHaveLength(20);
    expect(page.json().total).toBe(3000);
  });
});
