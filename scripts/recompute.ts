// `npm run recompute [-- --check]`: every derived figure kept at write time
// (server/services/derived) recomputed from its definition on the configured database
// (PGlite in DATA_DIR, or PostgreSQL in DATABASE_URL, as the server and `npm run backup`).
// Prints what differs; without --check it also rewrites those values (one transaction).
// Exit code 0 when nothing differed (or everything was repaired), 1 with --check and differences.
import fs from "node:fs";
import path from "node:path";
import { loadConfig } from "../server/config";
import { openDatabase } from "../server/db/connect";
import { DataDirInUseError } from "../server/db/lock";
import { runMigrations } from "../server/db/migrate";
import { DERIVED_FIGURES } from "../server/services/derived";
import { write } from "../server/services/write";

const SHOWN = 20;

async function main(): Promise<number> {
  const args = process.argv.slice(2).filter((a) => a !== "--");
  if (args.some((a) => a === "-h" || a === "--help")) {
    console.log("Uso: npm run recompute [-- --check]   (usa DATA_DIR o DATABASE_URL, igual que el servidor)");
    return 0;
  }
  const fix = !args.includes("--check");
  const config = loadConfig();
  if (!config.databaseUrl && !fs.existsSync(path.join(config.dataDir, "pglite"))) {
    console.error(`No hay una base de datos de Ventanal en DATA_DIR=${path.resolve(config.dataDir)}.`);
    return 1;
  }
  let database;
  try {
    database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  } catch (err) {
    if (err instanceof DataDirInUseError) {
      console.error(`${err.message}\nEl recálculo necesita el servidor detenido (con PGlite la carpeta de datos es de un solo proceso).`);
      return 1;
    }
    throw err;
  }
  try {
    await runMigrations(database);
    let differing = 0;
    await write({ db: database.db, user: null, route: fix ? "npm run recompute" : "npm run recompute --check" }, async (tx) => {
      differing = 0;
      for (const figure of DERIVED_FIGURES) {
        const { checked, differences } = await figure.recompute(tx, { fix });
        differing += differences.length;
        console.log(`${figure.name}: ${checked} revisadas, ${differences.length} ${fix ? "corregidas" : "distintas"}`);
        for (const d of differences.slice(0, SHOWN)) console.log(`  ${d.key}: guardado ${JSON.stringify(d.stored)}, esperado ${JSON.stringify(d.expected)}`);
        if (differences.length > SHOWN) console.log(`  … y ${differences.length - SHOWN} más`);
      }
    });
    return !fix && differing > 0 ? 1 : 0;
  } finally {
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (err) => {
    console.error("No se pudo recalcular:", err instanceof Error ? err.message : err);
    process.exit(1);
  },
);
