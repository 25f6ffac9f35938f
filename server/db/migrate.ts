import path from "node:path";
import { fileURLToPath } from "node:url";
import { migrate } from "drizzle-orm/node-postgres/migrator";
import type { Database } from "./connect";

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), "migrations");

/** Lock key of the migrations (pg_advisory_lock): several processes may start at once on one PostgreSQL. */
const MIGRATIONS_LOCK = 4240;

/**
 * The same migrations for PGlite and PostgreSQL, applied on every start. On PostgreSQL the
 * processes starting together take turns (a session-level advisory lock on a connection of
 * its own): the second finds the migrations applied. Then every table gets its change
 * counter trigger (server/lists/cache.ts), those of later migrations too.
 */
export async function runMigrations(database: Database): Promise<void> {
  if (database.kind === "pglite") {
    // One connection only: no lock (one process owns the data directory anyway).
    await migrate(database.db, { migrationsFolder });
    await database.pool.query("select ventanal_seguir_cambios()");
    return;
  }
  const client = await database.pool.connect();
  try {
    await client.query("select pg_advisory_lock($1)", [MIGRATIONS_LOCK]);
    try {
      await migrate(database.db, { migrationsFolder });
      await client.query("select ventanal_seguir_cambios()");
    } finally {
      await client.query("select pg_advisory_unlock($1)", [MIGRATIONS_LOCK]);
    }
  } finally {
    client.release();
  }
}
