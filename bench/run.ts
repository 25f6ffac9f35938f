// `npm run bench`: the app in-process on a fresh PGlite (and on a fresh database of the
// DATABASE_URL server when given), bench-scale data (BENCH_SCALE=10: ten times as much),
// then every case of bench/cases/ under load from a separate autocannon process (10
// connections, BENCH_DURATION seconds, default 10). Prints one table with the targets and
// the PGlite/PostgreSQL ratio, then the web bundle size.
//
// Other work on the machine skews every figure: before each database's cases the run
// waits (BENCH_LOAD_WAIT seconds, default 120) for the 1-minute load average to fall to
// 1.5; above it, the table prints the figures but judges none ("carga alta: no se juzga").
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { gzipSync } from "node:zlib";
import { acquireDataDirLock, DataDirInUseError } from "../server/db/lock";
import { start } from "../server/main";
import { DEMO_PASSWORD, demoEmail, seed, type Scale } from "../scripts/seed";
import { adminQuery } from "../scripts/pg-admin";
import type { Role } from "../src/domain/roles/roles";
import type { BenchCase, BenchContext } from "./case";
import type { LoadJob, LoadResult } from "./load";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const SECONDS = Number(process.env.BENCH_DURATION || 10);
if (!(SECONDS > 0)) throw new Error(`BENCH_DURATION debe ser un número de segundos mayor que 0 (recibido: ${process.env.BENCH_DURATION})`);
const CONNECTIONS = 10;
const WARMUP_SECONDS = Math.min(2, SECONDS);
const BUNDLE_BUDGET_KB = 200;
const OVER = "SOBRE EL LÍMITE";
/** A page of a list may cost at most this many times more on PGlite than on PostgreSQL. */
const MAX_PGLITE_RATIO = 2;
const OVER_RATIO = `SOBRE ${MAX_PGLITE_RATIO}×`;
/** Above this 1-minute load average the figures are printed but not judged. */
const MAX_LOAD = 1.5;
const NOT_JUDGED = "carga alta: no se juzga";
const LOAD_WAIT_SECONDS = Number(process.env.BENCH_LOAD_WAIT ?? 120);
/** BENCH_SCALE=n: n times the bench data (2,000 × n clients and everything in proportion). */
const SCALE_FACTOR = Number(process.env.BENCH_SCALE || 1);
if (!Number.isInteger(SCALE_FACTOR) || SCALE_FACTOR < 1) throw new Error(`BENCH_SCALE debe ser un entero mayor o igual a 1 (recibido: ${process.env.BENCH_SCALE})`);
const SCALE: Scale = SCALE_FACTOR === 1 ? "bench" : 2000 * SCALE_FACTOR;
const SCALE_TEXT = SCALE_FACTOR === 1 ? "escala bench" : `escala bench ×${SCALE_FACTOR}`;

interface Row {
  endpoint: string;
  database: string;
  median?: number;
  p99?: number;
  rps?: number;
  target: string;
  verdict: string;
  /** A page of a list (its PGlite/PostgreSQL ratio is judged). */
  paged?: boolean;
  /** PGlite's median over PostgreSQL's (on the PostgreSQL row, when both ran). */
  ratio?: string;
  /** The targets were not judged: the machine was busy. */
  unjudged?: boolean;
}

interface DatabaseRun {
  label: string;
  rows: Row[];
  /** 1-minute load average when its cases started. */
  load: number;
  seedMs: number;
}

/** Things to undo even when the run is interrupted (temporary data, bench database). */
const cleanups: (() => Promise<void>)[] = [];
async function cleanup(): Promise<void> {
  while (cleanups.length) await cleanups.pop()!().catch((err) => console.error(err));
}
/** Registers an undo step; calling the returned function runs it now instead. */
function onCleanup(undo: () => Promise<void>): () => Promise<void> {
  cleanups.push(undo);
  return async () => {
    cleanups.splice(cleanups.indexOf(undo), 1);
    await undo();
  };
}

