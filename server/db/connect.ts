import { Worker } from "node:worker_threads";
import fs from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { drizzle, type NodePgDatabase } from "drizzle-orm/node-postgres";
import * as schema from "./schema";
import { acquireDataDirLock } from "./lock";
import { noteQuery } from "../lists/tables-read";

export type Db = NodePgDatabase<typeof schema>;

export interface Database {
  kind: "pglite" | "postgres";
  pool: pg.Pool;
  db: Db;
  close(): Promise<void>;
  /** PGlite only: writes the whole data directory as a tarball that `loadDataDir` starts from (tests' templates). */
  dumpDataDir?(file: string): Promise<void>;
  /**
   * PGlite only: a consistent copy of the whole database in the folder `dir`, as it is
   * between two units with no transaction open (openDatabase opens the folder); `heldMs` is how
   * long the other connections waited for it, `files` and `bytes` what it copied meanwhile
   * (server/db/snapshot-copy.ts). The online backup's snapshot (server/services/respaldos).
   */
  snapshotDataDir?(dir: string): Promise<{ heldMs: number; files: number; bytes: number }>;
  /** PGlite only: what its worker has done (units run, time in PGlite, its thread's CPU), counted with PGLITE_PROFILE=1. */
  workerStats?(): Promise<WorkerStats>;
}

export interface WorkerStats {
  units: number;
  execMs: number;
  byFirst: Record<string, number>;
  cpuMs: number;
  /** The worker's thread id in the system (Linux). */
  threadId: number;
}

// numeric/bigint columns: drizzle maps them with mode "number"; raw pool queries
// get numbers too (int8 = 20, numeric = 1700). Amounts stay well inside 2^53.
pg.types.setTypeParser(20, (v) => Number(v));
pg.types.setTypeParser(1700, (v) => Number(v));
// date columns stay "YYYY-MM-DD" strings: no timezone shift.
pg.types.setTypeParser(1082, (v) => v);

/** Every statement run through `db` tells the answer caches which tables it read (server/lists/cache.ts). */
const logger = { logQuery: (query: string) => noteQuery(query) };

// PGlite runs one query at a time, in its worker, behind our own wire server
// (pglite-wire.ts): it runs each connection's exchange (Parse…Sync) whole, and while a
// connection has a transaction open only that connection's exchanges run. So the pool
// may hold several connections: the next request's query waits in the worker while the
// current one runs, instead of waiting for a round trip through this thread. Code inside
// write() must still use its `tx`, never the pool: the pool's other connections wait for
// the transaction to end, so it would wait for itself.
const PGLITE_POOL_SIZE = 4;
// pg-pool drops a connection after a query error and reconnects at once, before the
// socket server has seen the old one close: leave room for that overlap.
const PGLITE_SOCKET_CONNECTIONS = PGLITE_POOL_SIZE + 8;

/**
 * `loadDataDir` (PGlite only): a tarball written by `dumpDataDir` to start from instead of
 * a fresh initdb (the tests' migrated template: see tests/global-setup.ts).
 */
export async function openDatabase(opts: { databaseUrl?: string; dataDir?: string; loadDataDir?: string }): Promise<Database> {
  if (opts.databaseUrl) {
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: 10 });
    logPoolErrors(pool);
    await pool.query("select 1");
    return { kind: "postgres", pool, db: drizzle(pool, { schema, logger }), close: () => pool.end() };
  }
  return openPglite(opts.dataDir ?? "./data", opts.loadDataDir);
}

/**
 * PGlite's PostgreSQL, compiled once per process and handed to each worker (a compiled
 * WebAssembly.Module is shared between threads, with the code V8 optimised since): a
 * process that opens many databases one after another (a test worker: one per test file)
 * no longer compiles 9 MB of WebAssembly and warms it up again for each of them.
 */
let pgliteWasm: Promise<WebAssembly.Module> | undefined;
function pgliteWasmModule(): Promise<WebAssembly.Module> {
  pgliteWasm ??= (async () => {
    const entry = createRequire(import.meta.url).resolve("@electric-sql/pglite");
    return WebAssembly.compile(await fs.promises.readFile(path.join(path.dirname(entry), "pglite.wasm")));
  })();
  return pgliteWasm;
}

