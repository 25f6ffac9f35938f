// The database the bench/explain-*.ts scripts explain their statements on: the PostgreSQL
// database of EXPLAIN_DATABASE_URL, created when missing, migrated, and seeded with the
// bench's own data (scripts/seed) at BENCH_SCALE (default 10) when empty, then kept for the
// next run (loading ×10 takes minutes). `seededTable` is a table the seed fills, to tell.
import { openDatabase, type Database } from "../server/db/connect";
import { runMigrations } from "../server/db/migrate";
import { seed } from "../scripts/seed";
import { adminQuery } from "../scripts/pg-admin";

export const EXPLAIN_SCALE = Number(process.env.BENCH_SCALE || 10);

export async function openExplainDatabase(seededTable: string): Promise<Database> {
  const url = process.env.EXPLAIN_DATABASE_URL;
  if (!url) throw new Error("EXPLAIN_DATABASE_URL: la base de PostgreSQL a usar (se crea si falta, se carga si está vacía)");
  const server = new URL(url);
  server.pathname = "/postgres";
  try {
    await adminQuery(server.toString(), `create database "${decodeURIComponent(new URL(url).pathname.slice(1)).replace(/"/g, '""')}"`);
  } catch (err) {
    if ((err as { code?: string }).code !== "42P04") throw err; // it exists: kept from an earlier run
  }
  const database = await openDatabase({ databaseUrl: url });
  const m0 = performance.now();
  await runMigrations(database);
  console.log(`migraciones en ${((performance.now() - m0) / 1000).toFixed(1)} s`);
  if (Number((await database.pool.query(`select count(*)::int as n from ${seededTable}`)).rows[0].n) === 0) {
    const t0 = performance.now();
    await seed(database, { scale: EXPLAIN_SCALE === 1 ? "bench" : 2000 * EXPLAIN_SCALE, log: console.log });
    console.log(`datos cargados en ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  }
  return database;
}