async function loadCases(): Promise<BenchCase[]> {
  const dir = path.join(ROOT, "bench", "cases");
  const files = fs.readdirSync(dir).filter((f) => f.endsWith(".ts")).sort((a, b) => (a === "core.ts" ? -1 : b === "core.ts" ? 1 : a.localeCompare(b)));
  const all: BenchCase[] = [];
  for (const f of files) all.push(...((await import(pathToFileURL(path.join(dir, f)).href)) as { cases: BenchCase[] }).cases);
  // BENCH_ONLY=texto[,texto…]: only the cases whose name contains one of the texts (e.g. "ot_pautas,stock-reservado").
  const only = process.env.BENCH_ONLY?.split(",").filter(Boolean);
  return only?.length ? all.filter((c) => only.some((t) => c.name.includes(t))) : all;
}

function runLoad(job: LoadJob): Promise<LoadResult> {
  // A big body (a 10,000-line CSV batch) does not fit on a command line: the job goes in a
  // temporary file then, named by "@path".
  let arg = JSON.stringify(job);
  let jobFile: string | null = null;
  if (arg.length > 64 * 1024) {
    jobFile = path.join(os.tmpdir(), `ventanal-bench-${process.pid}-${randomBytes(4).toString("hex")}.json`);
    fs.writeFileSync(jobFile, arg);
    arg = `@${jobFile}`;
  }
  const removeJobFile = () => {
    if (jobFile) fs.rmSync(jobFile, { force: true });
  };
  return new Promise<LoadResult>((resolve, reject) => {
    const child = spawn(process.execPath, ["--import", "tsx", path.join(ROOT, "bench", "load.ts"), arg], { cwd: ROOT, stdio: ["ignore", "pipe", "inherit"] });
    let out = "";
    child.stdout.on("data", (d) => (out += d));
    child.on("error", reject);
    child.on("exit", (code) => {
      const last = out.trim().split("\n").pop() ?? "";
      if (code === 0 && last.startsWith("{")) resolve(JSON.parse(last));
      else reject(new Error(`autocannon terminó con código ${code}: ${out}`));
    });
  }).finally(removeJobFile);
}

function targetText(c: BenchCase): string {
  const parts = [c.target.median !== undefined && `mediana < ${c.target.median} ms`, c.target.p99 !== undefined && `p99 < ${c.target.p99} ms`];
  return parts.filter(Boolean).join(", ") || "-";
}

const isPaged = (c: BenchCase) => c.paged ?? /[?&]_(start|end)=/.test(c.path);

async function measure(own: BenchContext, declared: BenchCase, database: string): Promise<Row> {
  const row: Row = { endpoint: declared.name, database, target: targetText(declared), verdict: "", paged: isPaged(declared) };
  // A case served by other processes (two servers behind a proxy) is measured there.
  const served = declared.serve ? await declared.serve(own) : undefined;
  if (served === null) return { ...row, verdict: "no disponible" };
  try {
    return await measureAt(served ? { ...own, url: served.url } : own, declared, row);
  } finally {
    await served?.stop();
  }
}

