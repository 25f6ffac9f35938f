import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type pg from "pg";

/**
 * The live text of every SQL function and of the triggers that run them, one file a
 * function: `server/db/functions/<name>.sql` (the function, then the triggers that execute
 * it). They are applied after the numbered migrations on every start (server/db/migrate.ts),
 * so a function is changed by editing its file, never by copying its body into a migration.
 *
 * Each file's statements are separated by `--> statement-breakpoint` lines (as in the
 * migrations) and written in the form PostgreSQL gives them back (`pg_get_functiondef`,
 * `pg_get_triggerdef`): a statement whose text is already the database's is not run, so a
 * start on an up-to-date database writes nothing and locks no table. A function that
 * differs is replaced (CREATE OR REPLACE); a trigger that differs is dropped and created
 * again, in one transaction.
 */
export const functionsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), "functions");

export interface SqlStatement {
  file: string;
  kind: "function" | "trigger";
  name: string;
  /** Triggers: the table, schema-qualified as PostgreSQL writes it. */
  table?: string;
  /** The statement as PostgreSQL gives it back: no leading comments, no final semicolon. */
  text: string;
}

const FUNCTION_HEAD = /^CREATE OR REPLACE FUNCTION ([\w.]+)\(/;
const TRIGGER_HEAD = /^CREATE (?:CONSTRAINT )?TRIGGER (\w+) .*? ON ([\w.]+) /;

/** A statement without its leading comment lines and blank lines, and without its final `;`. */
function statementText(chunk: string): string {
  const lines = chunk.split("\n");
  while (lines.length > 0 && (lines[0].trim() === "" || lines[0].startsWith("--"))) lines.shift();
  return lines.join("\n").trimEnd().replace(/;$/, "").trimEnd();
}

/** Every statement of the function files, functions first (a trigger needs its function). */
export function readSqlFunctions(folder = functionsFolder): SqlStatement[] {
  const statements: SqlStatement[] = [];
  for (const file of fs.readdirSync(folder).filter((f) => f.endsWith(".sql")).sort()) {
    const chunks = fs.readFileSync(path.join(folder, file), "utf8").split(/^--> statement-breakpoint$/m);
    for (const text of chunks.map(statementText).filter((t) => t !== "")) {
      const fn = FUNCTION_HEAD.exec(text);
      const trigger = TRIGGER_HEAD.exec(text);
      if (fn) statements.push({ file, kind: "function", name: fn[1].replace(/^public\./, ""), text });
      else if (trigger) statements.push({ file, kind: "trigger", name: trigger[1], table: trigger[2], text });
      else throw new Error(`${file}: una sentencia no es CREATE OR REPLACE FUNCTION ni CREATE TRIGGER: ${text.slice(0, 80)}`);
    }
  }
  return [...statements.filter((s) => s.kind === "function"), ...statements.filter((s) => s.kind === "trigger")];
}

/**
 * Triggers that ventanal_seguir_cambios() puts on every table (the change counters and row
 * counts): made by that function on every start, not written in a file.
 */
export const PER_TABLE_TRIGGERS = ["ventanal_cambios", "ventanal_filas_alta", "ventanal_filas_baja", "ventanal_filas_vaciado"];

type Queryable = Pick<pg.ClientBase, "query">;

/**
 * The database's own functions (not an extension's, such as pg_trgm's) and their triggers,
 * as PostgreSQL writes them: the functions by name, the triggers by "table trigger".
 */
export async function liveDefinitions(client: Queryable): Promise<{ functions: Map<string, string>; triggers: Map<string, string> }> {
  const fns = await client.query<{ name: string; def: string }>(
    `SELECT p.proname AS name, pg_get_functiondef(p.oid) AS def FROM pg_proc p
     WHERE p.pronamespace = current_schema()::regnamespace AND p.prokind = 'f'
       AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.classid = 'pg_proc'::regclass AND d.objid = p.oid AND d.deptype = 'e')
     ORDER BY 1`,
  );
  const trgs = await client.query<{ name: string; def: string }>(
    `SELECT c.relname || ' ' || t.tgname AS name, pg_get_triggerdef(t.oid) AS def FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid
     WHERE c.relnamespace = current_schema()::regnamespace AND NOT t.tgisinternal AND t.tgname <> ALL ($1)
     ORDER BY 1`,
    [PER_TABLE_TRIGGERS],
  );
  return {
    functions: new Map(fns.rows.map((r) => [r.name, r.def.trimEnd()])),
    triggers: new Map(trgs.rows.map((r) => [r.name, r.def.trimEnd()])),
  };
}

/**
 * Applies the function files on `client` (inside the caller's lock): the statements whose
 * text differs from the database's, in one transaction. `force` runs every one of them
 * (tests: the files' text must leave the database as the migrations left it). Returns how
 * many statements ran.
 */
export async function applySqlFunctions(client: Queryable, opts: { force?: boolean } = {}): Promise<number> {
  const statements = readSqlFunctions();
  const live = opts.force ? undefined : await liveDefinitions(client);
  const stale = statements.filter((s) => {
    if (!live) return true;
    const current = s.kind === "function" ? live.functions.get(s.name) : live.triggers.get(`${s.table!.replace(/^public\./, "")} ${s.name}`);
    return current !== s.text;
  });
  if (stale.length === 0) return 0;
  await client.query("BEGIN");
  try {
    for (const s of stale) {
      if (s.kind === "trigger") await client.query(`DROP TRIGGER IF EXISTS ${s.name} ON ${s.table}`);
      await client.query(s.text);
    }
    await client.query("COMMIT");
  } catch (err) {
    await client.query("ROLLBACK");
    throw err;
  }
  return stale.length;
}
