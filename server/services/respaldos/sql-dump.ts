// Backups as portable plain SQL, for PGlite and PostgreSQL alike (design page "The
// embedded database"). Written in TypeScript over the same `pg` connection the server
// uses, so there is no pg_dump version to match.
//
// The file, in order:
//   1. a header line "-- ventanal-respaldo 1" and comments (date, engine, migrations);
//   2. "-- ventanal:esquema": the SQL of every migration the database had applied, in
//      order, as drizzle ran it (tables, indexes, the append-only trigger), then
//      drizzle's own migrations table;
//   3. "-- ventanal:datos": the rows, parents before children (foreign-key order), one
//      multi-row INSERT per line (no value spans lines: newlines travel as E'\n');
//   4. "-- ventanal:secuencias": every sequence set to where it was;
//   5. "-- ventanal:filas ..." counts, "-- ventanal:suma ..." checksums (the sum modulo
//      2^128 of the md5 of each row's values as text: independent of the rows' order, so a
//      copy restored on another engine or collation gives the same), and "-- ventanal:fin".
// A name ending in ".gz" is written and read gzip-compressed (the online backups' .sql.gz).
// The append-only trigger of auditoria refuses UPDATE/DELETE/TRUNCATE only, so the
// rows are INSERTed with the trigger already in place: nothing is disabled, and a
// restored database is as protected as the original from its first row.
// The caches' change counters (`cambios_tabla`) are not data: never dumped; the restore's
// own inserts bump them, and a restore over a database in use sets each past its old value.
// Because the schema comes with the file, a restore needs no migration run; a newer
// server applies only the migrations the backup did not have yet.
import { createHash } from "node:crypto";
import { once } from "node:events";
import { setImmediate as yieldToLoop } from "node:timers/promises";
import zlib from "node:zlib";
import fs from "node:fs";
import path from "node:path";
import readline from "node:readline";
import { fileURLToPath } from "node:url";
import type pg from "pg";

export const FORMAT_LINE = "-- ventanal-respaldo 1";
const SCHEMA = "-- ventanal:esquema";
const DATA = "-- ventanal:datos";
const SEQUENCES = "-- ventanal:secuencias";
const END = "-- ventanal:fin";
const COUNT_PREFIX = "-- ventanal:filas ";

const CHECKSUM_PREFIX = "-- ventanal:suma ";

export const MIGRATIONS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../db/migrations");
const MIGRATIONS_TABLE = `"drizzle"."__drizzle_migrations"`;
const ROWS_PER_INSERT = 200;

/** A refusal the command line prints as is (Spanish, no stack). */
export class BackupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "BackupError";
  }
}

