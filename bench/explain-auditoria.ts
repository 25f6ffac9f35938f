// EXPLAIN (ANALYZE, BUFFERS) of the «Historial de cambios» bench cases (GET api/auditoria: the
// newest 50, a record's 20, one week's 50; each page and its total) on a PostgreSQL database
// seeded at BENCH_SCALE (default 10) with the bench's data (scripts/seed) and the bench's
// audit rows (bench/cases/search.ts: 200,000 × BENCH_SCALE), seeded once and kept: the
// statements explained are the ones the list runs (caught by a Drizzle logger), with their
// parameters, plus the two every request runs (the session lookup and the tables' versions).
//
//   EXPLAIN_DATABASE_URL=postgres://postgres@127.0.0.1:5432/ventanal_auditoria_x10 npx tsx bench/explain-auditoria.ts [--verbose]
//
// The database is created when missing and seeded when empty. Each statement runs 5 times;
// the line shows the median time and the shared buffers of the last run.
import { drizzle } from "drizzle-orm/node-postgres";
import * as schema from "../server/db/schema";
import { auditoriaList } from "../server/services/auditoria/list-auditoria";
import { manyAuditRows } from "./cases/search";
import { EXPLAIN_SCALE, openExplainDatabase } from "./explain-database";

const verbose = process.argv.includes("--verbose");

const database = await openExplainDatabase("clientes");
await manyAuditRows({ database }, EXPLAIN_SCALE);
const [{ n }] = (await database.pool.query("select count(*)::int as n from auditoria")).rows as { n: number }[];
console.log(`escala ${EXPLAIN_SCALE}: ${n.toLocaleString("es-CL")} filas de auditoría`);

const list = auditoriaList;
await list.readJson(database.db, list.query.parse({}));
const client = await database.pool.connect();
const queries = [
  { _start: "0", _end: "50" },
  { entidad: "clientes", entidad_id: "1501", _start: "0", _end: "20" },
  { fecha_gte: "2026-01-05", fecha_lt: "2026-01-12", _start: "0", _end: "50" },
];
async function explain(what: string, text: string, params: unknown[]): Promise<void> {
  const times: number[] = [];
  let plan: string[] = [];
  for (let i = 0; i < 5; i++) {
    plan = (await client.query(`explain (analyze, buffers, costs off) ${text}`, params)).rows.map((r) => String(Object.values(r)[0]));
    times.push(Number(plan.find((l) => l.startsWith("Execution Time"))!.replace(/[^\d.]/g, "")));
  }
  times.sort((a, b) => a - b);
  const buffers = plan.find((l) => /Buffers:/.test(l))?.trim() ?? "";
  console.log(`  ${what}  ${times[2].toFixed(2).padStart(9)} ms  ${buffers}`);
  if (verbose) console.log(plan.map((l) => `    ${l}`).join("\n"));
}
for (const query of queries) {
  const seen: { sql: string; params: unknown[] }[] = [];
  const spy = drizzle(database.pool, { schema, logger: { logQuery: (q, p) => void seen.push({ sql: q, params: p }) } });
  const answer = await list.readJson(spy, list.query.parse(query));
  console.log(`\n${JSON.stringify(query)}: ${(JSON.parse(answer.json) as unknown[]).length} filas, total ${answer.total}${answer.capped ? " (acotado)" : ""}`);
  for (const s of seen) await explain(/^select (count\(\*\)|coalesce\(sum\(filas\))/.test(s.sql) ? "total " : "página", s.sql, s.params);
}
// What every request runs besides its list (server/services/auth/session.ts, server/lists/cache.ts).
console.log("\ncada solicitud:");
await explain("versiones", "select string_agg(tabla || ':' || v, ',') from (select tabla, sum(version) as v from cambios_tabla group by tabla) s", []);
await explain(
  "sesión   ",
  `select u.id, u.nombre, u.correo, u.rol from sesiones s join usuarios u on u.id = s.usuario_id
   where s.token_hash = $1 and s.revocada_en is null and s.expira_en > $2 and u.activo limit 1`,
  ["x".repeat(64), new Date()],
);
client.release();
await database.close();
