// Bulk inserts for the seeders: rows go in as chunks of one JSON parameter each
// (json_to_recordset): one statement and one bound value per few thousand rows, so the
// bench scale seeds in seconds.
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
  for (let i = 0; i < rows.length; i += CHUNK) {
    const chunk = JSON.stringify(rows.slice(i, i + CHUNK));
    const result = await tx.execute(
      sql`insert into ${sql.raw(table)} (${sql.raw(names)}) select ${sql.raw(names)} from json_to_recordset(${chunk}::json) as x(${sql.raw(types)})${sql.raw(returning ? ` returning ${returning}` : "")}`,
    );
    out.push(...(result.rows as T[]));
  }
  return out;
}
