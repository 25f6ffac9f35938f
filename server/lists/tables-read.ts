// The tables the statements of an answer read (server/lists/cache.ts): Drizzle's logger
// (server/db/connect.ts) hands every statement the app runs through `db` to `noteQuery`,
// which adds the table names in its text to the set of the answer being computed in this
// async context. Its own module, so that the connection and the cache do not import each
// other.
import { AsyncLocalStorage } from "node:async_hooks";
import { getTableName, is } from "drizzle-orm";
import { PgTable } from "drizzle-orm/pg-core";
import * as schema from "../db/schema";

/** Every table of the schema, by name (what `noteQuery` looks for in a statement). */
const TABLES: ReadonlySet<string> = new Set(
  (Object.values(schema) as unknown[])
    .filter((v): v is PgTable => is(v, PgTable))
    .map((t) => getTableName(t))
    .filter((name) => name !== "cambios_tabla"),
);

/** The tables a statement names (quoted or not; a column named like a table only costs a needless refresh). */
export function tablesIn(text: string): string[] {
  let found = tablesOfText.get(text);
  if (!found) {
    const names = new Set<string>();
    for (const word of text.match(/[A-Za-z_][A-Za-z0-9_]*/g) ?? []) if (TABLES.has(word)) names.add(word);
    found = [...names];
    if (tablesOfText.size > 5000) tablesOfText.clear();
    tablesOfText.set(text, found);
  }
  return found;
}
const tablesOfText = new Map<string, string[]>();

/** The tables read by the answer being computed in this async context. */
const reading = new AsyncLocalStorage<Set<string>>();

/** Drizzle's logger (server/db/connect.ts): every statement the app runs through `db`. */
export function noteQuery(text: string): void {
  const store = reading.getStore();
  if (store) for (const t of tablesIn(text)) store.add(t);
}

/** Runs `compute` with `read` as the set its statements' tables are added to. */
export function tablesReadBy<T>(read: Set<string>, compute: () => Promise<T>): Promise<T> {
  return reading.run(read, compute);
}

/** Adds a cached answer's tables ([table, version] pairs) to the answer being computed, if any: one built from another reads its tables. */
export function noteTablesRead(reads: readonly (readonly [table: string, version: number])[]): void {
  const outer = reading.getStore();
  if (outer) for (const [t] of reads) outer.add(t);
}
