// EXPLAIN (ANALYZE, BUFFERS) of GET api/buscar?q=… (the global search: one statement a kind,
// server/services/search/search.ts, as Gerencia, who reads every kind) on a PostgreSQL database
// seeded at BENCH_SCALE (default 10: 20,000 clients, 50,000 quotes), the bench's own data
// (scripts/seed), seeded once and kept: the statements explained are the ones the search runs
// (searchSql), in its transaction settings (sequential scans and JIT off).
//
//   EXPLAIN_DATABASE_URL=postgres://postgres@127.0.0.1:5432/ventanal_x10 npx tsx bench/explain-search.ts [texto…] [--verbose]
//
// The database is created when missing and seeded when empty. Each statement runs 5 times;
// the line shows the median time and the shared buffers of the last run.
import { openDatabase } from "../server/db/connect";
import { runMigrations } from "../server/db/migrate";
import { searchSql } from "../server/services/search/search";
import { seed } from "../scripts/seed";
import { adminQuery } from "../scripts/pg-admin";
import { PgDialect } from "drizzle-orm/pg-core";

const url = process.env.EXPLAIN_DATABASE_URL;
if (!url) throw new Error("EXPLAIN_DATABASE_URL: la base de PostgreSQL a usar (se crea si falta, se carga si está vacía)");
const SCALE = Number(process.env.BENCH_SCALE || 10);
const verbose = process.argv.includes("--verbose");
const texts = process.argv.slice(2).filter((a) => !a.startsWith("--"));

const server = new URL(url);
server.pathname = "/postgres";
try {
  await adminQuery(server.toString(), `create database "${decodeURIComponent(new URL(url).pathname.slice(1))}"`);
} catch (err) {
  if ((err as { code?: string }).code !== "42P04") throw err; // it exists: kept from an earlier run
}

const database = await openDatabase({ databaseUrl: url });
const m0 = performance.now();
await runMigrations(database);
console.log(`migraciones en ${((performance.now() - m0) / 1000).toFixed(1)} s`);
if (Number((await database.pool.query("select count(*)::int as n from presupuestos")).rows[0].n) === 0) {
  const t0 = performance.now();
  await seed(database, { scale: SCALE === 1 ? "bench" : 2000 * SCALE, log: console.log });
  await database.pool.query("vacuum (analyze)");
  console.log(`datos cargados en ${((performance.now() - t0) / 1000).toFixed(1)} s`);
}

const dialect = new PgDialect();
const client = await database.pool.connect();
for (const q of texts.length ? texts : ["muñoz", "edificio", "vidrios", "sin resultados xyz"]) {
  console.log(`\nq=${q}`);
  let total = 0;
  let buffers = 0;
  for (const s of searchSql("Gerencia", q)) {
    const { sql, params } = dialect.sqlToQuery(s.sql);
    const times: number[] = [];
    let plan: string[] = [];
    for (let i = 0; i < 5; i++) {
      await client.query("begin");
      await client.query("select set_config('enable_seqscan', 'off', true), set_config('jit', 'off', true)");
      plan = (await client.query(`explain (analyze, buffers, costs off) ${sql}`, params)).rows.map((r) => String(Object.values(r)[0]));
      await client.query("commit");
      times.push(Number(plan.find((l) => l.startsWith("Execution Time"))!.replace(/[^\d.]/g, "")));
    }
    times.sort((a, b) => a - b);
    const line = plan.find((l) => /Buffers:/.test(l))?.trim() ?? "";
    total += times[2];
    buffers += [...line.matchAll(/(?:hit|read)=(\d+)/g)].reduce((n, m) => n + Number(m[1]), 0);
    console.log(`  ${s.kind.padEnd(15)} ${times[2].toFixed(2).padStart(9)} ms  ${line}`);
    if (verbose) console.log(plan.map((l) => `    ${l}`).join("\n"));
  }
  console.log(`  ${"todos".padEnd(15)} ${total.toFixed(2).padStart(9)} ms  ${buffers} buffers (hit + read)`);
}
client.release();
await database.close();
