// One statement on a PostgreSQL server through a connection of its own (create or drop a
// database: neither runs inside a pool's transaction): the bench, the drills and the tests
// that make throw-away databases share it.
import pg from "pg";

export async function adminQuery(url: string, sql: string): Promise<void> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    await c.query(sql);
  } finally {
    await c.end();
  }
}
