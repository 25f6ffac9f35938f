// `npm run backup [FILE]`: a portable SQL backup of the configured database (PGlite in
// DATA_DIR, or PostgreSQL in DATABASE_URL).
// - The server running on this machine (DATA_DIR/respaldo-local.json): it is asked to take
//   one (POST api/respaldos/local with that file's secret), like "Respaldar ahora": the file
//   goes to its BACKUP_DIR, verified; FILE, if given, gets a copy.
// - The server stopped: the command dumps the database itself to FILE, by default
//   backups/ventanal-YYYY-MM-DDTHHMMSSZ.sql.gz (a name ending in .sql is left uncompressed).
import fs from "node:fs";
import path from "node:path";
import { loadConfig } from "../server/config";
import { readLocalBackupAccess } from "../server/services/respaldos/local-access";
import { LOCAL_HEADER } from "../server/routes/respaldos";
import { backupFileName, type RespaldoWire } from "../src/domain/respaldos";
import { openDbTarget } from "./db-target";
import { dumpToFile } from "./backup-lib";
import { runCli } from "./cli";

const USAGE = "Uso: npm run backup [ARCHIVO]   (usa DATA_DIR o DATABASE_URL, igual que el servidor; con el servidor en marcha, se lo pide a él)";

/** The running server's answer, or null when no server of this DATA_DIR answers. */
async function askServer(dataDir: string): Promise<{ status: number; body: RespaldoWire & { message?: string } } | null> {
  const access = readLocalBackupAccess(dataDir);
  if (!access) return null;
  let res: Response;
  try {
    res = await fetch(`${access.url}/api/respaldos/local`, { method: "POST", headers: { [LOCAL_HEADER]: access.token, "content-type": "application/json" }, body: "{}" });
  } catch {
    return null; // a file left by a server that is gone
  }
  return { status: res.status, body: (await res.json()) as RespaldoWire & { message?: string } };
}

runCli({ usage: USAGE, failure: "No se pudo hacer el respaldo:" }, async (cli) => {
  const config = loadConfig();
  const file = cli.positional[0];
  const asked = await askServer(config.dataDir);
  if (asked) {
    if (asked.status !== 200) {
      console.error(`El servidor en marcha no hizo el respaldo: ${asked.body.message ?? asked.status}. El motivo está en el registro del servidor y en Administración → Respaldos.`);
      return 1;
    }
    const r = asked.body;
    const where = path.join(path.resolve(config.backup!.dir), r.archivo);
    console.log(`El servidor en marcha hizo el respaldo ${where}: ${r.tablas} tablas, ${r.filas} filas; verificación: ${r.verificacion} (${r.verificacion_mensaje}).`);
    if (r.comando && !r.comando.ok) console.error(`BACKUP_COMMAND falló: ${r.comando.mensaje}`);
    if (file) {
      fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
      fs.copyFileSync(where, file);
      console.log(`Copia en ${path.resolve(file)}.`);
    }
    return r.verificacion === "verificado" && (!r.comando || r.comando.ok) ? 0 : 1;
  }
  const target = await openDbTarget({ mustExist: true, whenInUse: "El servidor tiene la carpeta de datos pero no respondió: revise que esté funcionando (npm start)." });
  if (typeof target === "number") return target;
  const { database } = target;
  try {
    const out = file ?? path.join("backups", backupFileName(new Date()));
    const summary = await dumpToFile(database.pool, out, { engine: database.kind });
    const rows = summary.tables.reduce((s, t) => s + t.rows, 0);
    console.log(`Respaldo escrito en ${path.resolve(out)}: ${summary.tables.length} tablas, ${rows} filas, migraciones ${summary.migrations.join(", ")}.`);
    return 0;
  } finally {
    await database.close();
  }
});
