// `npm run drill:backup`: bench-scale data (BACKUP_SCALE: "bench" by default, a number of
// clients for a smaller run) seeded into a new PGlite directory; then, with the real
// commands (`npm run backup`, `npm run restore`, as child processes):
//   PGlite → backup → restore into an empty PGlite and into an empty PostgreSQL database
//   PostgreSQL → backup → restore into an empty PGlite (and back)
// Every copy must have the same row count and the same checksum (md5 of its rows in a
// fixed order) of every table as the original. Timings are printed for docs/pruebas.md.
// Then the online backups the running server takes (server/services/respaldos):
//   - on PGlite and on PostgreSQL, a writer inserting rows one after another while the
//     server backs up: the backup, restored, holds every row acknowledged before its
//     snapshot and none sent after it, with no gap, and every other table equal;
//   - kill -9 of a server in the middle of a backup (asked by `npm run backup`, which the
//     running server takes): the previous backup still verifies, nothing but *.tmp is left,
//     and the restarted server removes it and takes the missed scheduled backup.
// PostgreSQL: DRILL_DATABASE_URL, else TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/postgres
// (a server where a database can be created and dropped).
import { spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { adminQuery } from "../pg-admin";
import { openDatabase } from "../../server/db/connect";
import { runMigrations } from "../../server/db/migrate";
import { seed, type Scale } from "../seed";
import { start } from "../../server/main";
import type { Config } from "../../server/config";
import { verifyBackup } from "../../server/services/respaldos/verify";
import { LOCAL_ACCESS_FILE, readLocalBackupAccess } from "../../server/services/respaldos/local-access";
import { LOCAL_HEADER } from "../../server/routes/respaldos";
import { santiagoParts } from "../../src/domain/dates";

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
function run(script: "backup" | "restore", file: string, target: Target, extraEnv: Record<string, string> = {}): number {
  const env = { ...process.env, DATA_DIR: "dataDir" in target ? target.dataDir : "", DATABASE_URL: "databaseUrl" in target ? target.databaseUrl : "", LOG_LEVEL: "warn", ...extraEnv };
  const started = performance.now();
  const r = spawnSync(process.execPath, ["--import", "tsx", `scripts/${script}.ts`, file], { cwd: root, env, encoding: "utf8" });
  const ms = performance.now() - started;
  if (r.status !== 0) throw new Error(`npm run ${script} falló (${r.status}):\n${r.stdout}\n${r.stderr}`);
  console.log(`  ${r.stdout.trim()}`);
  return ms;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * A running server backs up while a writer inserts clientes one at a time; the restored
 * backup is the database as of the snapshot. Answers the problems found and the figures.
 */
async function onlineCase(label: string, work: string, target: Target): Promise<{ problems: string[]; figures: [string, number][] }> {
  const backupDir = path.join(work, `respaldos-${label}`);
  const cfg: Partial<Config> =
    "dataDir" in target ? { dataDir: target.dataDir, databaseUrl: undefined } : { databaseUrl: target.databaseUrl, dataDir: path.join(work, `datos-${label}`) };
  const server = await start({ config: { ...cfg, port: 0, host: "127.0.0.1", logLevel: "warn", webDir: undefined, backup: { dir: backupDir } }, handleSignals: false });
  const acks: { n: number; sent: number; acked: number }[] = [];
  let stop = false;
  let n = 0;
  const writer = (async () => {
    while (!stop) {
      const i = ++n;
      const sent = performance.now();
      await server.database.pool.query("insert into clientes (nombre) values ($1)", [`simulacro-${i}`]);
      acks.push({ n: i, sent, acked: performance.now() });
    }
  })();
  await sleep(300);
  const t0 = performance.now();
  const row = await server.app.backups.start("simulacro");
  const total = performance.now() - t0;
  stop = true;
  await writer;
  const snap = server.app.backups.lastSnapshot!;
  const held = server.app.backups.lastHeldMs;
  const heldCopy = server.app.backups.lastHeldCopy;
  await server.stop();
  const problems: string[] = [];
  if (row.verificacion !== "verificado") problems.push(`${label}: la verificación del servidor dice ${row.verificacion}: ${row.verificacion_mensaje}`);
  const live = await fingerprint(target);
  const copy = { dataDir: path.join(work, `restaurado-${label}`) };
  run("restore", path.join(backupDir, row.archivo), copy);
  const restored = await fingerprint(copy);
  const database = await openDatabase(copy);
  const present = new Set<number>(
    (await database.pool.query("select nombre from clientes where nombre like 'simulacro-%'")).rows.map((r: { nombre: string }) => Number(r.nombre.slice("simulacro-".length))),
  );
  await database.close();
  const k = present.size;
  for (let i = 1; i <= k; i++) if (!present.has(i)) problems.push(`${label}: falta la fila ${i} de ${k} (el respaldo no es una sola foto)`);
  const before = acks.filter((a) => a.acked < snap.from);
  const after = acks.filter((a) => a.sent > snap.to);
  for (const a of before) if (!present.has(a.n)) problems.push(`${label}: falta la fila ${a.n}, confirmada antes de la foto`);
  for (const a of after) if (present.has(a.n)) problems.push(`${label}: está la fila ${a.n}, enviada después de la foto`);
  const liveClientes = live.get("public.clientes")!;
  const restoredClientes = restored.get("public.clientes")!;
  if (restoredClientes.rows !== liveClientes.rows - (acks.length - k)) problems.push(`${label}: clientes restaurados ${restoredClientes.rows}, se esperaban ${liveClientes.rows - (acks.length - k)}`);
  live.delete("public.clientes");
  restored.delete("public.clientes");
  problems.push(...compare(`${label} en línea`, live, restored));
  console.log(
    `  ${label}: ${acks.length} filas escritas durante el respaldo (${before.length} antes de la foto, ${after.length} después); el respaldo tiene ${k}, sin huecos. ${row.archivo}: ${(row.bytes / 1024 / 1024).toFixed(1)} MiB, respaldo ${seconds(row.duracion_ms ?? 0)}, verificación ${seconds(row.verificacion_ms ?? 0)}${held === null ? "" : `; solicitudes detenidas ${held.toFixed(0)} ms por la foto de PGlite${heldCopy ? ` (última pasada: ${heldCopy.files} archivo(s), ${(heldCopy.bytes / 1024).toFixed(0)} KiB)` : ""}`}`,
  );
  return {
    problems,
    figures: [
      [`respaldo en línea ${label} (foto + SQL.gz)`, row.duracion_ms ?? 0],
      [`verificación ${label} (restaurar en PGlite en memoria y comparar)`, row.verificacion_ms ?? 0],
      [`respaldo en línea ${label}, total con verificación`, total],
    ],
  };
}

/** A server in a child process (as `npm start`), on `dataDir` and `backupDir`. */
function serverProcess(dataDir: string, backupDir: string, extraEnv: Record<string, string> = {}) {
  fs.rmSync(path.join(dataDir, LOCAL_ACCESS_FILE), { force: true });
  const child = spawn(process.execPath, ["--import", "tsx", "server/main.ts"], {
    cwd: root,
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "", BACKUP_DIR: backupDir, PORT: "0", HOST: "127.0.0.1", LOG_LEVEL: "warn", WEB_DIR: "", ...extraEnv },
    stdio: ["ignore", "inherit", "inherit"],
  });
  const up = (async () => {
    for (let i = 0; i < 1200 && !readLocalBackupAccess(dataDir); i++) await sleep(250);
    if (!readLocalBackupAccess(dataDir)) throw new Error("el servidor no arrancó");
  })();
  return { child, up };
}

const completeBackups = (dir: string) => fs.readdirSync(dir).filter((f) => f.endsWith(".sql.gz"));
const leftovers = (dir: string) => fs.readdirSync(dir).filter((f) => f.endsWith(".tmp"));

/** kill -9 in the middle of a backup, then start again (PGlite). */
async function killCase(work: string, dataDir: string): Promise<string[]> {
  const problems: string[] = [];
  const backupDir = path.join(work, "respaldos-kill");
  let s = serverProcess(dataDir, backupDir);
  await s.up;
  run("backup", "", { dataDir }, { BACKUP_DIR: backupDir }); // npm run backup: the running server takes it
  const [previous] = completeBackups(backupDir);
  if (!previous) return ["kill -9: npm run backup no dejó respaldo"];
  const access = readLocalBackupAccess(dataDir)!;
  void fetch(`${access.url}/api/respaldos/local`, { method: "POST", headers: { [LOCAL_HEADER]: access.token, "content-type": "application/json" }, body: "{}" }).catch(() => {});
  for (let i = 0; i < 400 && leftovers(backupDir).length === 0; i++) await sleep(50);
  const during = leftovers(backupDir);
  s.child.kill("SIGKILL");
  await new Promise((r) => s.child.once("exit", r));
  await sleep(2000); // its child process sees the closed pipe and goes
  console.log(`  kill -9 durante el respaldo (archivos a medias: ${during.join(", ") || "ninguno visto"}); completos: ${completeBackups(backupDir).join(", ")}`);
  if (completeBackups(backupDir).length !== 1) problems.push(`kill -9: quedaron ${completeBackups(backupDir).length} respaldos completos, se esperaba solo el anterior`);
  const check = await verifyBackup(path.join(backupDir, previous));
  if (!check.ok) problems.push(`kill -9: el respaldo anterior ya no verifica: ${check.mensaje}`);
  // Start again with the daily hour set to the current minute: the backup of that hour is missing, so it runs.
  const prevDate = fs.statSync(path.join(backupDir, previous)).mtimeMs;
  while (Math.floor(Date.now() / 60_000) * 60_000 <= prevDate + 1000) await sleep(1000);
  const p = santiagoParts(new Date());
  const hora = `${String(p.hour).padStart(2, "0")}:${String(p.minute).padStart(2, "0")}`;
  const t0 = performance.now();
  s = serverProcess(dataDir, backupDir, { BACKUP_HORA: hora, BACKUP_CATCH_UP_MS: "500" });
  await s.up;
  if (leftovers(backupDir).some((f) => during.includes(f))) problems.push("kill -9: el servidor no borró los restos al iniciar");
  let verified: string | undefined;
  for (let i = 0; i < 2400 && !verified; i++) {
    await sleep(250);
    verified = completeBackups(backupDir).find((f) => f !== previous && fs.existsSync(path.join(backupDir, `${f}.json`)) && JSON.parse(fs.readFileSync(path.join(backupDir, `${f}.json`), "utf8")).verificacion === "verificado");
  }
  s.child.kill("SIGTERM");
  await new Promise((r) => s.child.once("exit", r));
  if (!verified) problems.push("kill -9: al reiniciar no se tomó el respaldo programado que faltaba");
  else console.log(`  reinicio: restos borrados, respaldo programado ${verified} tomado y verificado en ${seconds(performance.now() - t0)}`);
  if (leftovers(backupDir).length) problems.push(`kill -9: quedan archivos a medias: ${leftovers(backupDir).join(", ")}`);
  return problems;
}

/** DRILL_ONLY=kill: only the kill -9 case, on a new PGlite with BACKUP_SCALE data. */
async function killOnly() {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), "ventanal-respaldo-kill-"));
  try {
    const dataDir = path.join(work, "datos");
    const database = await openDatabase({ dataDir });
    await runMigrations(database);
    await seed(database, { scale, log: () => {} });
    await database.close();
    const problems = await killCase(work, dataDir);
    for (const p of problems) console.error(`✗ ${p}`);
    if (problems.length) process.exit(1);
    console.log("OK: kill -9 durante un respaldo: el anterior intacto, sin archivos a medias, el programado se tomó al reiniciar.");
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}

async function main() {
  if (process.env.DRILL_ONLY === "kill") return killOnly();
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

    console.log("Respaldos en línea (el servidor en marcha, con escrituras durante el respaldo):");
    for (const [label, target] of [["PGlite", pglite2], ["PostgreSQL", postgres]] as const) {
      const online = await onlineCase(label, work, target);
      problems.push(...online.problems);
      times.push(...online.figures);
    }
    console.log("kill -9 durante un respaldo (PGlite, servidor en un proceso aparte):");
    problems.push(...(await killCase(work, pglite3.dataDir)));
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
  console.log("\nOK: las tres copias tienen los mismos conteos y checksums de cada tabla que el original; los respaldos en línea son la base a la hora de su foto; tras kill -9 el respaldo anterior sigue intacto y el programado se toma al reiniciar.");
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
