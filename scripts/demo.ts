// `npm run demo`: the app on a FRESH demo database (wiped at every start) with demo data
// and one user per role (password ventanal123). PGlite in DATA_DIR (default ./data-demo)
// or the PostgreSQL database of DATABASE_URL. Only a demo database is ever wiped: a
// directory or database holding other Ventanal data is refused.
import fs from "node:fs";
import path from "node:path";
import pg from "pg";
import { acquireDataDirLock, DataDirInUseError } from "../server/db/lock";
import { start } from "../server/main";
import { DEMO_LOGINS, DEMO_PASSWORD, seed } from "./seed";

const MARKER_FILE = ".ventanal-demo";
const MARKER_TABLE = "ventanal_demo";

class NotADemoError extends Error {}

/** Empties the demo data directory (keeping it marked as a demo directory). */
function resetDataDir(dataDir: string): void {
  const entries = fs.existsSync(dataDir) ? fs.readdirSync(dataDir) : [];
  if (entries.length > 0 && !entries.includes(MARKER_FILE)) {
    throw new NotADemoError(
      `La carpeta ${path.resolve(dataDir)} tiene datos que no son de demostración y "npm run demo" la borraría. Use una carpeta vacía (DATA_DIR=./data-demo).`,
    );
  }
  const release = acquireDataDirLock(dataDir); // refuses while a demo still runs on it
  try {
    for (const entry of fs.readdirSync(dataDir)) {
      if (entry !== "ventanal.lock") fs.rmSync(path.join(dataDir, entry), { recursive: true, force: true });
    }
    fs.writeFileSync(path.join(dataDir, MARKER_FILE), "Carpeta de demostración de Ventanal: se borra en cada `npm run demo`.\n");
  } finally {
    release();
  }
}

/** Empties the demo database: an empty database, or one a previous demo marked. */
async function resetPostgres(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query(`select to_regclass('public.usuarios') is not null as ventanal, to_regclass('public.${MARKER_TABLE}') is not null as demo`);
    if (rows[0].ventanal && !rows[0].demo) {
      throw new NotADemoError("DATABASE_URL apunta a una base de datos de Ventanal que no es de demostración y \"npm run demo\" la borraría. Use una base de datos vacía.");
    }
    await client.query("drop schema if exists drizzle cascade");
    await client.query("drop schema if exists public cascade");
    await client.query("create schema public");
    await client.query(`create table ${MARKER_TABLE} (creada_en timestamptz not null default now())`);
    await client.query(`insert into ${MARKER_TABLE} default values`);
  } finally {
    await client.end();
  }
}

async function main(): Promise<void> {
  const databaseUrl = process.env.DATABASE_URL || undefined;
  const dataDir = process.env.DATA_DIR || "./data-demo";
  try {
    if (databaseUrl) await resetPostgres(databaseUrl);
    else resetDataDir(dataDir);
  } catch (err) {
    if (err instanceof NotADemoError || err instanceof DataDirInUseError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }

  const { url } = await start({
    config: { databaseUrl, dataDir },
    async prepare(database) {
      console.log("Cargando datos de demostración…");
      await seed(database, { scale: "demo", log: console.log });
    },
  });

  const width = Math.max(...DEMO_LOGINS.map((u) => u.rol.length));
  const mailWidth = Math.max(...DEMO_LOGINS.map((u) => u.correo.length));
  console.log(`\nDemostración de Ventanal en ${url}`);
  console.log(`Base de datos nueva: ${databaseUrl ? "PostgreSQL (DATABASE_URL)" : path.resolve(dataDir)}; se borra en cada "npm run demo".`);
  console.log(`Contraseña de todos los usuarios: ${DEMO_PASSWORD}\n`);
  console.log(`  ${"Rol".padEnd(width)}  ${"Correo".padEnd(mailWidth)}  Nombre`);
  for (const u of DEMO_LOGINS) console.log(`  ${u.rol.padEnd(width)}  ${u.correo.padEnd(mailWidth)}  ${u.nombre}`);
  console.log("\nCtrl+C para detener.\n");
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
