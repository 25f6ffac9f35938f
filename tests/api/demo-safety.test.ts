// Demo database safety (issue 23.7): "npm run demo" only ever wipes and seeds a database
// with no tables at all or one an earlier demo marked as its own, and "npm start" refuses a
// demo-marked database (its users share a published password) unless ALLOW_DEMO_DATA=1.
// On PostgreSQL when TEST_DATABASE_URL is set, and on PGlite data directories.
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { adminQuery } from "../../scripts/pg-admin";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase } from "../../server/db/connect";
import { isDemoDatabase, markDemoDatabase } from "../../server/db/demo";
import { runMigrations } from "../../server/db/migrate";
import { start } from "../../server/main";
import { MSG_BASE_CON_TABLAS, NotADemoError, resetDemoPostgres } from "../../scripts/demo-db";
import { openServerTestDatabase } from "../helpers";
import { CHILD_PROCESS_TIMEOUT_MS } from "../timeouts";

const ROOT = path.resolve(import.meta.dirname, "../..");
const PG_URL = process.env.TEST_DATABASE_URL;
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "ventanal-demo-"));
const created: string[] = [];


/** A new PostgreSQL database on the test server; its URL. */
async function newDatabase(): Promise<string> {
  const name = `ventanal_demo_t_${randomBytes(5).toString("hex")}`;
  await adminQuery(PG_URL!, `create database ${name}`);
  created.push(name);
  const u = new URL(PG_URL!);
  u.pathname = `/${name}`;
  return u.toString();
}

async function query(url: string, sql: string): Promise<Record<string, unknown>[]> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return (await c.query(sql)).rows;
  } finally {
    await c.end();
  }
}

afterAll(async () => {
  fs.rmSync(tmp, { recursive: true, force: true });
  for (const name of created) await adminQuery(PG_URL!, `drop database if exists ${name} with (force)`);
});

/** Runs a script with tsx; its exit code and output (killed after `ms`: it was serving). */
function run(script: string, env: Record<string, string>, ms = 45_000): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ["--import", "tsx", script], {
      cwd: ROOT,
      env: { ...process.env, PORT: "0", HOST: "127.0.0.1", LOG_LEVEL: "silent", WEB_DIR: "", DATABASE_URL: "", ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let out = "";
    child.stdout.on("data", (d) => (out += d));
    child.stderr.on("data", (d) => (out += d));
    const timer = setTimeout(() => child.kill("SIGKILL"), ms);
    child.on("exit", (code) => {
      clearTimeout(timer);
      resolve({ code, out });
    });
  });
}

const quiet = { port: 0, host: "127.0.0.1", webDir: undefined, logLevel: "silent" };

describe.skipIf(!PG_URL)("demo database safety on PostgreSQL", () => {
  it("23.7 npm run demo leaves a database holding another application's table intact", async () => {
    const url = await newDatabase();
    await query(url, "create table contabilidad_otra (id int primary key, glosa text); insert into contabilidad_otra values (1, 'asiento')");
    const { code, out } = await run("scripts/demo.ts", { DATABASE_URL: url });
    expect(code).toBe(1);
    expect(out).toContain("no la creó una demostración");
    expect(await query(url, "select id, glosa from contabilidad_otra")).toEqual([{ id: 1, glosa: "asiento" }]);
    expect(await query(url, "select count(*)::int as n from pg_tables where schemaname = 'public'")).toEqual([{ n: 1 }]);
  });

  it("23.7 npm start refuses a demo-marked database unless ALLOW_DEMO_DATA=1", async () => {
    const url = await newDatabase();
    await query(url, "create table ventanal_demo (creada_en timestamptz not null default now()); insert into ventanal_demo default values"); // an earlier demo's mark
    await expect(start({ config: { ...quiet, databaseUrl: url }, handleSignals: false })).rejects.toThrow(/demostración/);
    expect(await query(url, "select to_regclass('public.usuarios') is null as untouched")).toEqual([{ untouched: true }]);
    const cli = await run("server/main.ts", { DATABASE_URL: url }, 30_000);
    expect(cli.code).toBe(1);
    expect(cli.out).toContain("ALLOW_DEMO_DATA=1");
    const allowed = await start({ config: { ...quiet, databaseUrl: url, allowDemoData: true } as never, handleSignals: false });
    await allowed.stop();
  });
});

