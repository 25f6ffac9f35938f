// EXPLAIN ANALYZE of GET api/facturas_estado?estado_pago=<state> (a page of 20 and its capped
// total) at 10× scale: 100,000 invoices made by SQL (generate_series) on a freshly migrated
// PostgreSQL database, with the seed's shape (scripts/seed/operations.ts: more recent documents
// than old ones, older ones mostly paid, a fifth of the suppliers without credit), in seconds
// instead of the 10-minute BENCH_SCALE=10 seed. The statements explained are the ones the
// list itself runs (caught by a Drizzle logger), with their parameters.
//
//   EXPLAIN_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/explain-facturas.ts [--keep] [--verbose]
//
// It creates (and drops, unless --keep) the database `ventanal_facturas_100k` on that server.
import { drizzle } from "drizzle-orm/node-postgres";
import pg from "pg";
import { INVOICE_PAYMENT_STATES } from "../src/domain/operations/invoices";
import { invoicesSql } from "./invoices-sql";
import { openDatabase } from "../server/db/connect";
import { runMigrations } from "../server/db/migrate";
import * as schema from "../server/db/schema";
import { declaredService } from "../server/resources";

const url = process.env.EXPLAIN_DATABASE_URL ?? process.env.DATABASE_URL;
if (!url) throw new Error("EXPLAIN_DATABASE_URL (o DATABASE_URL): el servidor PostgreSQL donde crear la base de prueba");
const NAME = "ventanal_facturas_100k";
const N = Number(process.env.EXPLAIN_INVOICES || 100_000);
const keep = process.argv.includes("--keep");
const verbose = process.argv.includes("--verbose");

const admin = new pg.Client({ connectionString: url });
await admin.connect();
const exists = (await admin.query("select 1 from pg_database where datname = $1", [NAME])).rowCount;
const target = new URL(url);
target.pathname = `/${NAME}`;
if (!exists || process.argv.includes("--fresh")) {
  await admin.query(`drop database if exists ${NAME}`);
  await admin.query(`create database ${NAME}`);
}
const database = await openDatabase({ databaseUrl: target.toString() });
const t0 = performance.now();
await runMigrations(database);
const have = Number((await database.pool.query("select count(*)::int as n from facturas_guias")).rows[0].n);
if (have !== N) {
  await database.pool.query("truncate facturas_guias, proveedores restart identity cascade");
  await database.pool.query(invoicesSql(N));
}
await database.pool.query("analyze facturas_guias; analyze proveedores");
console.log(`${N} facturas listas en ${((performance.now() - t0) / 1000).toFixed(1)} s`);
const split = (await database.pool.query(`select ${INVOICE_PAYMENT_STATES.map((s) => `count(*) filter (where estado = '${s}')::int as "${s}"`).join(", ")} from (select ${"case when lower(trim(coalesce(estado_pago, ''))) = 'pagado' then 'Pagado' when dias_credito = 0 then 'Contado' when fecha + dias_credito < (now() at time zone 'America/Santiago')::date then 'Vencida' else 'Vigente' end"} as estado from facturas_guias) s`)).rows[0];
console.log("por estado:", JSON.stringify(split));

const list = declaredService("facturas_guias").list;
await list.readJson(database.db, list.query.parse({}));
const client = await database.pool.connect();
const orders: Record<string, Record<string, string>> = { "": {}, vencimiento: { _sort: "vencimiento", _order: "asc" } };
for (const [orderName, order] of Object.entries(orders)) {
  for (const estado of INVOICE_PAYMENT_STATES) {
    const seen: { sql: string; params: unknown[] }[] = [];
    const spy = drizzle(database.pool, { schema, logger: { logQuery: (q, p) => void seen.push({ sql: q, params: p }) } });
    await list.readJson(spy, list.query.parse({ estado_pago: estado, _start: "0", _end: "20", ...order }));
    for (const [i, s] of seen.filter((x) => /\bfacturas_guias\b/.test(x.sql)).entries()) {
      const plan = (await client.query(`explain (analyze, buffers, costs off) ${s.sql}`, s.params)).rows.map((r) => String(Object.values(r)[0]));
      const exec = plan.find((l) => l.startsWith("Execution Time"));
      const scans = plan.filter((l) => /Scan/.test(l)).map((l) => l.trim().replace(/^->\s*/, "").replace(/\s*\(actual.*$/, ""));
      console.log(`${estado.padEnd(8)} ${(orderName || "fecha desc").padEnd(16)} ${i === 0 ? "página" : "total "}  ${exec?.replace("Execution Time: ", "").padStart(12)}  ${scans.join(" | ")}`);
      if (verbose) console.log(plan.map((l) => `    ${l}`).join("\n"));
    }
  }
}
client.release();
await database.close();
if (!keep) await admin.query(`drop database ${NAME}`);
await admin.end();
