// A whole list rebuilt after a write (server/lists/define.ts): a list cut by its cap is
// written by the database once (not once to learn it is cut and again without its last
// row), and the rows' JSON is kept by (key, row version): a rebuild asks the database for
// the list's order and versions and writes only the rows it has not written in that
// version. Every answer is the list as the database holds it when the answer was asked:
// a write committed before a request (an update, an insert, a delete, a change of order,
// a change in a joined row) is in its answer. On PGlite and PostgreSQL.
import { asc, desc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import type { Database } from "../../server/db/connect";
import { clientes, presupuestos } from "../../server/db/schema";
import { defineList } from "../../server/lists";
import { gunzipSync, gzipSync } from "node:zlib";
import { bytesCompressed } from "../../server/lists/chunks";
import { listRowsWritten } from "../../server/lists/define";
import { openMigratedTestDatabase } from "../helpers";

let database: Database;
const q = async (text: string, params: unknown[] = []) => (await database.pool.query(text, params)).rows;

const clienteRow = z.object({ id: z.number(), nombre: z.string(), telefono: z.string().nullable(), creado_en: z.date() });
const clientesList = defineList({
  table: clientes,
  row: clienteRow,
  fields: { id: { sort: true, filter: ["eq"] }, nombre: { sort: true } },
  defaultSort: [asc(clientes.nombre)],
  tieBreaker: clientes.id,
  cap: 10_000,
  name: "prueba-clientes",
});
const capped = defineList({
  table: clientes,
  row: clienteRow,
  fields: { id: { sort: true, filter: ["eq"] } },
  defaultSort: [desc(clientes.id)],
  tieBreaker: clientes.id,
  cap: 3,
  name: "prueba-clientes-tope",
});
const presupuestoRow = z.object({ id: z.number(), numero: z.string(), cliente_nombre: z.string() });
const presupuestosList = defineList({
  table: presupuestos,
  row: presupuestoRow,
  columns: { id: presupuestos.id, numero: presupuestos.numero, cliente_nombre: clientes.nombre },
  joins: [{ table: clientes, on: eq(clientes.id, presupuestos.cliente_id) }],
  fields: { id: { sort: true, filter: ["eq"] } },
  defaultSort: [asc(presupuestos.numero)],
  tieBreaker: presupuestos.id,
  name: "prueba-presupuestos",
});
// A row that reads the clock: its JSON is not kept (a list keyed without the date would keep yesterday's value).
const conReloj = defineList({
  table: clientes,
  row: z.object({ id: z.number(), hoy: z.string() }),
  columns: { id: clientes.id, hoy: sql<string>`to_char(now(), 'YYYY-MM-DD')`.as("hoy") },
  fields: { id: { sort: true, filter: ["eq"] } },
  defaultSort: [asc(clientes.id)],
  tieBreaker: clientes.id,
  cap: 10_000,
  name: "prueba-reloj",
});

beforeAll(async () => {
  database = await openMigratedTestDatabase();
  for (let i = 1; i <= 6; i++) await q("insert into clientes (nombre, telefono) values ($1, $2)", [`Cliente ${i}`, `+56 9 0000 000${i}`]);
  const ids = (await q("select id from clientes order by id")).map((r) => r.id as number);
  for (let i = 0; i < 8; i++) await q("insert into presupuestos (numero, cliente_id, fecha) values ($1, $2, '2026-03-01')", [`P-${100 + i}`, ids[i % 3]]);
});
afterAll(() => database.close());

/** The list's answer through the cache, and the JSON of the same list read whole now. */
async function both(list: typeof clientesList | typeof presupuestosList) {
  const answer = await list.answer(database.db, {});
  const now = await list.readJson(database.db, {});
  // The gzip sent is the body's (made of chunks kept between builds: chunks.ts).
  expect(gunzipSync(await answer.gzip()).toString()).toBe(answer.body.toString());
  return { answer: answer.body.toString(), now: now.json, total: answer.total, nowTotal: now.total };
}

describe("a whole list rebuilt after writes", () => {
  it("a list cut by its cap is written once by the database, with its total", async () => {
    const statements: string[] = [];
    const query = database.pool.query.bind(database.pool) as (...args: unknown[]) => unknown;
    const spy = (...args: unknown[]) => {
      const text = args[0] as string | { text: string };
      statements.push(typeof text === "string" ? text : text.text);
      return query(...args);
    };
    (database.pool as unknown as { query: unknown }).query = spy;
    let json;
    try {
      json = await capped.readJson(database.db, {});
    } finally {
      (database.pool as unknown as { query: unknown }).query = query;
    }
    const rows = await capped.read(database.db, {});
    expect(json.json).toBe(JSON.stringify(rows.rows));
    expect(json.total).toBe(6);
    expect(JSON.parse(json.json)).toHaveLength(3);
    expect(statements.filter((s) => s.includes("row_to_json"))).toHaveLength(1);
  });

  it("after a one-row write the database writes that row's JSON only, and the answer has the write", async () => {
    const first = await both(clientesList);
    expect(first.answer).toBe(first.now);
    const before = listRowsWritten(database.db);
    await q("update clientes set telefono = '+56 2 2222 2222' where nombre = 'Cliente 3'");
    const after = await clientesList.answer(database.db, {});
    expect(after.body.toString()).toContain("+56 2 2222 2222");
    expect(after.body.toString()).toBe((await clientesList.readJson(database.db, {})).json);
    // The readJson above wrote all six; the rebuild wrote one.
    expect(listRowsWritten(database.db) - before).toBe(1 + 6);
  });

  it("the gzip of a rebuilt list compresses again only the part with the written row", async () => {
    await q("insert into clientes (nombre, telefono) select 'Cliente ' || i, 'relleno' from generate_series(7, 2000) i");
    const first = await both(clientesList);
    const size = first.answer.length;
    const before = bytesCompressed();
    await q("update clientes set telefono = '+56 2 3333 3333' where nombre = 'Cliente 1500'");
    const r = await both(clientesList);
    expect(r.answer).toContain("+56 2 3333 3333");
    expect(bytesCompressed() - before).toBeGreaterThan(0);
    expect(bytesCompressed() - before).toBeLessThan(size / 5);
  });

  it("the gzip made of chunks is about as small as the body gzipped whole (each chunk compressed after the one before it)", async () => {
    await q("insert into clientes (nombre, telefono) select 'Relleno ' || i, '+56 9 1234 ' || i from generate_series(1, 1500) i");
    const answer = await clientesList.answer(database.db, {});
    expect(answer.body.length).toBeGreaterThan(64 * 1024); // many chunks
    const sent = await answer.gzip();
    expect(gunzipSync(sent).toString()).toBe(answer.body.toString());
    expect(sent.length).toBeLessThan(gzipSync(answer.body, { level: 6 }).length * 1.1);
    // A write in one chunk: the gzip sent after it is as small, and exact.
    await q("update clientes set telefono = '+56 2 4444 4444' where nombre = 'Relleno 700'");
    const after = await clientesList.answer(database.db, {});
    const resent = await after.gzip();
    expect(gunzipSync(resent).toString()).toBe(after.body.toString());
    expect(resent.length).toBeLessThan(gzipSync(after.body, { level: 6 }).length * 1.1);
  });

  it("an insert, a delete and a change of order committed before the request are in its answer", async () => {
    await clientesList.answer(database.db, {});
    await q("insert into clientes (nombre) values ('Aaa Primero')");
    let r = await both(clientesList);
    expect(r.answer).toBe(r.now);
    expect(JSON.parse(r.answer)[0].nombre).toBe("Aaa Primero");
    await q("update clientes set nombre = 'Zzz Último' where nombre = 'Cliente 2'");
    r = await both(clientesList);
    expect(r.answer).toBe(r.now);
    expect(JSON.parse(r.answer).at(-1).nombre).toBe("Zzz Último");
    await q("delete from clientes where nombre = 'Aaa Primero'");
    r = await both(clientesList);
    expect(r.answer).toBe(r.now);
    expect(r.answer).not.toContain("Aaa Primero");
  });

  it("a write to a joined row (a client's name) is in the list that joins it; the others' rows are kept", async () => {
    const first = await both(presupuestosList);
    expect(first.answer).toBe(first.now);
    const [{ id }] = await q("select cliente_id as id from presupuestos where numero = 'P-100'");
    const before = listRowsWritten(database.db);
    await q("update clientes set nombre = 'Constructora Renombrada' where id = $1", [id]);
    const r = await both(presupuestosList);
    expect(r.answer).toBe(r.now);
    const renamed = (JSON.parse(r.answer) as { numero: string; cliente_nombre: string }[]).filter((p) => p.cliente_nombre === "Constructora Renombrada").map((p) => p.numero);
    expect(renamed).toContain("P-100");
    // The rebuild wrote the renamed client's quotes only (both() then wrote all eight again).
    expect(listRowsWritten(database.db) - before).toBe(renamed.length + 8);
  });

  it("a write in a transaction that also rolls back part of it: the committed state is what is answered", async () => {
    await both(clientesList);
    const client = await database.pool.connect();
    try {
      await client.query("begin");
      await client.query("update clientes set telefono = 'committed' where nombre = 'Cliente 4'");
      await client.query("savepoint s");
      await client.query("update clientes set telefono = 'rolled back' where nombre = 'Cliente 4'");
      await client.query("rollback to savepoint s");
      await client.query("commit");
    } finally {
      client.release();
    }
    const r = await both(clientesList);
    expect(r.answer).toBe(r.now);
    expect(r.answer).toContain("committed");
    expect(r.answer).not.toContain("rolled back");
  });

  it("a list whose rows read the clock writes every row again (no row kept without the date in its key)", async () => {
    await conReloj.answer(database.db, {});
    const before = listRowsWritten(database.db);
    await q("update clientes set telefono = telefono where id = (select min(id) from clientes)");
    await conReloj.answer(database.db, {});
    const n = Number((await q("select count(*) as n from clientes"))[0].n);
    expect(listRowsWritten(database.db) - before).toBe(n);
  });
});
