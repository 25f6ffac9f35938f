// One pass over a table for a figure stored on its rows: every stored value against its
// definition (a SQL expression of the row); with fix, rewrites those that differ. Used by
// the recompute of the works' and orders' figures (obras.ts, ordenes.ts).
import { sql, type SQL } from "drizzle-orm";
import type { Tx } from "../write";
import type { DerivedDifference } from "./types";

/** More differences than this are repaired with one statement over the whole table. */
const BULK = 500;

export interface StoredFigure {
  table: string;
  /** The row's key column (an integer). */
  key: string;
  column: string;
  /** The definition, over the row being read (named in full: "table"."column"). */
  expected: SQL;
  /** How a difference names its row ("OC 12"). */
  label: (key: number) => string;
  value: (v: string) => string | number;
  /** Every row's figures from scratch (after a bulk load: one pass, not a list of thousands of keys). */
  backfill: SQL;
  /** Rewrites the figures of these rows from their definitions. */
  refresh: (tx: Tx, keys: number[]) => Promise<void>;
}

export async function compareStored(tx: Tx, fix: boolean, f: StoredFigure): Promise<{ checked: number; differences: DerivedDifference[] }> {
  const [table, key, column] = [f.table, f.key, f.column].map((n) => sql.raw(`"${n}"`));
  const [{ n }] = (await tx.execute<{ n: number }>(sql`select count(*)::int as n from ${table}`)).rows;
  const rows = (
    await tx.execute<{ key: number; stored: string; expected: string }>(sql`
      select key, stored, expected from (
        select ${table}.${key} as key, ${table}.${column} as stored, ${f.expected} as expected from ${table}
      ) t where t.stored is distinct from t.expected order by key`)
  ).rows;
  const differences = rows.map((r) => ({ key: f.label(Number(r.key)), stored: f.value(r.stored), expected: f.value(r.expected) }));
  if (fix && differences.length > BULK) await tx.execute(f.backfill);
  else if (fix && differences.length > 0) await f.refresh(tx, rows.map((r) => Number(r.key)));
  return { checked: Number(n), differences };
}
