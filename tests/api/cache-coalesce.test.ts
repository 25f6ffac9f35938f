// The list cache computes one answer of a key at a time (server/lists/cache.ts): a request
// that arrives while an answer is being built from before it waits and gets an answer read
// after it arrived (never the older one), and the requests that arrive meanwhile share that
// next build instead of each building its own.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { Database } from "../../server/db/connect";
import { cachedList, cacheStats } from "../../server/lists/cache";
import { openMigratedTestDatabase } from "../helpers";

let database: Database;
beforeAll(async () => {
  database = await openMigratedTestDatabase();
});
afterAll(() => database.close());

it("a request arriving during an older build gets a newer answer, and the requests arriving together share one build", async () => {
  const db = database.db;
  const count = async () => Number((await db.execute<{ n: string }>(sql`select count(*) as n from clientes`)).rows[0].n);
  let gate = null as (() => void) | null;
  let builds = 0;
  const compute = async () => {
    builds += 1;
    const n = await count();
    if (builds === 1) await new Promise<void>((r) => (gate = r)); // the first build is slow
    return { rows: [{ n }], total: null };
  };
  const key = "prueba-coalesce";
  const first = cachedList(db, key, compute);
  while (!gate) await new Promise((r) => setTimeout(r, 5));
  await database.pool.query("insert into clientes (nombre) values ('Cliente Nuevo')"); // committed before the next requests
  const later = [cachedList(db, key, compute), cachedList(db, key, compute), cachedList(db, key, compute)];
  await new Promise((r) => setTimeout(r, 50));
  expect(builds).toBe(1); // the later requests wait for the running build
  gate!();
  expect(JSON.parse((await first).body.toString())).toEqual([{ n: 0 }]);
  for (const answer of await Promise.all(later)) expect(JSON.parse(answer.body.toString())).toEqual([{ n: 1 }]);
  expect(builds).toBe(2); // one build for the three
  expect(cacheStats(db).computed).toBe(2);
});
