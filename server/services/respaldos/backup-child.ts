// The heavy half of an online backup, in a child process so the server's event loop and
// memory stay free (started by take-backup.ts with tsx, as the server runs):
//   { mode: "pglite", snapshot, file }: opens the PGlite snapshot (a copy of the data
//     folder, or for an in-memory database its tarball), writes the portable .sql.gz from
//     it, then verifies the file;
//   { mode: "verify", file }: verifies a file (PostgreSQL's backup, dumped by the server).
// Prints one JSON line per step: { step: "dump", summary } and { step: "verify", … }.
import fs from "node:fs";
import path from "node:path";
import { openDatabase } from "../../db/connect";
import { dumpToFile } from "./sql-dump";
import { verifyBackup } from "./verify";

type Job = { mode: "pglite"; snapshot: string; file: string } | { mode: "verify"; file: string };

const say = (what: object) => process.stdout.write(`${JSON.stringify(what)}\n`);

// The server holds our stdin: when it dies (kill -9), the pipe closes and this process goes
// too, leaving only a *.tmp file that the next start removes.
process.stdin.on("close", () => process.exit(2));
process.stdin.resume();

async function main() {
  const job = JSON.parse(process.argv[2]) as Job;
  if (job.mode === "pglite") {
    const t0 = performance.now();
    // A folder copy (a database on disk) or a tarball (an in-memory one: the tests').
    const tar = path.join(job.snapshot, "datos.tar");
    const copy = await openDatabase(fs.existsSync(tar) ? { dataDir: "memory://", loadDataDir: tar } : { dataDir: job.snapshot });
    try {
      const summary = await dumpToFile(copy.pool, job.file, { engine: "pglite" });
      say({ step: "dump", summary, ms: Math.round(performance.now() - t0) });
    } finally {
      await copy.close();
    }
  }
  const t1 = performance.now();
  const result = await verifyBackup(job.file);
  say({ step: "verify", ...result, ms: Math.round(performance.now() - t1) });
}

main().then(
  () => process.exit(0),
  (err) => {
    say({ step: "error", mensaje: err instanceof Error ? err.message : String(err) });
    process.exit(1);
  },
);
