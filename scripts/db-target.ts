// The database a command-line script works on, chosen as the server chooses it
// (DATABASE_URL, else PGlite in DATA_DIR): npm run backup, restore, digest and recompute share it.
import fs from "node:fs";
import path from "node:path";
import { loadConfig } from "../server/config";
import { openDatabase, type Database } from "../server/db/connect";
import { DataDirInUseError } from "../server/db/lock";

export interface DbTarget {
  database: Database;
  /** Where it is, in Spanish, for the script's messages. */
  where: string;
}

/**
 * Opens the configured database, or prints why not and answers the exit code (1).
 * `mustExist`: a PGlite DATA_DIR without a database is an error (backup, digest; restore
 * fills a new one). `whenInUse`: what to do when the server holds the PGlite data directory.
 */
export async function openDbTarget(opts: { mustExist: boolean; whenInUse: string }): Promise<DbTarget | number> {
  const config = loadConfig();
  if (opts.mustExist && !config.databaseUrl && !fs.existsSync(path.join(config.dataDir, "pglite"))) {
    console.error(`No hay una base de datos de Ventanal en DATA_DIR=${path.resolve(config.dataDir)}.`);
    return 1;
  }
  try {
    const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
    return { database, where: config.databaseUrl ? "PostgreSQL (DATABASE_URL)" : `DATA_DIR=${path.resolve(config.dataDir)}` };
  } catch (err) {
    if (err instanceof DataDirInUseError) {
      console.error(`${err.message}\n${opts.whenInUse}`);
      return 1;
    }
    throw err;
  }
}
