// Databases built once per test run and copied into each test file (issue 22.6): a fresh
// PGlite spends ~2 s of CPU in initdb and ~0.7 s in the ten migrations, a seeded demo
// ~5 s more; the test files of one run each get a COPY of the same migrated (or seeded)
// database instead, so no database is shared between files.
//
// How: tests/global-setup.ts provides one empty folder per run (`inject("templateDir")`).
// The first test file that needs a template takes its lock (an atomic mkdir), builds its
// own database the ordinary way, dumps it into the folder and goes on using it; a file
// that finds the template ready starts from a copy (PGlite `loadDataDir`, PostgreSQL
// `CREATE DATABASE … TEMPLATE`); a file that finds it being built builds its own the
// ordinary way (no one waits, so the second core never idles). Without the setup (another
// config), every file builds its own, as before.
import fs from "node:fs";
import path from "node:path";
import { randomBytes } from "node:crypto";
import { inject } from "vitest";
import { adminQuery } from "../scripts/pg-admin";
import { openDatabase, type Database } from "../server/db/connect";

declare module "vitest" {
  export interface ProvidedContext {
    /** A folder for this run's templates (tests/global-setup.ts), removed at the end. */
    templateDir: string;
  }
}

function runFolder(): string | undefined {
  try {
    const dir = inject("templateDir");
    return dir && fs.existsSync(dir) ? dir : undefined;
  } catch {
    return undefined; // not inside a vitest worker
  }
}

/** PostgreSQL: runs one statement on the server's admin database (TEST_DATABASE_URL). */
export { adminQuery };

function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

/** A new database on TEST_DATABASE_URL's server, dropped on close (optionally a copy of `template`). */
async function openPostgresCopy(url: string, template?: string): Promise<Database> {
  const name = `ventanal_t_${randomBytes(6).toString("hex")}`;
  await adminQuery(url, `create database ${name}${template ? ` template ${template}` : ""}`);
  const database = await openDatabase({ databaseUrl: withDatabase(url, name) });
  return {
    ...database,
    async close() {
      await database.close();
      await adminQuery(url, `drop database if exists ${name} with (force)`);
    },
  };
}

/** A throw-away EMPTY database: in-memory PGlite, or a new database on TEST_DATABASE_URL's server. */
export async function openEmptyDatabase(): Promise<Database> {
  const url = process.env.TEST_DATABASE_URL;
  return url ? openPostgresCopy(url) : openDatabase({ dataDir: "memory://" });
}

/**
 * A throw-away database in the state `build` leaves an empty one in, built at most once
 * per run under `key` and copied afterwards. `build` must be deterministic enough that
 * any copy passes the same tests as a database built by the file itself.
 *
 * `dataDir`: the copy is a PGlite data directory there (a server's DATA_DIR, left behind
 * as a stopped server leaves it once closed), instead of a throw-away database; with or
 * without TEST_DATABASE_URL. For the tests of a server, a backup or a script on a data
 * directory that is not new: initdb and the migrations cost ~6 s of CPU each time.
 */
export async function openFromTemplate(key: string, build: (database: Database) => Promise<void>, opts: { dataDir?: string } = {}): Promise<Database> {
  const dir = runFolder();
  // A data directory on disk is always PGlite's (as `npm start` without DATABASE_URL).
  const url = opts.dataDir ? undefined : process.env.TEST_DATABASE_URL;
  const kind = url ? "pg" : "tar";
  const ready = dir && path.join(dir, `${key}.${kind}`);
  if (ready && fs.existsSync(ready)) {
    if (!url) return openDatabase({ dataDir: opts.dataDir ?? "memory://", loadDataDir: ready });
    return openPostgresCopy(url, fs.readFileSync(ready, "utf8"));
  }
  let builder = false;
  if (dir) {
    try {
      fs.mkdirSync(path.join(dir, `${key}.${kind}.lock`));
      builder = true;
    } catch {
      builder = false; // being built by another file: build our own meanwhile
    }
  }
  if (builder && url) {
    // PostgreSQL copies only a database nobody is connected to: build the template, close it, copy it.
    const name = `ventanal_tpl_${key.replace(/\W/g, "_")}_${randomBytes(4).toString("hex")}`;
    await adminQuery(url, `create database ${name}`);
    // Written first so the run's teardown drops it whatever happens next.
    fs.writeFileSync(path.join(dir!, `${key}.pg-name`), name);
    const template = await openDatabase({ databaseUrl: withDatabase(url, name) });
    try {
      await build(template);
    } finally {
      await template.close();
    }
    fs.writeFileSync(`${ready}.tmp`, name);
    fs.renameSync(`${ready}.tmp`, ready!);
    return openPostgresCopy(url, name);
  }
  const database = opts.dataDir ? await openDatabase({ dataDir: opts.dataDir }) : await openEmptyDatabase();
  try {
    await build(database);
    if (builder && database.dumpDataDir) await publishDump(database, ready!);
  } catch (err) {
    await database.close();
    throw err;
  }
  return database;
}

/**
 * Offers `database`, in the state `key`'s build leaves one in, as this run's `key` template
 * (PGlite only), unless another file has it or is writing it: a build that passes through
 * that state on its way (the "server" template is "migrated" first) publishes it too.
 */
export async function offerTemplate(key: string, database: Database): Promise<void> {
  const dir = runFolder();
  if (!dir || !database.dumpDataDir) return;
  try {
    fs.mkdirSync(path.join(dir, `${key}.tar.lock`));
  } catch {
    return; // ready, or being built
  }
  await publishDump(database, path.join(dir, `${key}.tar`));
}

/** A PGlite database's data directory as the run's template file, renamed into place (no file reads half of it). */
async function publishDump(database: Database, file: string): Promise<void> {
  await database.dumpDataDir!(`${file}.tmp`);
  fs.renameSync(`${file}.tmp`, file);
}

/**
 * A small text computed at most once per run (e.g. a password hash), shared through the
 * run's folder; each file computes its own when there is no folder or it is being written.
 */
export async function sharedOnce(key: string, compute: () => Promise<string>): Promise<string> {
  const dir = runFolder();
  const file = dir && path.join(dir, `${key}.txt`);
  if (file && fs.existsSync(file)) return fs.readFileSync(file, "utf8");
  const value = await compute();
  if (file) {
    const tmp = `${file}.${process.pid}.tmp`;
    fs.writeFileSync(tmp, value);
    fs.renameSync(tmp, file);
  }
  return value;
}