async function measureAt(ctx: BenchContext, declared: BenchCase, row: Row): Promise<Row> {
  const c: BenchCase = declared.prepare ? { ...declared, ...(await declared.prepare(ctx)) } : declared;
  const headers: Record<string, string> = {};
  // Every browser asks for compressed answers; a case may opt out to show the raw cost.
  if (c.acceptCompressed !== false) headers["accept-encoding"] = "gzip, deflate, br";
  if (c.body !== undefined) headers["content-type"] = "application/json";
  if (c.auth) headers.authorization = `Bearer ${await ctx.token(c.auth)}`;
  const body = c.body === undefined ? undefined : JSON.stringify(c.body);
  const probe = await fetch(ctx.url + c.path, { method: c.method, headers, body });
  await probe.arrayBuffer();
  if (probe.status === 404) return { ...row, verdict: "no disponible" };
  if (!probe.ok) return { ...row, verdict: `ERROR: responde HTTP ${probe.status}` };

  const teardown = await c.setup?.(ctx);
  let r: LoadResult;
  try {
    const connections = c.connections ?? CONNECTIONS;
    const perConnection = c.perConnection?.(connections).map((v) => ({ headers: v.headers, body: v.body === undefined ? undefined : JSON.stringify(v.body) }));
    r = await runLoad({ url: ctx.url + c.path, method: c.method, headers, body, paths: c.paths, connections, perConnection, seconds: SECONDS, warmupSeconds: WARMUP_SECONDS });
  } finally {
    if (teardown) await teardown();
  }
  row.median = r.medianMs;
  row.p99 = r.p99Ms;
  row.rps = r.reqPerSec;
  if (r.non2xx > 0 || r.errors > 0 || r.ok === 0) {
    row.verdict = `ERROR: ${r.non2xx} respuestas no 2xx, ${r.errors} errores`;
  } else {
    const over = (c.target.median !== undefined && r.medianMs >= c.target.median) || (c.target.p99 !== undefined && r.p99Ms >= c.target.p99);
    row.verdict = over ? OVER : row.target === "-" ? "-" : "OK";
  }
  return row;
}

/** Waits (up to BENCH_LOAD_WAIT seconds) for the 1-minute load average to fall to MAX_LOAD; returns it. */
async function quietLoad(label: string): Promise<number> {
  const deadline = Date.now() + LOAD_WAIT_SECONDS * 1000;
  let load = os.loadavg()[0];
  if (load > MAX_LOAD && LOAD_WAIT_SECONDS > 0) {
    process.stdout.write(`  ${label}: carga ${fmtLoad(load)}, se espera a que baje de ${fmtLoad(MAX_LOAD)} (hasta ${LOAD_WAIT_SECONDS} s)…`);
    while (load > MAX_LOAD && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 5000));
      load = os.loadavg()[0];
    }
    console.log(` ${fmtLoad(load)}`);
  }
  console.log(`  ${label}: carga de la máquina al empezar los casos (1 min) ${fmtLoad(load)}${load > MAX_LOAD ? ` > ${fmtLoad(MAX_LOAD)}: ${NOT_JUDGED}` : ""}`);
  return load;
}

async function benchDatabase(label: string, config: { dataDir?: string; databaseUrl?: string }, cases: BenchCase[]): Promise<DatabaseRun> {
  console.log(`\n${label}: base nueva, datos de ${SCALE_TEXT} (carga de la máquina al empezar: ${fmtLoad(os.loadavg()[0])})…`);
  let seedMs = 0;
  // The case "con respaldo en curso" takes backups: into a folder of this run's own.
  const backupDir = fs.mkdtempSync(path.join(os.tmpdir(), "ventanal-bench-respaldos-"));
  onCleanup(async () => fs.rmSync(backupDir, { recursive: true, force: true }));
  const server = await start({
    config: { ...config, port: 0, host: "127.0.0.1", logLevel: process.env.LOG_LEVEL || "warn", backup: { dir: backupDir } },
    handleSignals: false,
    async prepare(database) {
      const t0 = performance.now();
      await seed(database, { scale: SCALE, log: console.log });
      seedMs = performance.now() - t0;
      console.log(`  datos cargados en ${(seedMs / 1000).toFixed(1)} s`);
    },
  });
  const stop = onCleanup(server.stop);
  const tokens = new Map<Role, string>();
  const ctx: BenchContext = {
    url: server.url,
    database: server.database,
    backups: server.app.backups,
    async token(role) {
      if (!tokens.has(role)) {
        const res = await fetch(`${server.url}/api/login`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ correo: demoEmail(role), contrasena: DEMO_PASSWORD }),
        });
        if (!res.ok) throw new Error(`login ${role}: HTTP ${res.status}`);
        tokens.set(role, ((await res.json()) as { token: string }).token);
      }
      return tokens.get(role)!;
    },
  };
  // Tokens first: the login case must not be able to change what the others measure.
  for (const role of new Set(cases.flatMap((c) => (c.auth ? [c.auth] : [])))) await ctx.token(role);
  const load = await quietLoad(label);
  const rows: Row[] = [];
  for (const c of cases) {
    process.stdout.write(`  ${c.name}… `);
    const row = await measure(ctx, c, label).catch((err: Error) => ({ endpoint: c.name, database: label, target: targetText(c), verdict: `ERROR: ${err.message}` }) as Row);
    if (load > MAX_LOAD && (row.verdict === "OK" || row.verdict === OVER)) {
      row.verdict = NOT_JUDGED;
      row.unjudged = true;
    }
    console.log(row.verdict);
    rows.push(row);
  }
  await stop();
  return { label, rows, load, seedMs };
}

