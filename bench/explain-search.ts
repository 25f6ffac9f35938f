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
import { searchSql } from "../server/services/search/search";
import { PgDialect } from "drizzle-orm/pg-core";
import { openExplainDatabase } from "./explain-database";

const verbose = process.argv.includes("--verbose");
const texts = process.argv.slice(2).filter((a) => !a.startsWith("--"));

const database = await openExplainDatabase("presupuestos");

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
