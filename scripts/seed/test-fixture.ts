// The demo database of the seed tests, seeded once per test run (tests/templates.ts): each
// test file gets its own copy, so no file sees another's writes.
import type { Database } from "../../server/db/connect";
import { runMigrations } from "../../server/db/migrate";
import { openFromTemplate } from "../../tests/templates";
import { seed } from "./index";

/** A throw-away database, migrated and seeded at demo scale. */
export function openDemoDatabase(): Promise<Database> {
  return openFromTemplate("demo", async (database) => {
    await runMigrations(database);
    await seed(database, { scale: "demo" });
  });
}
