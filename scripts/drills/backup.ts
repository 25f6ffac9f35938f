// `npm run drill:backup`: bench-scale data (BACKUP_SCALE: "bench" by default, a number of
// clients for a smaller run) seeded into a new PGlite directory; then, with the real
// commands (`npm run backup`, `npm run restore`, as child processes):
//   PGlite → backup → restore into an empty PGlite and into an empty PostgreSQL database
//   PostgreSQL → backup → restore into an empty PGlite (and back)
// Every copy must have the same row count and the same checksum (md5 of its rows in a
// fixed order) of every table as the original. Timings are printed for docs/pruebas.md.
// PostgreSQL: DRILL_DATABASE_URL, else TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/postgres
// (a server where a database can be created and dropped).
import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { adminQuery } from "../pg-admin";
import { openDatabase } from "../../server/db/connect";
import { runMigrations } from "../../server/db/migrate";
import { seed, type Scale } from "../seed";

const root = path.resolve(import.meta.dirname, "../..");
const scaleEnv = process.env.BACKUP_SCALE ?? "bench";
const scale: Scale = scaleEnv === "bench" || scaleEnv === "demo" ? scaleEnv : Number(scaleEnv);
const pgUrl = process.env.DRILL_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

type Fingerprint = Map<string, { rows: number; md5: string }>;
type Target = { dataDir: string } | { databaseUrl: string };

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

async function fingerprint(target: Target): Promise<Fingerprint> {
  const database = await openDatabase(target);
  try {
    const q = async (sql: string) => (await database.pool.query(sql)).rows;
    // The same text for a timestamp on both engines.
    await q("set timezone = 'UTC'");
    const tables = await q(
      // cambios_tabla: the caches' change counters are not data (never dumped, see backup-lib.ts).
      "select schemaname as s, tablename as t from pg_tables where schemaname not in ('pg_catalog', 'information_schema') and not (schemaname = 'public' and tablename = 'cambios_tabla') order by 1, 2",
    );
    const out: Fingerprint = new Map();
    for (const { s, t } of tables) {
      const name = `"${s}"."${t}"`;
      const [r] = await q(`select count(*)::int as rows, md5(coalesce(string_agg(x::text, E'\\n' order by x::text), '')) as md5 from ${name} x`);
      out.set(`${s}.${t}`, r);
    }
    return out;
  } finally {
    await database.close();
  }
}

function compare(label: string, a: Fingerprint, b: Fingerprint): string[] {
  const problems: string[] = [];
  for (const [table, x] of a) {
    const y = b.get(table);
    if (!y) problems.push(`${label}: falta la tabla ${table}`);
    else if (x.rows !== y.rows) problems.push(`${label}: ${table} tiene ${y.rows} filas, el original ${x.rows}`);
    else if (x.md5 !== y.md5) problems.push(`${label}: ${table} tiene otro contenido (checksum)`);
  }
  for (const table of b.keys()) if (!a.has(table)) problems.push(`${label}: tabla de más ${table}`);
  return problems;
}

/** Runs `npm run backup|restore` as the user would (tsx script), timed. */
function run(script: "backup" | "restore", file: string, target: Target): number {
  const env = { ...process.env, DATA_DIR: "dataDir" in target ? target.dataDir : "", DATABASE_URL: "databaseUrl" in target ? target.databaseUrl : "", LOG_LEVEL: "warn" };
  const started = performance.now();
  const r = spawnSync(process.execPath, ["--import", "tsx", `scripts/${script}.ts`, file], { cwd: root, env, encoding: "utf8" });
  const ms = performance.now() - started;
  if (r.status !== 0) throw new Error(`npm run ${script} falló (${r.status}):\n${r.stdout}\n${r.stderr}`);
  console.log(`  ${r.stdout.trim()}`);
  return ms;
}


async function main() {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), "ventanal-respaldo-"));
  const dbName = `ventanal_drill_${randomBytes(4).toString("hex")}`;
  const dbUrl = (() => {
    const u = new URL(pgUrl);
    u.pathname = `/${dbName}`;
    return u.toString();
  })();
  const source = { dataDir: path.join(work, "origen") };
  const times: [string, number][] = [];
  const problems: string[] = [];
  try {
    console.log(`Simulacro de respaldo: escala ${scaleEnv}, carpeta ${work}`);
    let t0 = performance.now();
    const database = await openDatabase(source);
    await runMigrations(database);
    const counts = await seed(database, { scale, log: () => {} });
    await database.close();
    const rows = Object.values(counts).reduce((s, n) => s + n, 0);
    times.push([`datos de prueba (${rows.toLocaleString("es-CL")} filas)`, performance.now() - t0]);
    t0 = performance.now();
    const original = await fingerprint(source);
    times.push(["conteos y checksums de todas las tablas", performance.now() - t0]);
    const totalRows = [...original.values()].reduce((s, x) => s + x.rows, 0);
    console.log(`  ${original.size} tablas, ${totalRows.toLocaleString("es-CL")} filas`);

    const fromPglite = path.join(work, "desde-pglite.sql");
    times.push(["npm run backup (PGlite)", run("backup", fromPglite, source)]);
    console.log(`  archivo: ${(fs.statSync(fromPglite).size / 1024 / 1024).toFixed(1)} MiB`);

    const pglite2 = { dataDir: path.join(work, "copia-pglite") };
    times.push(["npm run restore → PGlite vacía", run("restore", fromPglite, pglite2)]);
    problems.push(...compare("PGlite → PGlite", original, await fingerprint(pglite2)));

    await adminQuery(pgUrl, `create database ${dbName}`);
    const postgres = { databaseUrl: dbUrl };
    times.push(["npm run restore → PostgreSQL vacía", run("restore", fromPglite, postgres)]);
    problems.push(...compare("PGlite → PostgreSQL", original, await fingerprint(postgres)));

    const fromPostgres = path.join(work, "desde-postgresql.sql");
    times.push(["npm run backup (PostgreSQL)", run("backup", fromPostgres, postgres)]);
    const pglite3 = { dataDir: path.join(work, "vuelta-pglite") };
    times.push(["npm run restore PostgreSQL → PGlite vacía", run("restore", fromPostgres, pglite3)]);
    problems.push(...compare("PostgreSQL → PGlite", original, await fingerprint(pglite3)));
  } finally {
    await adminQuery(pgUrl, `drop database if exists ${dbName} with (force)`).catch(() => {});
    fs.rmSync(work, { recursive: true, force: true });
  }
  console.log("\n| Paso | Tiempo |\n|---|---|");
  for (const [step, ms] of times) console.log(`| ${step} | ${seconds(ms)} |`);
  if (problems.length) {
    for (const p of problems) console.error(`✗ ${p}`);
    console.error(`FALLÓ: ${problems.length} diferencia(s).`);
    process.exit(1);
  }
  console.log("\nOK: las tres copias tienen los mismos conteos y checksums de cada tabla que el original.");
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
