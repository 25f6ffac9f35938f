// The live text of the SQL functions and their triggers lives in server/db/functions/, one
// file a function, applied after the numbered migrations on every start (issue 33.4). On a
// fresh database: every function and trigger the migrations left has its file, the files
// are exactly what runs once applied (a function changed since migration 0034 changes in its
// file only), applying them again changes nothing, and a start repairs a function or trigger
// that differs from its file. Runs on PGlite and on PostgreSQL.
import fs from "node:fs";
import path from "node:path";
import type pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../server/db/connect";
import { runMigrations } from "../../server/db/migrate";
import { applySqlFunctions, functionsFolder, liveDefinitions, readSqlFunctions } from "../../server/db/sql-functions";
import { openTestDatabase } from "../helpers";

/** The last migration that may define a function; later ones leave bodies to server/db/functions/. */
const LAST_MIGRATION_WITH_BODIES = 34;

let database: Database;
let client: pg.PoolClient;
let afterMigrations: Awaited<ReturnType<typeof liveDefinitions>>;
/** What runs after a start: the migrations, then the files. */
let live: Awaited<ReturnType<typeof liveDefinitions>>;

const filesAsMaps = () => {
  const statements = readSqlFunctions();
  return {
    functions: new Map(statements.filter((s) => s.kind === "function").map((s) => [s.name, s.text])),
    triggers: new Map(statements.filter((s) => s.kind === "trigger").map((s) => [`${s.table!.replace(/^public\./, "")} ${s.name}`, s.text])),
  };
};

describe("SQL functions: one file each, the live text", () => {
  beforeAll(async () => {
    database = await openTestDatabase();
    await runMigrations(database, { functions: false });
    client = await database.pool.connect();
    afterMigrations = await liveDefinitions(client);
    await applySqlFunctions(client);
    live = await liveDefinitions(client);
  });
  afterAll(async () => {
    client?.release();
    await database?.close();
  });

  it("every function and trigger the migrations leave has a file", () => {
    const files = filesAsMaps();
    expect(afterMigrations.functions.size).toBeGreaterThanOrEqual(23);
    for (const name of afterMigrations.functions.keys()) expect(files.functions.has(name), name).toBe(true);
    for (const name of afterMigrations.triggers.keys()) expect(files.triggers.has(name), name).toBe(true);
  });

  it("once applied, the files are exactly the functions and triggers that run, and nothing more", () => {
    const files = filesAsMaps();
    expect([...files.functions.keys()].sort()).toEqual([...live.functions.keys()].sort());
    expect([...files.triggers.keys()].sort()).toEqual([...live.triggers.keys()].sort());
    for (const [name, def] of live.functions) expect(files.functions.get(name), name).toBe(def);
    for (const [name, def] of live.triggers) expect(files.triggers.get(name), name).toBe(def);
  });

  it("a function's file is named after it and holds only it and its triggers", () => {
    for (const s of readSqlFunctions()) {
      if (s.kind === "function") expect(s.file).toBe(`${s.name}.sql`);
      else expect(s.text).toContain(`EXECUTE FUNCTION ${s.file.replace(/\.sql$/, "")}(`);
    }
  });

  it("on a started database nothing differs; applying every file leaves the same definitions", async () => {
    expect(await applySqlFunctions(client)).toBe(0);
    expect(await applySqlFunctions(client, { force: true })).toBe(readSqlFunctions().length);
    const after = await liveDefinitions(client);
    expect(after.functions).toEqual(live.functions);
    expect(after.triggers).toEqual(live.triggers);
  });

  it("a start puts back a function or trigger that differs from its file", async () => {
    await client.query("CREATE OR REPLACE FUNCTION ventanal_tablas_sin_cambios() RETURNS text[] AS $$ SELECT ARRAY['cambios_tabla'] $$ LANGUAGE sql IMMUTABLE");
    await client.query("DROP TRIGGER auditoria_no_truncate ON auditoria");
    await runMigrations(database);
    const after = await liveDefinitions(client);
    expect(after.functions).toEqual(live.functions);
    expect(after.triggers).toEqual(live.triggers);
    // And the next start finds nothing to do.
    expect(await applySqlFunctions(client)).toBe(0);
  });

  it("migrations after this change copy no function body", () => {
    const folder = path.join(functionsFolder, "..", "migrations");
    const later = fs.readdirSync(folder).filter((f) => f.endsWith(".sql") && Number(f.slice(0, 4)) > LAST_MIGRATION_WITH_BODIES);
    for (const file of later) {
      expect(fs.readFileSync(path.join(folder, file), "utf8"), file).not.toMatch(/CREATE\s+(OR\s+REPLACE\s+)?(FUNCTION|PROCEDURE)/i);
    }
  });
});