/** On each PostgreSQL row: PGlite's median over PostgreSQL's; a page over MAX_PGLITE_RATIO is marked (judged only when both runs were quiet). */
function addRatios(lite: DatabaseRun, server: DatabaseRun): void {
  const judged = lite.load <= MAX_LOAD && server.load <= MAX_LOAD;
  for (const row of server.rows) {
    const other = lite.rows.find((r) => r.endpoint === row.endpoint);
    if (!other?.median || !row.median) continue;
    const ratio = other.median / row.median;
    row.ratio = ratio.toFixed(2);
    if (row.paged && ratio > MAX_PGLITE_RATIO) row.ratio += judged ? ` ${OVER_RATIO}` : " (no se juzga)";
  }
}

/** A fresh database on the DATABASE_URL server, dropped at the end. */
async function createBenchDatabase(serverUrl: string): Promise<string> {
  const name = `ventanal_bench_${randomBytes(4).toString("hex")}`;
  await adminQuery(serverUrl, `create database ${name}`);
  onCleanup(() => adminQuery(serverUrl, `drop database if exists ${name} with (force)`));
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

const fmtMs = (v?: number | null) => (v === undefined || v === null ? "-" : v < 10 ? v.toFixed(2) : v.toFixed(1));
const fmtKb = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;
const fmtLoad = (v: number) => v.toFixed(2);

function printTable(runs: DatabaseRun[]): void {
  const rows = runs.flatMap((r) => r.rows);
  const withRatio = rows.some((r) => r.ratio !== undefined);
  const header = ["Endpoint", "Base de datos", "Mediana ms", "p99 ms", "req/s", ...(withRatio ? ["PGlite/PG"] : []), "Objetivo", "Resultado"];
  const cells = rows.map((r) => [
    r.endpoint,
    r.database,
    fmtMs(r.median),
    fmtMs(r.p99),
    r.rps === undefined ? "-" : Math.round(r.rps).toString(),
    ...(withRatio ? [r.ratio ?? ""] : []),
    r.target,
    r.verdict,
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i].length)));
  const numeric = [false, false, true, true, true, ...(withRatio ? [false] : []), false, false];
  const line = (c: string[]) => "| " + c.map((v, i) => (numeric[i] ? v.padStart(widths[i]) : v.padEnd(widths[i]))).join(" | ") + " |";
  const loads = runs.map((r) => `${r.label} ${fmtLoad(r.load)}`).join(", ");
  console.log(`\nRendimiento (${CONNECTIONS} conexiones, ${SECONDS} s por endpoint; ${os.cpus().length} núcleos; ${SCALE_TEXT}; carga al empezar los casos: ${loads})\n`);
  console.log(line(header));
  console.log("|" + widths.map((w, i) => (numeric[i] ? "-".repeat(w + 1) + ":" : "-".repeat(w + 2))).join("|") + "|");
  for (const c of cells) console.log(line(c));
  for (const r of runs) console.log(`Datos de ${SCALE_TEXT} en ${r.label}: ${(r.seedMs / 1000).toFixed(1)} s`);
  const busy = runs.filter((r) => r.load > MAX_LOAD);
  if (busy.length) {
    console.log(
      `\nCarga alta (${busy.map((r) => `${r.label} ${fmtLoad(r.load)}`).join(", ")} > ${fmtLoad(MAX_LOAD)}): las cifras no se comparan con los objetivos. ` +
        "Repita la medición con la máquina tranquila.",
    );
  }
}