describe.skipIf(!PG_URL)("the demo's own database on PostgreSQL", () => {
  it("an empty database becomes the demo's: marked before its tables exist, refused by start, wiped again by the next demo", async () => {
    const url = await newDatabase();
    await resetDemoPostgres(url);
    expect(await query(url, "select to_regclass('public.demostracion') is null as bare")).toEqual([{ bare: true }]);
    await expect(start({ config: { ...quiet, databaseUrl: url }, handleSignals: false })).rejects.toThrow(/ALLOW_DEMO_DATA=1/); // marked already
    const demo = await start({ config: { ...quiet, databaseUrl: url, allowDemoData: true }, prepare: (d) => markDemoDatabase(d.pool), handleSignals: false });
    await demo.stop();
    expect(await query(url, "select marca from demostracion")).toEqual([{ marca: "npm run demo" }]);
    await expect(start({ config: { ...quiet, databaseUrl: url }, handleSignals: false })).rejects.toThrow(/demostración/);
    await query(url, "insert into clientes (nombre) values ('Cliente de ejemplo')");
    await resetDemoPostgres(url); // its own: emptied again
    expect(await query(url, "select to_regclass('public.clientes') is null as wiped")).toEqual([{ wiped: true }]);
  });

  it("a Ventanal database that no demo made is refused by the demo and left intact", async () => {
    const url = await newDatabase();
    const database = await openDatabase({ databaseUrl: url });
    await runMigrations(database);
    await database.pool.query("insert into clientes (nombre) values ('Cliente real')");
    // Tables and views (reservas_obra), as the demo's check counts them.
    const tables = (await database.pool.query("select count(*)::int as n from pg_class c join pg_namespace s on s.oid = c.relnamespace where c.relkind in ('r', 'v') and s.nspname in ('public', 'drizzle')")).rows[0].n;
    await database.close();
    const refusal = resetDemoPostgres(url);
    await expect(refusal).rejects.toBeInstanceOf(NotADemoError);
    await expect(refusal).rejects.toThrow(MSG_BASE_CON_TABLAS(tables));
    expect(await query(url, "select nombre from clientes")).toEqual([{ nombre: "Cliente real" }]);
  });
});

describe("demo data directory safety on PGlite", { timeout: CHILD_PROCESS_TIMEOUT_MS }, () => {
  it("npm run demo leaves a data directory holding other files intact", async () => {
    const dir = path.join(tmp, "otra");
    fs.mkdirSync(dir);
    fs.writeFileSync(path.join(dir, "libro.db"), "datos de otra aplicación");
    const { code, out } = await run("scripts/demo.ts", { DATA_DIR: dir });
    expect(code).toBe(1);
    expect(out).toContain("no son de demostración");
    expect(fs.readdirSync(dir)).toEqual(["libro.db"]);
  });

  it("23.7 npm start refuses a demo-marked data directory unless ALLOW_DEMO_DATA=1", async () => {
    const dir = path.join(tmp, "demo");
    fs.mkdirSync(dir);
    fs.writeFileSync(path.join(dir, ".ventanal-demo"), "Carpeta de demostración de Ventanal\n"); // an earlier demo's mark
    await expect(start({ config: { ...quiet, dataDir: dir }, handleSignals: false })).rejects.toThrow(/demostración/);
    expect(fs.readdirSync(dir)).toEqual([".ventanal-demo"]); // not even opened
    const allowed = await start({ config: { ...quiet, dataDir: dir, allowDemoData: true } as never, handleSignals: false });
    await allowed.stop();
  });

  it("a database marked by a demo is refused even without the directory's mark (a demo backup restored elsewhere)", async () => {
    const dir = path.join(tmp, "restaurada");
    // A server's data directory (a copy of the run's template: migrated, its first administrator).
    const database = await openServerTestDatabase({ dataDir: dir });
    await markDemoDatabase(database.pool);
    expect(await isDemoDatabase(database.pool)).toBe(true);
    await database.close();
    await expect(start({ config: { ...quiet, dataDir: dir }, handleSignals: false })).rejects.toThrow(/La carpeta de datos .* es una base de datos de demostración/);
  });
});
