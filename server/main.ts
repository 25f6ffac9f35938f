// `npm start`: migrations, first admin, then the app on PORT. SIGTERM finishes the
// requests in flight and closes the database. `start(opts)` is also used by the demo
// (scripts/demo.ts) and the benchmark (bench/run.ts) with their own settings.
import { pathToFileURL } from "node:url";
import { writeLocalBackupAccess, removeLocalBackupAccess } from "./services/respaldos/local-access";
import type { AddressInfo } from "node:net";
import type { FastifyInstance } from "fastify";
import { loadConfig, type Config } from "./config";
import { openDatabase, type Database } from "./db/connect";
import { DataDirInUseError } from "./db/lock";
import { DemoDatabaseError, isDemoDatabase, isDemoDataDir } from "./db/demo";
import { runMigrations } from "./db/migrate";
import { buildApp } from "./app";
import { bootstrapAdmin } from "./services/auth/bootstrap-admin";
import { purgeIdempotencyKeys } from "./plugins/idempotency";
import { purgeLoginAttempts } from "./services/auth/throttle-store";
import { DEFAULT_THROTTLE } from "./services/auth/throttle";

export interface StartOptions {
  /** Settings that replace the environment's (loadConfig) ones. */
  config?: Partial<Config>;
  /** Runs after the migrations and before the first-admin check (the demo seeds here). */
  prepare?: (database: Database) => Promise<void>;
  /** Stop and exit the process on SIGTERM/SIGINT (default true, as `npm start`). */
  handleSignals?: boolean;
}

export interface Started {
  app: FastifyInstance;
  database: Database;
  /** http://localhost:PORT with the port actually bound (PORT 0 picks a free one). */
  url: string;
  /** Finishes the requests in flight, then closes the database. */
  stop(): Promise<void>;
}

export async function start(opts: StartOptions = {}): Promise<Started> {
  const config = { ...loadConfig(), ...opts.config };
  // A demo's database (published password, sample data) is never served by mistake.
  const where = config.databaseUrl ? "La base de datos de DATABASE_URL" : `La carpeta de datos ${config.dataDir}`;
  if (!config.databaseUrl && !config.allowDemoData && isDemoDataDir(config.dataDir)) throw new DemoDatabaseError(where);
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
  if (!config.allowDemoData && (await isDemoDatabase(database.pool))) {
    await database.close();
    throw new DemoDatabaseError(where);
  }
  await runMigrations(database);
  await opts.prepare?.(database);
  const app = await buildApp({ database, config });
  await bootstrapAdmin({ db: database.db, user: null, route: "inicio" }, { email: config.adminEmail, password: config.adminPassword });
  const purgeAll = async () => {
    await purgeIdempotencyKeys(app);
    await purgeLoginAttempts(database.db, DEFAULT_THROTTLE.windowMs);
  };
  await purgeAll();
  const purge = setInterval(() => purgeAll().catch(() => {}), 3600_000);
  purge.unref();

  let stopped: Promise<void> | null = null;
  const stop = () =>
    (stopped ??= (async () => {
      clearInterval(purge);
      removeLocalBackupAccess(config.dataDir, app.backups.localToken);
      await app.close();
      await database.close();
    })());
  if (opts.handleSignals ?? true) {
    const shutdown = async (signal: string) => {
      if (stopped) return;
      app.log.info(`${signal}: cerrando (se terminan las solicitudes en curso)`);
      await stop();
      process.exit(0);
    };
    process.on("SIGTERM", () => void shutdown("SIGTERM"));
    process.on("SIGINT", () => void shutdown("SIGINT"));
  }

  await app.listen({ port: config.port, host: config.host });
  const url = `http://localhost:${(app.server.address() as AddressInfo).port}`;
  // Backups on their schedule, and the secret `npm run backup` uses to ask this server for one.
  app.backups.localToken = writeLocalBackupAccess(config.dataDir, `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`);
  app.backups.startSchedule();
  app.log.info(`Ventanal en ${url} (base de datos: ${database.kind})`);
  return { app, database, url, stop };
}

// `tsx server/main.ts` starts the server; importing this module does not.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  start().catch((err) => {
    console.error(err instanceof DemoDatabaseError ? err.message : err);
    process.exit(1);
  });
}
