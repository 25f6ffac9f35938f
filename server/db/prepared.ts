import type { SQL } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import type { QueryResult, QueryResultRow } from "pg";
import type { Db } from "./connect";

const dialect = new PgDialect();

/**
 * A statement built once (its text and where each parameter goes) and run with the values
 * of its placeholders (`sql.placeholder(name)`): nothing is built again at each run (for a
 * statement run at every sign-in, building it was a tenth of the event loop's work). With
 * `name`, a named prepared statement: the database parses and plans it once per connection
 * (on PGlite, once per process: see pglite-wire.ts).
 */
export function prepared<T extends QueryResultRow = QueryResultRow>(db: Db, query: SQL, name?: string): (values: Record<string, unknown>) => Promise<QueryResult<T>> {
  const statement = db._.session.prepareQuery(dialect.sqlToQuery(query), undefined, name, false);
  return (values) => statement.execute(values) as Promise<QueryResult<T>>;
}
