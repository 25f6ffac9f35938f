// `npm run backup [FILE]`: a plain-SQL dump of the configured database (PGlite in
// DATA_DIR, or PostgreSQL in DATABASE_URL) to FILE, by default
// backups/ventanal-YYYY-MM-DD_HHMMSS.sql. On PGlite the server must be stopped: the
// data directory belongs to one process at a time.
import path from "node:path";
import { openDbTarget } from "./db-target";
import { BackupError, dumpToFile } from "./backup-lib";

function defaultFile(): string {
  const now = new Date();
  const p = (n: number) => String(n).padStart(2, "0");
  const stamp = `${now.getFullYear()}-${p(now.getMonth() + 1)}-${p(now.getDate())}_${p(now.getHours())}${p(now.getMinutes())}${p(now.getSeconds())}`;
  return path.join("backups", `ventanal-${stamp}.sql`);
}

async function main(): Promise<number> {
  const args = process.argv.slice(2).filter((a) => a !== "--");
  if (args.some((a) => a === "-h" || a === "--help")) {
    console.log("Uso: npm run backup [ARCHIVO]   (usa DATA_DIR o DATABASE_URL, igual que el servidor)");
    return 0;
  }
  const file = args[0] ?? defaultFile();
  const target = await openDbTarget({ mustExist: true, whenInUse: "El respaldo necesita el servidor detenido (con PGlite la carpeta de datos es de un solo proceso)." });
  if (typeof target === "number") return target;
  const { database } = target;
  try {
    const summary = await dumpToFile(database.pool, file, { engine: database.kind });
    const rows = summary.tables.reduce((s, t) => s + t.rows, 0);
    console.log(`Respaldo escrito en ${path.resolve(file)}: ${summary.tables.length} tablas, ${rows} filas, migraciones ${summary.migrations.join(", ")}.`);
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
    console.error("No se pudo hacer el respaldo:", err instanceof Error ? err.message : err);
    process.exit(1);
  },
);