/** JS that /login loads before it is usable: the entry script and its modulepreloads (gzip). */
function reportBundle(): boolean {
  const dist = path.join(ROOT, "dist");
  const indexFile = path.join(dist, "index.html");
  console.log("\nPaquete web (gzip)");
  if (!fs.existsSync(indexFile)) {
    console.log("  dist/index.html no existe: ejecute `npm run build`.");
    return false;
  }
  const html = fs.readFileSync(indexFile, "utf8");
  const srcs = new Set<string>();
  for (const m of html.matchAll(/<script\b[^>]*\btype="module"[^>]*\bsrc="([^"]+)"/g)) srcs.add(m[1]);
  for (const m of html.matchAll(/<link\b[^>]*\brel="modulepreload"[^>]*\bhref="([^"]+)"/g)) srcs.add(m[1]);
  const gz = (file: string) => gzipSync(fs.readFileSync(file)).length;
  let initial = 0;
  for (const src of srcs) initial += gz(path.join(dist, src.replace(/^\//, "")));
  const ok = initial <= BUNDLE_BUDGET_KB * 1000;
  console.log(`  JS inicial de /login (${srcs.size} archivos): ${fmtKb(initial)}  objetivo ≤ ${BUNDLE_BUDGET_KB} kB  ${ok ? "OK" : OVER}`);
  const assets = path.join(dist, "assets");
  const chunks = fs.readdirSync(assets).filter((f) => f.endsWith(".js")).map((f) => ({ f, size: gz(path.join(assets, f)) }));
  const largest = chunks.sort((a, b) => b.size - a.size)[0];
  if (largest) console.log(`  Trozo JS más grande: assets/${largest.f} ${fmtKb(largest.size)}`);
  return ok;
}

/** Data directories of earlier runs that were killed (free to lock, so nobody uses them). */
function removeAbandonedRuns(base: string): void {
  for (const entry of fs.existsSync(base) ? fs.readdirSync(base) : []) {
    const dir = path.join(base, entry);
    try {
      acquireDataDirLock(dir)();
    } catch (err) {
      if (err instanceof DataDirInUseError) continue; // another bench is running
      throw err;
    }
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

async function main(): Promise<number> {
  const cases = await loadCases();
  const runs: DatabaseRun[] = [];
  const dataDir = path.join(ROOT, ".bench-data", `pglite-${process.pid}`);
  removeAbandonedRuns(path.dirname(dataDir));
  onCleanup(async () => fs.rmSync(dataDir, { recursive: true, force: true }));
  // BENCH_DATABASES=postgres: only the DATABASE_URL server (e.g. a long BENCH_SCALE=10 run).
  const only = process.env.BENCH_DATABASES?.toLowerCase();
  if (only !== "postgres") runs.push(await benchDatabase("PGlite", { dataDir, databaseUrl: undefined }, cases));
  if (process.env.DATABASE_URL && only !== "pglite") {
    const url = await createBenchDatabase(process.env.DATABASE_URL);
    runs.push(await benchDatabase("PostgreSQL", { databaseUrl: url }, cases));
  }
  await cleanup();
  if (runs.length === 2) addRatios(runs[0], runs[1]);
  printTable(runs);
  const bundleOk = reportBundle();
  const rows = runs.flatMap((r) => r.rows);
  const failed = rows.some((r) => r.verdict === OVER || r.verdict.startsWith("ERROR") || r.ratio?.endsWith(OVER_RATIO)) || !bundleOk;
  return failed ? 1 : 0;
}

for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => void cleanup().finally(() => process.exit(130)));
main().then(
  (code) => process.exit(code),
  async (err) => {
    console.error(err);
    await cleanup();
    process.exit(1);
  },
);