export const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** A text value as a one-line SQL literal (newlines and backslashes as E'' escapes). */
export function literal(value: string | null): string {
  if (value === null) return "NULL";
  const quoted = value.replace(/'/g, "''");
  if (!/[\\\n\r]/.test(value)) return `'${quoted}'`;
  return `E'${quoted.replace(/\\/g, "\\\\").replace(/\n/g, "\\n").replace(/\r/g, "\\r")}'`;
}

interface TableInfo {
  oid: number;
  schema: string;
  name: string;
  qualified: string;
  columns: string[];
  /** Columns to ORDER BY (the primary key), so the output is stable. */
  orderBy: string[];
  identityAlways: boolean;
}

type Query = (text: string, values?: unknown[]) => Promise<pg.QueryResult>;

/** The values every dump and restore session reads and writes text in. */
const SESSION_SETTINGS = [
  "SET client_encoding = 'UTF8'",
  "SET standard_conforming_strings = on",
  "SET DateStyle = ISO",
  "SET IntervalStyle = postgres",
  "SET TimeZone = 'UTC'",
  "SET extra_float_digits = 3",
  "SET check_function_bodies = false",
  "SET client_min_messages = warning",
  "SET search_path = public, pg_catalog",
];

async function tablesOf(q: Query): Promise<TableInfo[]> {
  const { rows } = await q(`
    select c.oid::int as oid, n.nspname as schema, c.relname as name
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where ((n.nspname = 'public' and c.relkind in ('r', 'p') and c.relname <> 'cambios_tabla')
        or (n.nspname = 'drizzle' and c.relname = '__drizzle_migrations'))
      and not exists (select 1 from pg_depend d where d.classid = 'pg_class'::regclass and d.objid = c.oid and d.deptype = 'e')
    order by c.relname`);
  const tables: TableInfo[] = [];
  for (const r of rows as { oid: number; schema: string; name: string }[]) {
    const cols = await q(
      `select attname, attidentity from pg_attribute
       where attrelid = $1 and attnum > 0 and not attisdropped and attgenerated = '' order by attnum`,
      [r.oid],
    );
    const pk = await q(
      `select a.attname from pg_index i
       join lateral unnest(i.indkey) with ordinality as k(attnum, ord) on true
       join pg_attribute a on a.attrelid = i.indrelid and a.attnum = k.attnum
       where i.indrelid = $1 and i.indisprimary order by k.ord`,
      [r.oid],
    );
    const columns = cols.rows.map((c: { attname: string }) => c.attname);
    tables.push({
      oid: r.oid,
      schema: r.schema,
      name: r.name,
      qualified: `${ident(r.schema)}.${ident(r.name)}`,
      columns,
      orderBy: pk.rows.length ? pk.rows.map((p: { attname: string }) => p.attname) : columns,
      identityAlways: cols.rows.some((c: { attidentity: string }) => c.attidentity === "a"),
    });
  }
  return sortByForeignKeys(tables, await foreignKeys(q));
}

async function foreignKeys(q: Query): Promise<{ child: number; parent: number }[]> {
  const { rows } = await q(`select conrelid::int as child, confrelid::int as parent from pg_constraint where contype = 'f'`);
  return rows as { child: number; parent: number }[];
}

/** Parents before children; a table referencing itself is ordered by its key. */
export function sortByForeignKeys<T extends { oid: number; qualified: string }>(tables: T[], fks: { child: number; parent: number }[]): T[] {
  const byOid = new Map(tables.map((t) => [t.oid, t]));
  const sorted: T[] = [];
  const state = new Map<number, "visiting" | "done">();
  const visit = (t: T, trail: string[]) => {
    const s = state.get(t.oid);
    if (s === "done") return;
    if (s === "visiting") throw new BackupError(`Ciclo de claves foráneas entre tablas (${[...trail, t.qualified].join(" → ")}): no se puede ordenar el respaldo.`);
    state.set(t.oid, "visiting");
    for (const fk of fks) {
      if (fk.child !== t.oid || fk.parent === t.oid) continue;
      const parent = byOid.get(fk.parent);
      if (parent) visit(parent, [...trail, t.qualified]);
    }
    state.set(t.oid, "done");
    sorted.push(t);
  };
  for (const t of tables) visit(t, []);
  return sorted;
}

interface AppliedMigration {
  tag: string;
  sql: string;
}

/** The SQL of every migration the database applied, matched to the migration files by date and checked by hash. */
async function appliedMigrations(q: Query): Promise<{ applied: AppliedMigration[]; rows: number }> {
  const exists = await q(`select to_regclass('drizzle.__drizzle_migrations') is not null as ok`);
  if (!exists.rows[0].ok) throw new BackupError("La base de datos no tiene el esquema de Ventanal (no hay migraciones aplicadas): no hay nada que respaldar.");
  const { rows } = await q(`select hash, created_at::text as created_at from drizzle.__drizzle_migrations order by created_at, id`);
  const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS_DIR, "meta", "_journal.json"), "utf8")) as { entries: { tag: string; when: number }[] };
  const applied: AppliedMigration[] = [];
  for (const row of rows as { hash: string; created_at: string }[]) {
    const entry = journal.entries.find((e) => String(e.when) === row.created_at);
    if (!entry) {
      throw new BackupError(
        `La base de datos tiene una migración (fecha ${row.created_at}) que esta versión de Ventanal no conoce. Respalde con la versión del programa que la creó.`,
      );
    }
    const sql = fs.readFileSync(path.join(MIGRATIONS_DIR, `${entry.tag}.sql`), "utf8");
    if (createHash("sha256").update(sql).digest("hex") !== row.hash) {
      throw new BackupError(`La migración ${entry.tag} cambió después de aplicarse a esta base de datos: el esquema del respaldo no sería fiel.`);
    }
    applied.push({ tag: entry.tag, sql });
  }
  return { applied, rows: rows.length };
}

