// Bulk inserts for the seeders: rows go in as chunks of one JSON parameter each
// (json_to_recordset): one statement and one bound value per few thousand rows, so the
// bench scale seeds in seconds.
//
// The reserved-stock triggers (migration 0011: pautas, salidas_inventario,
// seguimiento_obras, materiales) are switched off around a seeder's insert, in its
// transaction: each would refresh thousands of products per chunk, planned against a
// table whose statistics do not know it is filling (BENCH_SCALE=10 spent most of its time
// there). seed() sets every derived figure from its definition once at the end.
import { sql } from "drizzle-orm";
import type { Tx } from "../../server/services/write";

const CHUNK = 5000;

/** [column, PostgreSQL type] pairs of the rows to insert. */
export type Columns = readonly (readonly [name: string, type: string])[];

/** Inserts `rows` into `table` (only `columns`), returning `returning` of each row when asked. */
export async function insertJson<T = never>(tx: Tx, table: string, columns: Columns, rows: readonly Record<string, unknown>[], returning?: string): Promise<T[]> {
  const names = columns.map(([n]) => `"${n}"`).join(", ");
  const types = columns.map(([n, t]) => `"${n}" ${t}`).join(", ");
  const out: T[] = [];
  const triggers = await reservadoTriggers(tx, table);
  for (const t of triggers) await tx.execute(sql.raw(`alter table ${table} disable trigger "${t}"`));
  for (let i = 0; i < rows.length; i += CHUNK) {
    const chunk = JSON.stringify(rows.slice(i, i + CHUNK));
    const result = await tx.execute(
      sql`insert into ${sql.raw(table)} (${sql.raw(names)}) select ${sql.raw(names)} from json_to_recordset(${chunk}::json) as x(${sql.raw(types)})${sql.raw(returning ? ` returning ${returning}` : "")}`,
    );
    out.push(...(result.rows as T[]));
  }
  for (const t of triggers) await tx.execute(sql.raw(`alter table ${table} enable trigger "${t}"`));
  return out;
}

/** The enabled reserved-stock triggers of `table` (their functions are named ventanal_reservado_*). */
async function reservadoTriggers(tx: Tx, table: string): Promise<string[]> {
  const result = await tx.execute<{ name: string }>(sql`
    select t.tgname as name from pg_trigger t join pg_proc p on p.oid = t.tgfoid
     where t.tgrelid = ${table}::regclass and not t.tgisinternal and t.tgenabled <> 'D' and p.proname like 'ventanal\_reservado\_%'`);
  return result.rows.map((r) => r.name);
}
