// Where the CPU of the bench case "POST api/login" goes, under its own load: `npx tsx
// bench/login-load-profile.ts [seconds]` starts the server as bench/run.ts does (on a
// fresh PGlite, or on a fresh database of DATABASE_URL's server), with only the demo users,
// runs bench/load.ts against /api/login with the case's own connections and bodies, and
// over a window in the middle of the load prints CPU per sign-in (CPU time, not wall time:
// the machine may be shared) of: this process by thread (the event loop, the libuv
// threadpool where argon2 runs, PGlite's worker, V8's helpers), the load generator's
// process, and on PostgreSQL the backends of the database (/proc, when the server is on
// this machine). Sign-ins are counted as the sessions the window added.
import { spawn } from "node:child_process";
import { PerformanceObserver, constants as perfConstants } from "node:perf_hooks";
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { sql } from "drizzle-orm";
import { start } from "../server/main";
import { seedUsers, DEMO_PASSWORD, demoEmail } from "../scripts/seed/users";
import { adminQuery } from "../scripts/pg-admin";
import { cases } from "./cases/core";

process.env.PGLITE_PROFILE = "1";
import type { LoadJob } from "./load";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const SECONDS = Number(process.argv[2] ?? 10);
const url = process.env.DATABASE_URL;
const TICK_MS = 1000 / 100;

/** CPU ms of a thread or process from its /proc stat file (utime + stime, 10 ms ticks). */
function statCpuMs(file: string): number {
  try {
    const stat = fs.readFileSync(file, "utf8");
    const f = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return (Number(f[11]) + Number(f[12])) * TICK_MS;
  } catch {
    return NaN;
  }
}

/** User and system CPU ms of a thread or process. */
function statUserSys(file: string): [number, number] {
  const stat = fs.readFileSync(file, "utf8");
  const f = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return [Number(f[11]) * TICK_MS, Number(f[12]) * TICK_MS];
}

// Which thread is which (on Node 20 every thread's name is "node"): the libuv threadpool's
// (argon2) are the ones that run a burst of pbkdf2 (libuv work) at the start; the others
// already there are V8's platform threads (its optimizing compiler and the GC's concurrent
// work, for every isolate of the process: PGlite's worker's too), its delayed-task thread
// and tsx's loader thread; PGlite's worker tells its own thread's id.
let libuvThreads = new Set<number>();
let startupThreads = new Set<number>();
let pgliteThread = NaN;

async function findThreads(): Promise<void> {
  const cpu = () => new Map(fs.readdirSync("/proc/self/task").map((t) => [Number(t), statCpuMs(`/proc/self/task/${t}/stat`)]));
  const before = cpu();
  await Promise.all(Array.from({ length: 16 }, () => new Promise((r) => crypto.pbkdf2("x", "y", 100_000, 32, "sha256", r))));
  const gain = [...cpu()].map(([t, ms]) => [t, ms - (before.get(t) ?? 0)] as const);
  const max = Math.max(...gain.map(([, g]) => g));
  libuvThreads = new Set(gain.filter(([t, g]) => t !== process.pid && g >= max / 4).map(([t]) => t));
  startupThreads = new Set(gain.map(([t]) => t));
}

/** What a thread of this process is. */
function threadKind(tid: number): string {
  if (tid === process.pid) return "main (event loop)";
  if (tid === pgliteThread) return "PGlite worker";
  if (libuvThreads.has(tid)) return "libuv threadpool (argon2)";
  if (startupThreads.has(tid)) return "V8 platform (compiler, GC)";
  return "other";
}

/** This process's CPU by thread (each one's kind and id; user and system apart). */
function threadsCpu(): Map<string, number> {
  const out = new Map<string, number>();
  for (const name of fs.readdirSync("/proc/self/task")) {
    const tid = Number(name);
    const kind = tid === process.pid ? threadKind(tid) : `${threadKind(tid)} ${tid}`;
    const [user, system] = statUserSys(`/proc/self/task/${name}/stat`);
    out.set(`${kind} (user)`, user);
    out.set(`${kind} (system)`, system);
  }
  return out;
}

/** Every thread of a process (the load generator): ms. */
const processCpu = (pid: number) => statCpuMs(`/proc/${pid}/stat`);

