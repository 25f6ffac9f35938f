// A page of an RCV import's rows (Registro de Compras SII, 20 at a time) must cost what it
// shows: read in order through an index, not the whole import sorted, and not the earlier
// imports' rows either. Right after an import the table's statistics still said "a few rows
// per import", so the planner sorted the month's 5,000 rows for each page (17 ms instead of
// 0.1 ms); the import now refreshes them. With three imports of one month, the third's page
// walked the primary key from the start and threw away the first two imports' rows (the
// bench's 54 ms). On PGlite and, with TEST_DATABASE_URL, PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rutCheckDigit } from "../../src/domain/fields/rut";
import { rcvLatin1, type RcvRowSpec } from "../../src/domain/operations/rcv.fixtures";
import { rcvPage, type RcvPageQuery } from "../../server/services/operations/get-rcv";
import { createTestServer, type TestServer } from "../helpers";

const ROWS = 2000;
let t: TestServer;
const importIds: number[] = [];

beforeAll(async () => {
  t = await createTestServer();
  // Three exports of one month, each a little different (as the SII's register grows).
  for (let run = 0; run < 3; run++) {
    const rows: RcvRowSpec[] = [];
    for (let i = 0; i < ROWS; i++) {
      const body = 60_000_000 + (i % 40);
      rows.push({ rut: `${body}-${rutCheckDigit(body)}`, razon: `Proveedor SII ${i % 40}`, folio: 500_000 + run * 10_000 + i, fecha: "2026-02-10", neto: 10_000, iva: 1_900, total: 11_900 });
    }
    const res = await t.request({ method: "POST", url: "/api/rcv/compras", as: "Contabilidad", payload: { nombre: "RCV_COMPRA_REGISTRO_76543210-3_202602.csv", contenido: Buffer.from(rcvLatin1(rows)).toString("base64") } });
    expect(res.statusCode).toBe(201);
    importIds.push(res.json().id);
  }
}, 180_000);
afterAll(() => t.close());

/** The plan of the route's own page query, run: every node with what it read and threw away. */
async function plan(id: number, query: RcvPageQuery): Promise<{ text: string; read: number }> {
  const { sql, params } = rcvPage(t.database.db, id, query).toSQL();
  const rows = (await t.database.pool.query(`explain (analyze, format json) ${sql}`, params)).rows as { "QUERY PLAN": unknown }[];
  const raw = rows[0]["QUERY PLAN"];
  const root = (typeof raw === "string" ? JSON.parse(raw) : raw) as { Plan: PlanNode }[];
  let read = 0;
  const walk = (n: PlanNode) => {
    read += (n["Actual Rows"] ?? 0) + (n["Rows Removed by Filter"] ?? 0);
    n.Plans?.forEach(walk);
  };
  walk(root[0].Plan);
  return { text: JSON.stringify(root), read };
}
interface PlanNode {
  "Node Type": string;
  "Actual Rows"?: number;
  "Rows Removed by Filter"?: number;
  Plans?: PlanNode[];
}

describe("GET api/rcv/compras/:id: a page of a large import", () => {
  it("reads its 20 rows in order through an index, without sorting the import", async () => {
    for (const id of importIds) {
      const p = await plan(id, { _start: 0, _end: 20 });
      expect(p.text).not.toMatch(/"Sort"/);
      expect(p.text).toMatch(/Index Scan/);
    }
    const page = await t.request({ method: "GET", url: `/api/rcv/compras/${importIds[2]}?_start=0&_end=20`, as: "Contabilidad" });
    expect(page.statusCode).toBe(200);
    expect(page.json().filas).toHaveLength(20);
    expect(page.json().total).toBe(ROWS);
  });

  it("reads only that import's rows: a later import's page does not walk past the earlier imports", async () => {
    for (const id of importIds) {
      for (const query of [{ _start: 0, _end: 20 }, { _start: 0, _end: 100 }, { resultado: "solo_sii" as const, _start: 0, _end: 20 }]) {
        const p = await plan(id, query);
        expect(p.read, `importación ${importIds.indexOf(id) + 1}, ${JSON.stringify(query)}: ${p.text}`).toBeLessThan(3 * (query._end + 5));
      }
    }
  });

  it("a later page starts where the previous one ended, in the file's order", async () => {
    const first = (await t.request({ method: "GET", url: `/api/rcv/compras/${importIds[1]}?_start=0&_end=20`, as: "Contabilidad" })).json();
    const second = (await t.request({ method: "GET", url: `/api/rcv/compras/${importIds[1]}?_start=20&_end=40`, as: "Contabilidad" })).json();
    const lines = [...first.filas, ...second.filas].map((f: { linea: number }) => f.linea);
    expect(lines).toEqual(Array.from({ length: 40 }, (_, i) => lines[0] + i));
  });
});
