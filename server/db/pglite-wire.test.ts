// The wire server in front of PGlite (pglite-wire.ts): several connections on the one
// PGlite session stay apart (whole exchanges, a transaction keeps the session until it
// ends, a closed connection's transaction is rolled back), named statements are shared,
// and messages that arrive in pieces are put back together.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { WireServer } from "./pglite-wire";

let db: PGlite;
let server: WireServer;
let dir: string;
const clients: pg.Client[] = [];

async function connect(): Promise<pg.Client> {
  const c = new pg.Client({ host: dir, port: 5432, user: "postgres", database: "postgres" });
  c.on("error", () => {});
  await c.connect();
  clients.push(c);
  return c;
}

const tick = () => new Promise((r) => setTimeout(r, 30));

beforeAll(async () => {
  db = await PGlite.create("memory://");
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "ventanal-wire-"));
  server = new WireServer(db, { path: path.join(dir, ".s.PGSQL.5432"), maxConnections: 32, profile: true });
  await server.start();
  const c = await connect();
  await c.query("create table t (id int primary key, v text)");
});

afterAll(async () => {
  for (const c of clients) await c.end().catch(() => {});
  await server.stop();
  await db.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe("PGlite wire server", () => {
  it("answers many interleaved extended queries of several connections, each with its own rows", async () => {
    const conns = await Promise.all([connect(), connect(), connect()]);
    const answers = await Promise.all(
      conns.map(async (c, k) => {
        const rows: unknown[] = [];
        for (let i = k; i < 300; i += 3) rows.push((await c.query("select $1::int * 2 as doble, $2::text as texto", [i, `n${i}`])).rows[0]);
        return rows;
      }),
    );
    answers.forEach((rows, k) => rows.forEach((row, j) => expect(row).toEqual({ doble: (k + 3 * j) * 2, texto: `n${k + 3 * j}` })));
    // One call into PGlite per query (Parse, Bind, Describe, Execute and Sync together).
    const before = server.stats.units;
    await conns[0].query("select $1::int", [1]);
    expect(server.stats.units - before).toBe(1);
  });

  it("keeps the session for the connection with an open transaction; the others wait for its end", async () => {
    const a = await connect();
    const b = await connect();
    await a.query("begin");
    await a.query("insert into t values (1, 'uno')");
    let seen: unknown[] | null = null;
    const waiting = b.query("select v from t where id = 1").then((r) => (seen = r.rows));
    await tick();
    expect(seen).toBeNull(); // not run inside a's transaction
    await a.query("select count(*) from t");
    expect(seen).toBeNull();
    await a.query("commit");
    await waiting;
    expect(seen).toEqual([{ v: "uno" }]);
  });

  it("a rolled back transaction leaves nothing for the others", async () => {
    const a = await connect();
    const b = await connect();
    await a.query("begin");
    await a.query("insert into t values (2, 'dos')");
    const after = b.query("select count(*)::int as n from t where id = 2");
    await a.query("rollback");
    expect((await after).rows).toEqual([{ n: 0 }]);
  });

  it("rolls back the transaction of a connection that closes, and lets the others go on", async () => {
    const a = await connect();
    const b = await connect();
    await a.query("begin");
    await a.query("insert into t values (3, 'tres')");
    const after = b.query("select count(*)::int as n from t where id = 3");
    a.end().catch(() => {});
    expect((await after).rows).toEqual([{ n: 0 }]);
    const c = await connect();
    await c.query("insert into t values (3, 'tres otra vez')"); // the key is free: nothing was kept
    expect((await b.query("select v from t where id = 3")).rows).toEqual([{ v: "tres otra vez" }]);
  });

  it("shares a named statement between connections (PostgreSQL would refuse the second Parse)", async () => {
    const a = await connect();
    const b = await connect();
    const q = { name: "wire_test_by_id", text: "select v from t where id = $1" };
    expect((await a.query({ ...q, values: [1] })).rows).toEqual([{ v: "uno" }]);
    expect((await b.query({ ...q, values: [3] })).rows).toEqual([{ v: "tres otra vez" }]);
    expect((await b.query({ ...q, values: [1] })).rows).toEqual([{ v: "uno" }]);
    expect((await a.query({ ...q, values: [99] })).rows).toEqual([]);
    // A name reused for another text is still an error, as on PostgreSQL.
    const c = await connect();
    await expect(c.query({ name: "wire_test_by_id", text: "select 1 where $1::int > 0", values: [1] })).rejects.toThrow(/already exists/);
    expect((await c.query("select 1 as uno")).rows).toEqual([{ uno: 1 }]);
  });

  it("an error of one connection does not disturb another's exchange", async () => {
    const a = await connect();
    const b = await connect();
    const [bad, good] = await Promise.allSettled([a.query("select 1/0"), b.query("select $1::text as x", ["bien"])]);
    expect(bad.status).toBe("rejected");
    expect(good).toMatchObject({ status: "fulfilled", value: { rows: [{ x: "bien" }] } });
    expect((await a.query("select 2 as dos")).rows).toEqual([{ dos: 2 }]);
  });

  it("puts back together a message that arrives in many pieces (a 3 MB parameter)", async () => {
    const a = await connect();
    const big = "x".repeat(3 * 1024 * 1024);
    const [r1, r2] = await Promise.all([a.query("select length($1::text) as n", [big]), (await connect()).query("select 7 as siete")]);
    expect(r1.rows).toEqual([{ n: big.length }]);
    expect(r2.rows).toEqual([{ siete: 7 }]);
  });

  it("answers a big result whole", async () => {
    const a = await connect();
    const r = await a.query("select g, repeat('y', 100) as r from generate_series(1, 50000) g");
    expect(r.rows).toHaveLength(50000);
    expect(r.rows[49999]).toEqual({ g: 50000, r: "y".repeat(100) });
  });
});
