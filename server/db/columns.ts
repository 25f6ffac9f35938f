// Tables and API rows share their field names: a table's TS keys are its column names,
// the same snake_case names the API answers (src/domain/<area> declares the row with zod).
// So a row is selected as it is stored, with no column map written by hand:
//
//   db.select(rowColumns(clientes, clienteRow)).from(clientes)   // → ClienteRow[]
//
// and server/db/schema ties each table to its row at compile time:
//
//   export type SalesRows = [Expect<Stores<typeof clientes, ClienteRow>>, …];
import { getTableColumns, type Table } from "drizzle-orm";
import type { z } from "zod";

type Columns<T extends Table> = T["_"]["columns"];

/** The columns of `table` that `row` (a zod object) names, by the same keys. Fields the table lacks (joined ones) are left out. */
export function rowColumns<T extends Table, S extends z.ZodObject>(table: T, row: S): Pick<Columns<T>, Extract<keyof S["shape"], keyof Columns<T>>> {
  const all = getTableColumns(table) as Record<string, unknown>;
  return Object.fromEntries(Object.keys(row.shape).filter((k) => k in all).map((k) => [k, all[k]])) as never;
}

export type Equal<A, B> = (<X>() => X extends A ? 1 : 2) extends <X>() => X extends B ? 1 : 2 ? true : false;
export type Expect<T extends true> = T;

/**
 * True when table `T` stores every field of `Row` under the same name with the same type
 * (null included). A field renamed, added or retyped on one side only makes it false, and
 * `Expect<…>` then fails `npm run typecheck`.
 */
export type Stores<T extends Table, Row> = [Exclude<keyof Row, keyof T["$inferSelect"]>] extends [never]
  ? Equal<Pick<T["$inferSelect"], keyof Row & keyof T["$inferSelect"]>, Row>
  : false;

/**
 * A declared resource (src/domain/resources) stored by table `T`: every field of the
 * declaration, and the id, under the same name with the same type as its column.
 */
export type Declares<T extends Table, R extends { readonly $stored?: object }> = Stores<T, NonNullable<R["$stored"]>>;
