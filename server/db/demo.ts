// The mark of a demo database (`npm run demo`, scripts/demo.ts). Its ten users share a
// published password, so `npm start` refuses a marked database unless ALLOW_DEMO_DATA=1.
// The mark is a row of the `demostracion` table (a table of the schema: it travels in
// backups with the demo's rows). Also recognized, so nothing marked escapes: the comment the
// demo puts on schema public right after emptying it (before its migrations run), the
// `ventanal_demo` table and the `.ventanal-demo` file of a data directory of earlier demos.
import fs from "node:fs";
import path from "node:path";
import type pg from "pg";

export const DEMO_MARKER_FILE = ".ventanal-demo";
export const DEMO_SCHEMA_COMMENT = "ventanal-demo: base de datos de demostración (npm run demo)";
const LEGACY_MARKER_TABLE = "ventanal_demo";

export const MSG_BASE_DEMO = (where: string) =>
  `${where} es una base de datos de demostración (la creó "npm run demo"): sus datos son de ejemplo y todos sus usuarios comparten una contraseña publicada (ventanal123), así que "npm start" no la usa. Use otra base de datos (DATABASE_URL o DATA_DIR) o, si de verdad quiere servir la demostración, defina ALLOW_DEMO_DATA=1.`;

export class DemoDatabaseError extends Error {
  constructor(where: string) {
    super(MSG_BASE_DEMO(where));
    this.name = "DemoDatabaseError";
  }
}

type Queryable = Pick<pg.Pool | pg.Client, "query">;

/** True when the database carries a demo's mark (works before the migrations ran too). */
export async function isDemoDatabase(q: Queryable): Promise<boolean> {
  const { rows } = await q.query(
    `select coalesce(obj_description('public'::regnamespace, 'pg_namespace') = $1, false) as commented,
            to_regclass('public.${LEGACY_MARKER_TABLE}') is not null as legacy,
            to_regclass('public.demostracion') is not null as has_table`,
    [DEMO_SCHEMA_COMMENT],
  );
  const r = rows[0] as { commented: boolean; legacy: boolean; has_table: boolean };
  if (r.commented || r.legacy) return true;
  if (!r.has_table) return false;
  const marked = await q.query("select exists (select 1 from demostracion) as marked");
  return (marked.rows[0] as { marked: boolean }).marked;
}

/** A data directory an earlier demo marked (checked before opening it). */
export function isDemoDataDir(dataDir: string): boolean {
  return fs.existsSync(path.join(dataDir, DEMO_MARKER_FILE));
}

/** Marks a migrated database as the demo's. */
export async function markDemoDatabase(q: Queryable): Promise<void> {
  await q.query("insert into demostracion (marca) values ('npm run demo') on conflict do nothing");
  await q.query(`comment on schema public is '${DEMO_SCHEMA_COMMENT}'`);
}
