// `npm run restore FILE [--force]`: loads a dump made by `npm run backup` into the
// configured database (PGlite in DATA_DIR, or PostgreSQL in DATABASE_URL), which must be
// empty (a new DATA_DIR or a new PostgreSQL database) unless --force, which replaces ALL
// its data. One transaction: on any error nothing changes. Stop the server first.
import path from "node:path";
import { openDbTarget } from "./db-target";
import { BackupError, restoreFromFile } from "./backup-lib";

async function main(): Promise<number> {
  const args = process.argv.slice(2).filter((a) => a !== "--");
  // `npm run restore FILE --force` hands --force to npm itself, which passes it on as npm_config_force.
  const force = args.includes("--force") || process.env.npm_config_force === "true";
  const files = args.filter((a) => !a.startsWith("-"));
  if (files.length !== 1 || args.some((a) => a === "-h" || a === "--help")) {
    console.error("Uso: npm run restore ARCHIVO [--force]   (usa DATA_DIR o DATABASE_URL, igual que el servidor)");
    return files.length === 1 ? 0 : 1;
  }
  const file = files[0];
  const target = await openDbTarget({ mustExist: false, whenInUse: "Detenga el servidor antes de restaurar." });
  if (typeof target === "number") return target;
  const { database, where } = target;
  try {
    const summary = await restoreFromFile(database.pool, file, { force });
    const rows = summary.tables.reduce((s, t) => s + t.rows, 0);
    if (summary.replaced.length) console.log(`Se reemplazaron los datos anteriores (--force).`);
    console.log(`Respaldo ${path.resolve(file)} restaurado en ${where}: ${summary.tables.length} tablas, ${rows} filas. Ya puede iniciar el servidor.`);
    return 0;
  } catch (err) {
    if (err instanceof BackupError) {
      console.error(err.message);
      return 1;
    }
    throw err;
  } finally {
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (err) => {
    console.error("No se pudo restaurar:", err instanceof Error ? err.message : err);
    process.exit(1);
  },
);