export interface TableSummary {
  table: string;
  rows: number;
  /** 32 hex digits: see the file's description above. */
  checksum: string;
}

export interface DumpSummary {
  tables: TableSummary[];
  migrations: string[];
}

const MOD_128 = (1n << 128n) - 1n;

/** A table's checksum as its rows stream by (any order gives the same sum). */
export class TableChecksum {
  private sum = 0n;
  add(row: (string | null)[]): void {
    this.sum = (this.sum + BigInt(`0x${createHash("md5").update(JSON.stringify(row)).digest("hex")}`)) & MOD_128;
  }
  hex(): string {
    return this.sum.toString(16).padStart(32, "0");
  }
}

/**
 * Writes the dump line by line to `out` (a file stream), in one consistent snapshot: one
 * REPEATABLE READ READ ONLY transaction (on PostgreSQL other sessions go on writing; see
 * server/services/respaldos for PGlite). Rows are read 200 at a time through a cursor and
 * the event loop gets a turn between batches, so a server taking a backup keeps answering.
 */
export async function dumpDatabase(pool: pg.Pool, out: NodeJS.WritableStream, meta: { engine: string; onSnapshot?: () => void }): Promise<DumpSummary> {
  const line = async (text: string) => {
    if (!out.write(`${text}\n`)) await once(out, "drain");
  };
  const client = await pool.connect();
  const q: Query = (text, values) => client.query(text, values);
  try {
    for (const s of SESSION_SETTINGS) await q(s);
    await q("begin isolation level repeatable read read only");
    // The snapshot is taken by the transaction's first query.
    const { applied } = await appliedMigrations(q);
    meta.onSnapshot?.();
    const tables = await tablesOf(q);

    await line(FORMAT_LINE);
    await line(`-- Ventanal: respaldo de la base de datos en SQL plano (${meta.engine}), ${new Date().toISOString()}`);
    await line(`-- Migraciones: ${applied.map((m) => m.tag).join(", ")}`);
    await line("-- Restaurar en una base vacía: npm run restore ARCHIVO  (o psql -v ON_ERROR_STOP=1 --single-transaction -f ARCHIVO)");
    for (const s of SESSION_SETTINGS) await line(`${s};`);
    await line(SCHEMA);
    for (const m of applied) {
      await line(`-- migración ${m.tag}`);
      for (const stmt of m.sql.split("--> statement-breakpoint")) {
        const text = stmt.trim();
        if (text) await line(text.endsWith(";") ? text : `${text};`);
      }
    }
    await line(`CREATE SCHEMA IF NOT EXISTS "drizzle";`);
    await line(`CREATE TABLE IF NOT EXISTS ${MIGRATIONS_TABLE} (id SERIAL PRIMARY KEY, hash text NOT NULL, created_at bigint);`);

    await line(DATA);
    const summary: DumpSummary = { tables: [], migrations: applied.map((m) => m.tag) };
    for (const t of tables) {
      // A row the replayed migrations wrote again gives way to the backup's (psql -f as well).
      if (MIGRATION_ROWS.includes(t.qualified.replace(/"/g, ""))) await line(`DELETE FROM ${t.qualified};`);
      const cols = t.columns.map(ident).join(", ");
      const head = `INSERT INTO ${t.qualified} (${cols})${t.identityAlways ? " OVERRIDING SYSTEM VALUE" : ""} VALUES `;
      await q(`declare respaldo no scroll cursor for select ${t.columns.map((c) => `${ident(c)}::text`).join(", ")} from ${t.qualified} order by ${t.orderBy.map(ident).join(", ")}`);
      let count = 0;
      const checksum = new TableChecksum();
      for (;;) {
        const batch = await client.query({ text: `fetch ${ROWS_PER_INSERT} from respaldo`, rowMode: "array" });
        if (batch.rows.length === 0) break;
        count += batch.rows.length;
        for (const r of batch.rows as (string | null)[][]) checksum.add(r);
        await line(head + batch.rows.map((r: (string | null)[]) => `(${r.map(literal).join(", ")})`).join(", ") + ";");
        await yieldToLoop();
      }
      await q("close respaldo");
      summary.tables.push({ table: t.qualified, rows: count, checksum: checksum.hex() });
    }

    await line(SEQUENCES);
    const seqs = await q(`
      select schemaname, sequencename, last_value::text as last_value from pg_sequences
      where schemaname in ('public', 'drizzle') order by schemaname, sequencename`);
    for (const s of seqs.rows as { schemaname: string; sequencename: string; last_value: string | null }[]) {
      const name = literal(`${ident(s.schemaname)}.${ident(s.sequencename)}`);
      await line(s.last_value === null ? `SELECT pg_catalog.setval(${name}, 1, false);` : `SELECT pg_catalog.setval(${name}, ${s.last_value}, true);`);
    }
    for (const t of summary.tables) await line(`${COUNT_PREFIX}${t.table} ${t.rows}`);
    for (const t of summary.tables) await line(`${CHECKSUM_PREFIX}${t.table} ${t.checksum}`);
    await line(END);
    await q("commit");
    return summary;
  } catch (err) {
    await client.query("rollback").catch(() => {});
    throw err;
  } finally {
    await client.query("reset all").catch(() => {});
    client.release();
  }
}

/** fsync a file or a directory (a rename is durable once its directory is). */
export function fsyncPath(p: string): void {
  const fd = fs.openSync(p, "r");
  try {
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
}

/**
 * Dumps to `file` through a temporary name (`<file>.tmp`), fsynced and renamed only when
 * complete, so a cut-short backup never looks like one. A name ending in ".gz" is gzipped.
 */
export async function dumpToFile(pool: pg.Pool, file: string, meta: { engine: string; onSnapshot?: () => void }): Promise<DumpSummary> {
  fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const partial = `${file}.tmp`;
  const fileOut = fs.createWriteStream(partial);
  const gzip = file.endsWith(".gz") ? zlib.createGzip({ level: 6 }) : null;
  const out: NodeJS.WritableStream = gzip ?? fileOut;
  gzip?.pipe(fileOut);
  try {
    const summary = await dumpDatabase(pool, out, meta);
    const closed = once(fileOut, "close");
    out.end();
    await closed;
    fsyncPath(partial);
    fs.renameSync(partial, file);
    fsyncPath(path.dirname(path.resolve(file)));
    return summary;
  } catch (err) {
    gzip?.destroy();
    fileOut.destroy();
    fs.rmSync(partial, { force: true });
    throw err;
  }
}

/** The file's lines, gunzipped when it starts with gzip's magic bytes. */
function linesOf(file: string): readline.Interface {
  const head = Buffer.alloc(2);
  const fd = fs.openSync(file, "r");
  const n = fs.readSync(fd, head, 0, 2, 0);
  fs.closeSync(fd);
  const raw = fs.createReadStream(file);
  const input = n === 2 && head[0] === 0x1f && head[1] === 0x8b ? raw.pipe(zlib.createGunzip()) : raw.setEncoding("utf8");
  return readline.createInterface({ input, crlfDelay: Infinity });
}

/** The counts and checksums a backup file says it holds (read from its end). */
export async function summaryInFile(file: string): Promise<TableSummary[]> {
  const rows = new Map<string, number>();
  const sums = new Map<string, string>();
  for await (const l of linesOf(file)) {
    const into = l.startsWith(COUNT_PREFIX) ? "rows" : l.startsWith(CHECKSUM_PREFIX) ? "sums" : null;
    if (!into) continue;
    const rest = l.slice((into === "rows" ? COUNT_PREFIX : CHECKSUM_PREFIX).length);
    const at = rest.lastIndexOf(" ");
    if (into === "rows") rows.set(rest.slice(0, at), Number(rest.slice(at + 1)));
    else sums.set(rest.slice(0, at), rest.slice(at + 1));
  }
  return [...rows].map(([table, n]) => ({ table, rows: n, checksum: sums.get(table) ?? "" }));
}

// ---------------------------------------------------------------- restore

/**
 * Tables whose rows a migration writes (the company's single row, `empresa`): they do not
 * make a database "not empty", and the dump deletes them before inserting its own (the
 * schema it replays has just written them again).
 */
export const MIGRATION_ROWS: readonly string[] = ["public.empresa"];

/** App tables in `public` that hold rows (a restore refuses those unless forced). */
export async function tablesWithRows(q: Query): Promise<string[]> {
  const { rows } = await q(`
    select format('%I.%I', n.nspname, c.relname) as t from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = 'public' and c.relkind in ('r', 'p') and c.relname <> 'cambios_tabla'
      and not exists (select 1 from pg_depend d where d.classid = 'pg_class'::regclass and d.objid = c.oid and d.deptype = 'e')
    order by 1`);
  const full: string[] = [];
  for (const { t } of rows as { t: string }[]) {
    const r = await q(`select exists (select 1 from ${t}) as any`);
    if (r.rows[0].any) full.push(t);
  }
  return full;
}

/** Drops what Ventanal keeps in the database (public tables, views, sequences, functions, types; drizzle's schema). */
async function dropAppObjects(q: Query): Promise<void> {
  const notExtension = (cls: string, col: string) =>
    `not exists (select 1 from pg_depend d where d.classid = '${cls}'::regclass and d.objid = ${col} and d.deptype = 'e')`;
  const list = async (sql: string) => (await q(sql)).rows.map((r: { o: string }) => r.o);
  const rels = (kinds: string) =>
    list(`select format('%I.%I', n.nspname, c.relname) as o from pg_class c join pg_namespace n on n.oid = c.relnamespace
          where n.nspname = 'public' and c.relkind in (${kinds}) and ${notExtension("pg_class", "c.oid")}`);
  const views = await rels("'v', 'm'");
  if (views.length) await q(`drop view if exists ${views.join(", ")} cascade`);
  const tables = await rels("'r', 'p', 'f'");
  if (tables.length) await q(`drop table if exists ${tables.join(", ")} cascade`);
  const seqs = await rels("'S'");
  if (seqs.length) await q(`drop sequence if exists ${seqs.join(", ")} cascade`);
  for (const f of await list(`select p.oid::regprocedure::text as o from pg_proc p where p.pronamespace = 'public'::regnamespace and ${notExtension("pg_proc", "p.oid")}`)) {
    await q(`drop function if exists ${f} cascade`);
  }
  for (const ty of await list(`select t.oid::regtype::text as o from pg_type t
      where t.typnamespace = 'public'::regnamespace and ${notExtension("pg_type", "t.oid")}
        and (t.typtype in ('e', 'd', 'r', 'm') or (t.typtype = 'c' and (select relkind from pg_class where oid = t.typrelid) = 'c'))`)) {
    await q(`drop type if exists ${ty} cascade`);
  }
  await q(`drop schema if exists "drizzle" cascade`);
}

export interface RestoreSummary {
  tables: { table: string; rows: number }[];
  replaced: string[];
}

async function checkFormat(file: string): Promise<void> {
  const rl = linesOf(file);
  let first: string | null = null;
  let last = "";
  const seen = new Set<string>();
  try {
    for await (const l of rl) {
      first ??= l;
      if (l === SCHEMA || l === DATA || l === SEQUENCES) seen.add(l);
      if (l.trim()) last = l;
    }
  } catch {
    throw new BackupError(`El respaldo ${file} está dañado (no se puede descomprimir). No se restauró nada.`);
  }
  if (first !== FORMAT_LINE) throw new BackupError(`${file} no es un respaldo de Ventanal (falta la línea "${FORMAT_LINE}").`);
  if (last !== END || seen.size !== 3) throw new BackupError(`El respaldo ${file} está incompleto o dañado (falta "${END}"). No se restauró nada.`);
}

/**
 * Loads a dump into the database in ONE transaction: it refuses a database whose tables
 * hold rows unless `force` (then they are dropped first, inside the same transaction,
 * so a failed restore leaves the old data untouched). Row counts are checked at the end.
 */
export async function restoreFromFile(pool: pg.Pool, file: string, opts: { force?: boolean } = {}): Promise<RestoreSummary> {
  if (!fs.existsSync(file)) throw new BackupError(`No existe el archivo ${file}.`);
  await checkFormat(file);
  const client = await pool.connect();
  const q: Query = (text, values) => client.query(text, values);
  try {
    await q("begin");
    const full = (await tablesWithRows(q)).filter((t) => !MIGRATION_ROWS.includes(t));
    if (full.length && !opts.force) {
      throw new BackupError(
        `La base de datos no está vacía (tienen datos: ${full.join(", ")}). Restaure en una base nueva (otro DATA_DIR u otra base de PostgreSQL) o use --force para reemplazar TODOS los datos actuales.`,
      );
    }
    // The caches' change counters (server/lists/cache.ts) must never go back while app
    // processes run: whatever the file holds, every table ends past its version before.
    const before = (await q("select to_regclass('public.cambios_tabla') is not null as has")).rows[0].has
      ? ((await q("select tabla, sum(version)::text as v from cambios_tabla group by tabla")).rows as { tabla: string; v: string }[])
      : [];
    await dropAppObjects(q);

    const rl = linesOf(file);
    let section: "head" | "schema" | "data" | "sequences" = "head";
    let pending: string[] = [];
    let pendingSize = 0;
    let lineNo = 0;
    let startLine = 1;
    const expected: { table: string; rows: number }[] = [];
    const flush = async () => {
      if (!pending.length) return;
      const text = pending.join("\n");
      pending = [];
      pendingSize = 0;
      try {
        await q(text);
      } catch (err) {
        throw new BackupError(`El respaldo falló cerca de la línea ${startLine} de ${file}: ${(err as Error).message}. No se restauró nada.`);
      }
    };
    for await (const l of rl) {
      lineNo++;
      if (l === SCHEMA || l === DATA || l === SEQUENCES || l === END) {
        await flush();
        section = l === SCHEMA ? "schema" : l === DATA ? "data" : l === SEQUENCES ? "sequences" : section;
        startLine = lineNo + 1;
        continue;
      }
      if (l.startsWith(CHECKSUM_PREFIX)) continue;
      if (l.startsWith(COUNT_PREFIX)) {
        const rest = l.slice(COUNT_PREFIX.length);
        const at = rest.lastIndexOf(" ");
        expected.push({ table: rest.slice(0, at), rows: Number(rest.slice(at + 1)) });
        continue;
      }
      if (!pending.length) startLine = lineNo;
      pending.push(l);
      pendingSize += l.length;
      // The schema runs as one batch; data and sequences in batches of about 1 MB.
      if (section !== "schema" && section !== "head" && pendingSize > 1_000_000) await flush();
    }
    await flush();

    for (const e of expected) {
      const r = await q(`select count(*)::int as n from ${e.table}`);
      if (r.rows[0].n !== e.rows) {
        throw new BackupError(`La tabla ${e.table} quedó con ${r.rows[0].n} filas y el respaldo dice ${e.rows}. No se restauró nada.`);
      }
    }
    if (before.length && (await q("select to_regclass('public.cambios_tabla') is not null as has")).rows[0].has) {
      await q(
        `insert into cambios_tabla as c (tabla, sesion, version) select tabla, 0, v::bigint + 1 from unnest($1::text[], $2::text[]) as b(tabla, v)
         on conflict (tabla, sesion) do update set version = c.version + excluded.version`,
        [before.map((b) => b.tabla), before.map((b) => b.v)],
      );
    }
    await q("commit");
    return { tables: expected, replaced: full };
  } catch (err) {
    await client.query("rollback").catch(() => {});
    throw err;
  } finally {
    // Session settings from the file (search_path, TimeZone...) must not leak into the pool.
    await client.query("reset all").catch(() => {});
    client.release();
  }
}