async function main() {
  await findThreads();
  let dbName = "";
  let databaseUrl: string | undefined;
  const admin = (q: string) => adminQuery(url!, q);
  if (url) {
    // A new database beside DATABASE_URL's, named after it (login_x → login_x_carga_<pid>).
    const u = new URL(url);
    dbName = `${u.pathname.slice(1) || "ventanal"}_carga_${process.pid}`;
    await admin(`create database ${dbName}`);
    u.pathname = `/${dbName}`;
    databaseUrl = u.toString();
  }
  const dataDir = url ? undefined : `memory://perfil`;
  const server = await start({
    config: { dataDir, databaseUrl, port: 0, host: "127.0.0.1", logLevel: process.env.LOG_LEVEL || "warn" },
    handleSignals: false,
    async prepare(database) {
      await seedUsers(database.db, { scale: "bench" } as Parameters<typeof seedUsers>[1]);
    },
  });
  try {
    const c = cases.find((x) => x.name === "POST api/login")!;
    const perConnection = c.perConnection!(10).map((v) => ({ headers: v.headers, body: JSON.stringify(v.body) }));
    const job: LoadJob = {
      url: server.url + c.path,
      method: c.method,
      headers: { "accept-encoding": "gzip, deflate, br", "content-type": "application/json" },
      body: JSON.stringify({ correo: demoEmail("Ventas"), contrasena: DEMO_PASSWORD }),
      connections: 10,
      perConnection,
      seconds: SECONDS + 2,
      warmupSeconds: 2,
    };
    const child = spawn(process.execPath, ["--import", "tsx", path.join(ROOT, "bench", "load.ts"), JSON.stringify(job)], { cwd: ROOT, stdio: ["ignore", "pipe", "inherit"] });
    let out = "";
    child.stdout.on("data", (d) => (out += d));
    const exited = new Promise<void>((r) => child.on("exit", () => r()));

    const sessions = async () => Number((await server.database.db.execute<{ n: number }>(sql`select count(*)::int as n from sesiones`)).rows[0].n);
    const monitor = url ? new pg.Client({ connectionString: databaseUrl }) : null;
    await monitor?.connect();
    const backends = async () =>
      monitor ? (await monitor.query<{ pid: number }>("select pid from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()", [dbName])).rows.map((r) => r.pid) : [];
    const backendCpu = async () => {
      const m = new Map<number, number>();
      for (const p of await backends()) m.set(p, processCpu(p));
      return m;
    };

    await new Promise((r) => setTimeout(r, 4000)); // the generator has started and warmed up
    pgliteThread = (await server.database.workerStats?.())?.threadId ?? NaN;
    const s0 = await sessions();
    const t0 = threadsCpu();
    const g0 = processCpu(child.pid!);
    const b0 = await backendCpu();
    const p0 = await server.database.workerStats?.();
    const w0 = performance.now();
    const us0 = process.hrtime.bigint() / 1000n;
    const gcs = new Map<string, { n: number; ms: number }>();
    const kinds: Record<number, string> = { [perfConstants.NODE_PERFORMANCE_GC_MINOR]: "minor", [perfConstants.NODE_PERFORMANCE_GC_MAJOR]: "major", [perfConstants.NODE_PERFORMANCE_GC_INCREMENTAL]: "incremental", [perfConstants.NODE_PERFORMANCE_GC_WEAKCB]: "weakcb" };
    const obs = new PerformanceObserver((list) => {
      for (const e of list.getEntries()) {
        const k = kinds[(e as unknown as { detail: { kind: number } }).detail.kind] ?? "other";
        const g = gcs.get(k) ?? { n: 0, ms: 0 };
        g.n += 1;
        g.ms += e.duration;
        gcs.set(k, g);
      }
    });
    obs.observe({ entryTypes: ["gc"] });
    await new Promise((r) => setTimeout(r, SECONDS * 1000 - 1000));
    const s1 = await sessions();
    const t1 = threadsCpu();
    const g1 = processCpu(child.pid!);
    const b1 = await backendCpu();
    const p1 = await server.database.workerStats?.();
    const wall = performance.now() - w0;
    // The window on the clock of --cpu-prof's profiles (µs), to cut them to it.
    if (process.env.PROFILE_WINDOW) console.log(`window ${us0} ${process.hrtime.bigint() / 1000n}`);
    obs.disconnect();
    await exited;
    await new Promise((r) => setTimeout(r, 1000)); // the last requests end
    await monitor?.end();

    const n = s1 - s0;
    const per = (x: number) => (x / n).toFixed(2).padStart(6);
    console.log(`\n${server.database.kind}: ${n} sign-ins in ${(wall / 1000).toFixed(1)} s (${(n / (wall / 1000)).toFixed(0)}/s under this machine's load), CPU ms per sign-in:`);
    let own = 0;
    for (const [k, v] of [...t1].sort((a, b) => b[1] - (t0.get(b[0]) ?? 0) - (a[1] - (t0.get(a[0]) ?? 0)))) {
      const d = v - (t0.get(k) ?? 0);
      own += d;
      if (d > 0) console.log(`  ${per(d)}  server: ${k}`);
    }
    const byKind = new Map<string, number>();
    for (const [k, v] of t1) {
      const kind = k.replace(/ \d+ \((user|system)\)$| \((user|system)\)$/, "");
      byKind.set(kind, (byKind.get(kind) ?? 0) + v - (t0.get(k) ?? 0));
    }
    for (const [k, v] of [...byKind].sort((a, b) => b[1] - a[1])) if (v > 0) console.log(`  ${per(v)}  server: ${k}, all its threads`);
    console.log(`  ${per(own)}  server process in all`);
    if (p0 && p1) console.log(`  ${per(p1.cpuMs - p0.cpuMs)}  of which PGlite's worker thread (its own count; ${per(p1.execMs - p0.execMs)} ms in PGlite)`);
    let backend = 0;
    for (const [p, v] of b1) backend += v - (b0.get(p) ?? 0);
    if (url) console.log(`  ${per(backend)}  PostgreSQL backends`);
    console.log(`  ${per(g1 - g0)}  load generator (bench/load.ts)`);
    console.log(`  ${per(own + backend + g1 - g0)}  total  → at 10 in flight on 2 cores, median ≈ ${((10 * (own + backend + g1 - g0)) / n / 2).toFixed(0)} ms`);
    for (const [k, g] of gcs) console.log(`  main thread GC ${k}: ${per(g.n)} per sign-in, ${per(g.ms)} ms (wall)`);
    console.log(`  load.ts: ${out.trim().split("\n").pop()}`);
  } finally {
    await server.stop();
    if (url) await admin(`drop database if exists ${dbName} with (force)`);
  }
}

await main();
