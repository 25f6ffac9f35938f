// `npm run restore FILE [--force]`: loads a dump made by `npm run backup` or by the
// server's online backups (.sql or .sql.gz) into the configured database (PGlite in
// DATA_DIR, or PostgreSQL in DATABASE_URL), which must be empty (a new DATA_DIR or a new
// PostgreSQL database) unless --force, which replaces ALL its data. One transaction: on any
// error nothing changes. Stop the server first.
import path from "node:path";
import { openDbTarget } from "./db-target";
import { restoreFromFile } from "./backup-lib";
import { runCli } from "./cli";

const USAGE = "Uso: npm run restore ARCHIVO [--force]   (usa DATA_DIR o DATABASE_URL, igual que el servidor)";

runCli({ usage: USAGE, failure: "No se pudo restaurar:" }, async (cli) => {
  // `npm run restore FILE --force` hands --force to npm itself, which passes it on as npm_config_force.
  const force = cli.has("--force") || process.env.npm_config_force === "true";
  if (cli.positional.length !== 1) {
    console.error(USAGE);
    return 1;
  }
  const file = cli.positional[0];
  const target = await openDbTarget({ mustExist: false, whenInUse: "Detenga el servidor antes de restaurar." });
  if (typeof target === "number") return target;
  const { database, where } = target;
  try {
    const summary = await restoreFromFile(database.pool, file, { force });
    const rows = summary.tables.reduce((s, t) => s + t.rows, 0);
    if (summary.replaced.length) console.log(`Se reemplazaron los datos anteriores (--force).`);
    console.log(`Respaldo ${path.resolve(file)} restaurado en ${where}: ${summary.tables.length} tablas, ${rows} filas. Ya puede iniciar el servidor.`);
    return 0;
  } finally {
    await database.close();
  }
});
