// Where `npm run demo` may put its data (issue 23.7): only a database with no tables at
// all, or one an earlier demo marked as its own (server/db/demo.ts); a PGlite data
// directory that is empty or marked by an earlier demo. Anything else is refused with a
// Spanish message before anything is touched.
import fs from "node:fs";
import path from "node:path";
import pg from "pg";
import { DEMO_MARKER_FILE, DEMO_SCHEMA_COMMENT, isDemoDatabase } from "../server/db/demo";
import { acquireDataDirLock } from "../server/db/lock";

export class NotADemoError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "NotADemoError";
  }
}

export const MSG_BASE_CON_TABLAS = (n: number) =>
  `DATABASE_URL apunta a una base de datos que ya tiene ${n} ${n === 1 ? "tabla" : "tablas"} y no la creó una demostración: "npm run demo" no la borra ni la llena, y no se tocó nada. Use una base de datos vacía (por ejemplo, CREATE DATABASE ventanal_demo) o una que haya creado una demostración anterior.`;
export const MSG_CARPETA_CON_DATOS = (dir: string) =>
  `La carpeta ${dir} tiene datos que no son de demostración: "npm run demo" no la borra ni la llena, y no se tocó nada. Use una carpeta vacía (DATA_DIR=./data-demo) o una que haya creado una demostración anterior.`;

/** Tables, views and the like of any schema but PostgreSQL's own. */
const USER_RELATIONS = `
  select count(*)::int as n from pg_class c join pg_namespace n on n.oid = c.relnamespace
  where c.relkind in ('r', 'p', 'v', 'm', 'f')
    and n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg\\_toast%' and n.nspname not like 'pg\\_temp%'`;

/** Empties the demo's PostgreSQL database and marks it at once; refuses any other one. */
export async function resetDemoPostgres(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query(USER_RELATIONS);
    const tables = (rows[0] as { n: number }).n;
    if (tables > 0 && !(await isDemoDatabase(client))) throw new NotADemoError(MSG_BASE_CON_TABLAS(tables));
    await client.query("begin");
    await client.query("drop schema if exists drizzle cascade");
    await client.query("drop schema if exists public cascade");
    await client.query("create schema public");
    // Marked in the same transaction: a demo interrupted before its tables exist is still a demo.
    await client.query(`comment on schema public is '${DEMO_SCHEMA_COMMENT}'`);
    await client.query("commit");
  } finally {
    await client.end();
  }
}

/** Empties the demo data directory (keeping it marked as a demo directory). */
export function resetDemoDataDir(dataDir: string): void {
  const entries = fs.existsSync(dataDir) ? fs.readdirSync(dataDir) : [];
  if (entries.length > 0 && !entries.includes(DEMO_MARKER_FILE)) throw new NotADemoError(MSG_CARPETA_CON_DATOS(path.resolve(dataDir)));
  const release = acquireDataDirLock(dataDir); // refuses while a demo still runs on it
  try {
    for (const entry of fs.readdirSync(dataDir)) {
      if (entry !== "ventanal.lock") fs.rmSync(path.join(dataDir, entry), { recursive: true, force: true });
    }
    fs.writeFileSync(path.join(dataDir, DEMO_MARKER_FILE), "Carpeta de demostración de Ventanal: se borra en cada `npm run demo`.\n");
  } finally {
    release();
  }
}
