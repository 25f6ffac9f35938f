// EXPLAIN (ANALYZE, BUFFERS) of GET api/ordenes_compra_estado?q=… (a page of 20 and its capped
// total, and the statement that tells a common text from a rare one) on a PostgreSQL database
// seeded at BENCH_SCALE (default 10: 100,000 orders, 600,000 items, 50,000 products), the
// bench's own data (scripts/seed), seeded once and kept: the statements explained are the ones
// the list itself runs (caught by a Drizzle logger), with their parameters.
//
//   EXPLAIN_DATABASE_URL=postgres://postgres@127.0.0.1:5432/ventanal_ordenes_x10 npx tsx bench/explain-ordenes.ts [texto…] [--verbose]
//
// The database is created when missing and seeded when empty. Each statement runs 5 times;
// the line shows the median time and the shared buffers of the last run.
import { drizzle } from "drizzle-orm/node-postgres";
import * as schema from "../server/db/schema";
import { ordenesEstadoList } from "../server/services/purchasing/list-ordenes";
import { openExplainDatabase } from "./explain-database";

const verbose = process.argv.includes("--verbose");
const texts = process.argv.slice(2).filter((a) => !a.startsWith("--"));

const database = await openExplainDatabase("ordenes_compra");

const list = ordenesEstadoList;
await list.readJson(database.db, list.query.parse({}));
const client = await database.pool.connect();
const queries: Record<string, string>[] = [];
for (const q of texts.length ? texts : ["vidrio"]) {
  queries.push({ estado: "COMPLETA", q }, { q }, { estado: "PENDIENTE", q }, { q, _sort: "fecha", _order: "desc" });
}
for (const query of queries) {
  const seen: { sql: string; params: unknown[] }[] = [];
  const spy = drizzle(database.pool, { schema, logger: { logQuery: (q, p) => void seen.push({ sql: q, params: p }) } });
  const answer = await list.readJson(spy, list.query.parse({ ...query, _start: "0", _end: "20" }));
  console.log(`\n${JSON.stringify(query)}: total ${answer.total}${answer.capped ? " (acotado)" : ""}`);
  for (const s of seen.filter((x) => /\bordenes_compra\b/.test(x.sql))) {
    const what = /row_to_json/.test(s.sql) ? "página" : /^select count\(\*\)/.test(s.sql) ? "total " : "sondeo";
    const times: number[] = [];
    let plan: string[] = [];
    for (let i = 0; i < 5; i++) {
      // The probe runs with sequential scans off (list-ordenes.ts, isCommon).
      if (what === "sondeo") await client.query("begin; set local enable_seqscan = off");
      plan = (await client.query(`explain (analyze, buffers, costs off) ${s.sql}`, s.params)).rows.map((r) => String(Object.values(r)[0]));
      if (what === "sondeo") await client.query("commit");
      times.push(Number(plan.find((l) => l.startsWith("Execution Time"))!.replace(/[^\d.]/g, "")));
    }
    times.sort((a, b) => a - b);
    const buffers = plan.find((l) => /Buffers:/.test(l))?.trim() ?? "";
    console.log(`  ${what}  ${times[2].toFixed(2).padStart(9)} ms  ${buffers}`);
    if (verbose) console.log(plan.map((l) => `    ${l}`).join("\n"));
  }
}
client.release();
await database.close();
