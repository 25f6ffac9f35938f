// Runs PGlite off the request thread: the embedded database lives in this worker and
// is served over the PostgreSQL wire protocol on a private Unix socket (pglite-wire.ts),
// so the app uses the same `pg` driver for PGlite and for a real PostgreSQL server.
import fs from "node:fs";
import path from "node:path";
import { parentPort, workerData } from "node:worker_threads";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { threadCpuMs, threadId, WireServer } from "./pglite-wire";
import { FLUSH_WAL, logWrites, WriteLog } from "./pglite-writes";
import { copyTree, syncTree, syncTreeHeld, syncTreeLogged } from "./snapshot-copy";

type WorkerInput = { dataDir: string; socketPath: string; maxConnections: number; loadDataDir?: string; pgliteWasmModule: WebAssembly.Module };
const { dataDir, socketPath, maxConnections, loadDataDir, pgliteWasmModule } = workerData as WorkerInput;

// pg_trgm: the searches' trigram indexes (migrations 0008, 0019, 0024, 0034), as on a PostgreSQL server.
// loadDataDir: a data directory dumped by `dump` below (the tests' migrated template)
// instead of a fresh initdb. pgliteWasmModule: compiled once per process (connect.ts).
const db = await PGlite.create(dataDir, {
  extensions: { pg_trgm },
  pgliteWasmModule,
  ...(loadDataDir ? { loadDataDir: new Blob([fs.readFileSync(loadDataDir)]) } : {}),
});
// What the database writes to its folder, recorded while an online backup copies it (the last
// pass then copies only those ranges). Without the hooks (another PGlite), the last pass
// compares every file's time instead.
const onDisk = !dataDir.includes("://");
const writeLog = new WriteLog(path.resolve(dataDir));
const logged = onDisk && logWrites(db, writeLog);
// PGLITE_PROFILE=1: the worker counts its units and the time spent in PGlite ({ type: "stats" }).
const server = new WireServer(db, { path: socketPath, maxConnections, profile: process.env.PGLITE_PROFILE === "1" });
await server.start();
parentPort!.postMessage({ type: "ready" });

parentPort!.on("message", async (msg: { type: string; file?: string; dir?: string }) => {
  if (msg.type === "stats") {
    parentPort!.postMessage({ type: "stats", ...server.stats, cpuMs: threadCpuMs(), threadId: threadId() });
    return;
  }
  if (msg.type === "dump") {
    // The whole data directory as an uncompressed tarball in msg.file, after a checkpoint
    // (so loading it needs no WAL replay).
    try {
      await db.query("CHECKPOINT");
      const tar = await db.dumpDataDir("none");
      fs.writeFileSync(msg.file!, Buffer.from(await tar.arrayBuffer()));
      parentPort!.postMessage({ type: "dumped" });
    } catch (err) {
      parentPort!.postMessage({ type: "dumped", error: err instanceof Error ? err.message : String(err) });
    }
    return;
  }
  if (msg.type === "snapshot") {
    // An online backup's consistent copy (server/services/respaldos) in msg.dir: the data
    // directory as it is between two units, with no transaction open. On disk it is copied
    // in passes (snapshot-copy.ts), so the connections wait only for the last one, over the
    // files changed in the last moments; in memory (tests) it is PGlite's tarball, after a
    // checkpoint.
    try {
      const copied = onDisk ? await copyTree(dataDir, path.join(msg.dir!, "pglite")) : null;
      if (logged) writeLog.start(); // from here on, every write is in the log
      if (copied) await syncTree(dataDir, path.join(msg.dir!, "pglite"), copied); // what changed during the long first pass
      const { tar, heldMs, files, bytes } = await server.exclusive(async () => {
        const t0 = performance.now();
        if (copied) {
          await db.exec(FLUSH_WAL);
          const to = path.join(msg.dir!, "pglite");
          const { files, bytes } = logged ? syncTreeLogged(dataDir, to, writeLog.changes()) : syncTreeHeld(dataDir, to, copied);
          return { tar: null, heldMs: performance.now() - t0, files, bytes };
        }
        await db.query("CHECKPOINT");
        const dumped = await db.dumpDataDir("none");
        return { tar: dumped, heldMs: performance.now() - t0, files: 0, bytes: 0 };
      });
      if (tar) {
        fs.mkdirSync(msg.dir!, { recursive: true });
        await fs.promises.writeFile(path.join(msg.dir!, "datos.tar"), Buffer.from(await tar.arrayBuffer()));
      }
      parentPort!.postMessage({ type: "snapshot-done", heldMs, files, bytes });
    } catch (err) {
      parentPort!.postMessage({ type: "snapshot-done", error: err instanceof Error ? err.message : String(err) });
    } finally {
      writeLog.stop();
    }
    return;
  }
  if (msg.type !== "close") return;
  try {
    await server.stop();
    await db.query("CHECKPOINT");
    await db.close();
  } finally {
    parentPort!.postMessage({ type: "closed" });
  }
});
