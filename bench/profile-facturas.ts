// What one rebuild of the whole GET api/facturas_estado costs after a one-row write (the
// bench case "todo, escrituras en curso"), measured without HTTP: N invoices made by SQL,
// then R rounds of { one update of invoice 1, the whole list's answer, its gzip }, one at a
// time, with the wall time, the process's CPU time (PGlite's worker thread included) and
// the time spent in the database statements.
//
//   npx tsx bench/profile-facturas.ts                       (PGlite in memory)
//   PROFILE_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/profile-facturas.ts
import pg from "pg";
import { invoicesSql } from "./invoices-sql";
import { openDatabase, type Database } from "../server/db/connect";
import { runMigrations } from "../server/db/migrate";
import { declaredService } from "../server/resources";
import { todayInSantiago } from "../src/domain/dates/dates";

const N = Number(process.env.PROFILE_INVOICES || 10_000);
const ROUNDS = Number(process.env.PROFILE_ROUNDS || 40);
const url = process.env.PROFILE_DATABASE_URL;
const NAME = "ventanal_facturas_profile";

let database: Database;
if (url) {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`drop database if exists ${NAME}`);
  await admin.query(`create database ${NAME}`);
  await admin.end();
  const target = new URL(url);
  target.pathname = `/${NAME}`;
  database = await openDatabase({ databaseUrl: target.toString() });
} else {
  database = await openDatabase({ dataDir: "memory://" });
}
await runMigrations(database);
await database.pool.query(invoicesSql(N, { observacion: true }));

// Time inside the statements the list runs (db.execute and the query builder's).
let dbMs = 0;
let statements = 0;
const each: string[] = [];
let biggest: { ms: number; args: unknown[] } = { ms: 0, args: [] };
const pool = database.pool as unknown as { query: (...a: unknown[]) => Promise<unknown> };
const query = pool.query.bind(pool);
pool.query = async (...a: unknown[]) => {
  const t = performance.now();
  try {
    return await query(...a);
  } finally {
    dbMs += performance.now() - t;
    statements += 1;
    if (performance.now() - t > biggest.ms) biggest = { ms: performance.now() - t, args: a };
    if (process.env.PROFILE_VERBOSE) each.push(`${(performance.now() - t).toFixed(1)} ms ${String((a[0] as { text?: string }).text ?? a[0]).slice(0, 60).replace(/\s+/g, " ")}`);
  }
};

const list = declaredService("facturas_guias");
const answer = async () => {
  const a = await list.answer(database.db, {});
  await a.gzip();
  return a;
};
const first = await answer();
console.log(`${N} facturas; respuesta entera ${(first.body.length / 1e6).toFixed(2)} MB, gzip ${((await first.gzip()).length / 1e3).toFixed(0)} KB; ${database.kind}; hoy ${todayInSantiago()}`);

const rounds: { wall: number; cpu: number; db: number; n: number }[] = [];
for (let i = 0; i < ROUNDS; i++) {
  await query("update facturas_guias set observacion = observacion where id = 1");
  dbMs = 0;
  statements = 0;
  biggest = { ms: 0, args: [] };
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  await answer();
  const wall = performance.now() - t0;
  const c = process.cpuUsage(c0);
  rounds.push({ wall, cpu: (c.user + c.system) / 1000, db: dbMs, n: statements });
  if (process.env.PROFILE_VERBOSE && i >= ROUNDS - 2) console.log(each.splice(0).join("\n"));
  each.length = 0;
}
const med = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const k = (f: (r: (typeof rounds)[number]) => number) => med(rounds.slice(3).map(f)).toFixed(1);
console.log(`reconstrucción (mediana de ${ROUNDS - 3}): pared ${k((r) => r.wall)} ms, CPU del proceso ${k((r) => r.cpu)} ms, en sentencias ${k((r) => r.db)} ms, ${k((r) => r.n)} sentencias`);
if (process.env.PROFILE_EXPLAIN) {
  const [q] = biggest.args as [{ text: string; values: unknown[] } | string, unknown[]?];
  const text = typeof q === "string" ? q : q.text;
  const values = (biggest.args[1] as unknown[] | undefined) ?? (typeof q === "string" ? [] : q.values);
  const times: number[] = [];
  for (let i = 0; i < 12; i++) {
    const plan = (await query(`explain (analyze, timing off, costs off) ${text}`, values)) as { rows: Record<string, string>[] };
    const lines = plan.rows.map((r) => String(Object.values(r)[0]));
    const ms = (label: string) => Number(lines.find((l) => l.startsWith(label))?.replace(/[^0-9.]/g, "") ?? NaN);
    times.push(ms("Planning Time") + ms("Execution Time"));
    if (i === 0 && process.env.PROFILE_VERBOSE) console.log(lines.map((l) => l.slice(0, 160)).join("\n"));
  }
  times.sort((a, b) => a - b);
  console.log(`sentencia de la reconstrucción (EXPLAIN ANALYZE sin tiempos por nodo, 12 veces): mínimo ${times[0].toFixed(1)} ms, mediana ${times[6].toFixed(1)} ms (planificación incluida)`);
}
await database.close();
if (url) {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`drop database if exists ${NAME}`);
  await admin.end();
}
