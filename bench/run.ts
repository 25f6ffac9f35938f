// `npm run bench`: the app in-process on a fresh PGlite (and on a fresh database of the
// DATABASE_URL server when given), bench-scale data, then every case of bench/cases/
// under load from a separate autocannon process (10 connections, BENCH_DURATION seconds,
// default 10). Prints one table with the targets, then the web bundle size.
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { gzipSync } from "node:zlib";
import pg from "pg";
import { acquireDataDirLock, DataDirInUseError } from "../server/db/lock";
import { start } from "../server/main";
import { DEMO_PASSWORD, demoEmail, seed } from "../scripts/seed";
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
/** Other work on the machine skews the figures: the table shows the load average. */
const LOAD_AT_START = os.loadavg()[0].toFixed(1);

interface Row {
  endpoint: string;
  database: string;
  median?: number;
  p99?: number;
  rps?: number;
  target: string;
  verdict: string;
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

async function measure(own: BenchContext, declared: BenchCase, database: string): Promise<Row> {
  const row: Row = { endpoint: declared.name, database, target: targetText(declared), verdict: "" };
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
    r = await runLoad({ url: ctx.url + c.path, method: c.method, headers, body, paths: c.paths, connections: c.connections ?? CONNECTIONS, seconds: SECONDS, warmupSeconds: WARMUP_SECONDS });
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

async function benchDatabase(label: string, config: { dataDir?: string; databaseUrl?: string }, cases: BenchCase[]): Promise<Row[]> {
  console.log(`\n${label}: base nueva, datos de escala bench…`);
  const server = await start({
    config: { ...config, port: 0, host: "127.0.0.1", logLevel: process.env.LOG_LEVEL || "warn" },
    handleSignals: false,
    async prepare(database) {
      await seed(database, { scale: "bench", log: console.log });
    },
  });
  const stop = onCleanup(server.stop);
  const tokens = new Map<Role, string>();
  const ctx: BenchContext = {
    url: server.url,
    database: server.database,
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
  const rows: Row[] = [];
  for (const c of cases) {
    process.stdout.write(`  ${c.name}… `);
    const row = await measure(ctx, c, label).catch((err: Error) => ({ endpoint: c.name, database: label, target: targetText(c), verdict: `ERROR: ${err.message}` }));
    console.log(row.verdict);
    rows.push(row);
  }
  await stop();
  return rows;
}

/** A fresh database on the DATABASE_URL server, dropped at the end. */
async function createBenchDatabase(serverUrl: string): Promise<string> {
  const name = `ventanal_bench_${randomBytes(4).toString("hex")}`;
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await admin(`create database ${name}`);
  onCleanup(() => admin(`drop database if exists ${name} with (force)`));
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

const fmtMs = (v?: number | null) => (v === undefined || v === null ? "-" : v < 10 ? v.toFixed(2) : v.toFixed(1));
const fmtKb = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;

function printTable(rows: Row[]): void {
  const header = ["Endpoint", "Base de datos", "Mediana ms", "p99 ms", "req/s", "Objetivo", "Resultado"];
  const cells = rows.map((r) => [r.endpoint, r.database, fmtMs(r.median), fmtMs(r.p99), r.rps === undefined ? "-" : Math.round(r.rps).toString(), r.target, r.verdict]);
  const widths = header.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i].length)));
  const numeric = [false, false, true, true, true, false, false];
  const line = (c: string[]) => "| " + c.map((v, i) => (numeric[i] ? v.padStart(widths[i]) : v.padEnd(widths[i]))).join(" | ") + " |";
  console.log(`\nRendimiento (${CONNECTIONS} conexiones, ${SECONDS} s por endpoint; ${os.cpus().length} núcleos, carga al empezar ${LOAD_AT_START})\n`);
  console.log(line(header));
  console.log("|" + widths.map((w, i) => (numeric[i] ? "-".repeat(w + 1) + ":" : "-".repeat(w + 2))).join("|") + "|");
  for (const c of cells) console.log(line(c));
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
  const rows: Row[] = [];
  const dataDir = path.join(ROOT, ".bench-data", `pglite-${process.pid}`);
  removeAbandonedRuns(path.dirname(dataDir));
  onCleanup(async () => fs.rmSync(dataDir, { recursive: true, force: true }));
  rows.push(...(await benchDatabase("PGlite", { dataDir, databaseUrl: undefined }, cases)));
  if (process.env.DATABASE_URL) {
    const url = await createBenchDatabase(process.env.DATABASE_URL);
    rows.push(...(await benchDatabase("PostgreSQL", { databaseUrl: url }, cases)));
  }
  await cleanup();
  printTable(rows);
  const bundleOk = reportBundle();
  const failed = rows.some((r) => r.verdict === OVER || r.verdict.startsWith("ERROR")) || !bundleOk;
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
