import path from "node:path";
import { fileURLToPath } from "node:url";
import { migrate } from "drizzle-orm/node-postgres/migrator";
import type pg from "pg";
import type { Database } from "./connect";
import { applySqlFunctions } from "./sql-functions";

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), "migrations");

/** Lock key of the migrations (pg_advisory_lock): several processes may start at once on one PostgreSQL. */
const MIGRATIONS_LOCK = 4240;

/**
 * The same migrations for PGlite and PostgreSQL, applied on every start, then the live
 * text of the SQL functions and their triggers (server/db/functions/, only what differs:
 * server/db/sql-functions.ts). On PostgreSQL the processes starting together take turns (a
 * session-level advisory lock on a connection of its own): the second finds everything
 * applied. Then every table gets its change counter trigger (server/lists/cache.ts), those
 * of later migrations too.
 *
 * `functions: false` (tests only) stops after the numbered migrations.
 */
export async function runMigrations(database: Database, opts: { functions?: boolean } = {}): Promise<void> {
  const client = await database.pool.connect();
  try {
    // PGlite: one process owns the data directory, no lock.
    if (database.kind === "pglite") return await migrateWith(database, client, opts);
    await client.query("select pg_advisory_lock($1)", [MIGRATIONS_LOCK]);
    try {
      await migrateWith(database, client, opts);
    } finally {
      await client.query("select pg_advisory_unlock($1)", [MIGRATIONS_LOCK]);
    }
  } finally {
    client.release();
  }
}

async function migrateWith(database: Database, client: pg.PoolClient, opts: { functions?: boolean }): Promise<void> {
  await migrate(database.db, { migrationsFolder });
  if (opts.functions === false) return;
  await applySqlFunctions(client);
  await client.query("select ventanal_seguir_cambios()");
}
