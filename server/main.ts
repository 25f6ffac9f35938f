// `npm start`: migrations, first admin, then the app on PORT. SIGTERM finishes the
// requests in flight and closes the database.
import { loadConfig } from "./config";
import { openDatabase } from "./db/connect";
import { DataDirInUseError } from "./db/lock";
import { runMigrations } from "./db/migrate";
import { buildApp } from "./app";
import { bootstrapAdmin } from "./services/auth/bootstrap-admin";
import { purgeIdempotencyKeys } from "./plugins/idempotency";

export async function start(): Promise<void> {
  const config = loadConfig();
  let database;
  try {
    database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  } catch (err) {
    if (err instanceof DataDirInUseError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  await runMigrations(database);
  const app = await buildApp({ database, config });
  await bootstrapAdmin({ db: database.db, user: null, route: "inicio" }, { email: config.adminEmail, password: config.adminPassword });
  await purgeIdempotencyKeys(app);
  const purge = setInterval(() => purgeIdempotencyKeys(app).catch(() => {}), 3600_000);
  purge.unref();

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info(`${signal}: cerrando (se terminan las solicitudes en curso)`);
    clearInterval(purge);
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  process.on("SIGINT", () => void shutdown("SIGINT"));

  await app.listen({ port: config.port, host: config.host });
  app.log.info(`Ventanal en http://localhost:${config.port} (base de datos: ${database.kind})`);
}

start().catch((err) => {
  console.error(err);
  process.exit(1);
});
