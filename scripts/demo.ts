// `npm run demo`: the app on a FRESH demo database (wiped at every start) with demo data
// and one user per role (password ventanal123). PGlite in DATA_DIR (default ./data-demo)
// or the PostgreSQL database of DATABASE_URL. Only an empty or demo-marked database is
// ever wiped (scripts/demo-db.ts); the demo marks it, and `npm start` then refuses it
// unless ALLOW_DEMO_DATA=1 (server/db/demo.ts).
import path from "node:path";
import { markDemoDatabase } from "../server/db/demo";
import { DataDirInUseError } from "../server/db/lock";
import { start } from "../server/main";
import { NotADemoError, resetDemoDataDir, resetDemoPostgres } from "./demo-db";
import { DEMO_LOGINS, DEMO_PASSWORD, seed } from "./seed";

async function main(): Promise<void> {
  const databaseUrl = process.env.DATABASE_URL || undefined;
  const dataDir = process.env.DATA_DIR || "./data-demo";
  try {
    if (databaseUrl) await resetDemoPostgres(databaseUrl);
    else resetDemoDataDir(dataDir);
  } catch (err) {
    if (err instanceof NotADemoError || err instanceof DataDirInUseError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }

  const { url } = await start({
    config: { databaseUrl, dataDir, allowDemoData: true },
    async prepare(database) {
      await markDemoDatabase(database.pool);
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