/** `dataDir` "memory://" gives a throw-away database (tests). */
async function openPglite(dataDir: string, loadDataDir?: string): Promise<Database> {
  const inMemory = dataDir.startsWith("memory://");
  const releaseLock = inMemory ? () => {} : acquireDataDirLock(dataDir);
  const socketDir = fs.mkdtempSync(path.join(os.tmpdir(), "ventanal-pg-"));
  fs.chmodSync(socketDir, 0o700);
  const port = 5432;
  // The worker is TypeScript too: a small bootstrap registers tsx inside it first.
  const workerUrl = new URL("./pglite-worker.ts", import.meta.url).href;
  const bootstrap = `import("tsx/esm/api").then((m) => { m.register(); return import(${JSON.stringify(workerUrl)}); })`;
  const worker = new Worker(bootstrap, {
    eval: true,
    workerData: {
      dataDir: inMemory ? dataDir : path.resolve(dataDir, "pglite"),
      socketPath: path.join(socketDir, `.s.PGSQL.${port}`),
      maxConnections: PGLITE_SOCKET_CONNECTIONS,
      loadDataDir: loadDataDir ? path.resolve(loadDataDir) : undefined,
      pgliteWasmModule: await pgliteWasmModule(),
    },
  });
  try {
    await new Promise<void>((resolve, reject) => {
      worker.once("message", (m: { type: string }) => (m.type === "ready" ? resolve() : reject(new Error(String(m.type)))));
      worker.once("error", reject);
      worker.once("exit", (code) => reject(new Error(`La base de datos embebida terminó al iniciar (código ${code})`)));
    });
  } catch (err) {
    releaseLock();
    fs.rmSync(socketDir, { recursive: true, force: true });
    throw err;
  }
  worker.removeAllListeners("exit");
  worker.removeAllListeners("error");

  const pool = new pg.Pool({ host: socketDir, port, user: "postgres", database: "postgres", max: PGLITE_POOL_SIZE });
  logPoolErrors(pool);
  let closed = false;
  return {
    kind: "pglite",
    pool,
    db: drizzle(pool, { schema, logger }),
    async dumpDataDir(file: string) {
      await new Promise<void>((resolve, reject) => {
        const onMessage = (m: { type: string; error?: string }) => {
          if (m.type !== "dumped") return;
          worker.off("message", onMessage);
          if (m.error) reject(new Error(m.error));
          else resolve();
        };
        worker.on("message", onMessage);
        worker.postMessage({ type: "dump", file: path.resolve(file) });
      });
    },
    snapshotDataDir: (dir: string) =>
      new Promise<{ heldMs: number; files: number; bytes: number }>((resolve, reject) => {
        const onMessage = (m: { type: string; heldMs?: number; files?: number; bytes?: number; error?: string }) => {
          if (m.type !== "snapshot-done") return;
          worker.off("message", onMessage);
          if (m.error) reject(new Error(m.error));
          else resolve({ heldMs: m.heldMs ?? 0, files: m.files ?? 0, bytes: m.bytes ?? 0 });
        };
        worker.on("message", onMessage);
        worker.postMessage({ type: "snapshot", dir: path.resolve(dir) });
      }),
    workerStats: () =>
      new Promise<WorkerStats>((resolve) => {
        const onMessage = (m: WorkerStats & { type: string }) => {
          if (m.type !== "stats") return;
          worker.off("message", onMessage);
          resolve(m);
        };
        worker.on("message", onMessage);
        worker.postMessage({ type: "stats" });
      }),
    async close() {
      if (closed) return;
      closed = true;
      await pool.end();
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, 10_000);
        worker.once("message", (m: { type: string }) => {
          if (m.type === "closed") {
            clearTimeout(timer);
            resolve();
          }
        });
        worker.postMessage({ type: "close" });
      });
      await worker.terminate();
      fs.rmSync(socketDir, { recursive: true, force: true });
      releaseLock();
    },
  };
}

/** An idle client's error (server restart, dropped socket) must not kill the process. */
function logPoolErrors(pool: pg.Pool): void {
  pool.on("error", (err) => console.error("Error en una conexión inactiva de la base de datos:", err.message));
}
