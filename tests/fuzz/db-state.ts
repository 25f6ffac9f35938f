// "A refused call changed nothing", cheaply: a test-only trigger on every table bumps a
// counter row for each row inserted, updated or deleted (in the writer's transaction, so a
// rolled-back write leaves it as it was). That is stronger than row counts and a checksum
// of movimientos_stock and auditoria (it also sees an UPDATE anywhere) and costs one tiny
// query a call. The counter row also names the last table written and how, to say what
// was written; the counts of the tables (and, on demand, the checksum) are read only when
// the counter moved, and only by a watcher that asks for them (`counts`: the purchasing
// model checks the rows each call wrote; the fuzzer and the role matrix read none).
// Sessions are left out: every call touches its own session's last use; so are the sign-in
// throttle's counts (a refused login records its failure) and the caches' change counters
// (they move with any write).
import type { TestServer } from "../helpers";

const SKIP = new Set(["sesiones", "intentos_ingreso", "intentos_publicos", "cambios_tabla", "__drizzle_migrations", "fuzz_cambios"]);

export interface DbState {
  changes: number;
  /** Rows of every table (empty when the watcher does not read counts). */
  counts: Record<string, number>;
  /** The last table written and how (INSERT, UPDATE, DELETE). */
  last: string | null;
}

export interface DbWatcher {
  snapshot(): Promise<DbState>;
  /** What differs between two snapshots ("" when nothing). */
  diff(a: DbState, b: DbState): string;
  /** md5 of movimientos_stock and of auditoria, row by row in id order. */
  checksum(): Promise<string>;
}

/** `counts`: read the rows of every table (true, the default), of those named, or of none (false). */
export async function watchDatabase(t: TestServer, opts: { counts?: boolean | readonly string[] } = {}): Promise<DbWatcher> {
  const withCounts = opts.counts ?? true;
  const q = async (sql: string) => (await t.database.pool.query(sql)).rows;
  const tables = (await q("select tablename from pg_tables where schemaname = 'public' order by tablename"))
    .map((r) => r.tablename as string)
    .filter((n) => !SKIP.has(n));
  await q(`
    create table if not exists fuzz_cambios (n bigint not null, ultima text);
    insert into fuzz_cambios select 0 where not exists (select 1 from fuzz_cambios);
    create or replace function fuzz_cuenta() returns trigger language plpgsql as $$
    begin update fuzz_cambios set n = n + 1, ultima = TG_TABLE_NAME || ' (' || TG_OP || ')'; return null; end $$;`);
  for (const table of tables) {
    await q(`drop trigger if exists fuzz_cuenta on "${table}"; create trigger fuzz_cuenta after insert or update or delete on "${table}" for each row execute function fuzz_cuenta()`);
  }
  const counted = Array.isArray(withCounts) ? tables.filter((n) => withCounts.includes(n)) : tables;
  const countSql = `select ${counted.map((n) => `(select count(*) from "${n}")::int as "${n}"`).join(", ")}, (select n from fuzz_cambios)::int as "__cambios"`;
  const checksumSql = `select (select md5(coalesce(string_agg(m::text, '|' order by id), '')) from movimientos_stock m) || '/' ||
                              (select md5(coalesce(string_agg(a::text, '|' order by id), '')) from auditoria a) as sum`;
  let last: DbState | null = null;
  return {
    async snapshot() {
      // Counts and checksum can only differ when some row was written, i.e. the counter moved.
      const [{ n, ultima }] = await q("select n::int as n, ultima from fuzz_cambios");
      if (last && last.changes === n) return last;
      if (!withCounts) {
        last = { changes: n, counts: {}, last: ultima };
        return last;
      }
      const [row] = await q(countSql);
      const { __cambios: changes, ...counts } = row as Record<string, number>;
      last = { changes, counts, last: changes === n ? ultima : null };
      return last;
    },
    diff(a, b) {
      const out: string[] = [];
      if (a.changes !== b.changes) out.push(`${b.changes - a.changes} fila(s) escritas${b.last ? ` (la última en ${b.last})` : ""}`);
      for (const k of Object.keys(a.counts)) if (a.counts[k] !== b.counts[k]) out.push(`${k}: ${a.counts[k]} → ${b.counts[k]}`);
      return out.join("; ");
    },
    async checksum() {
      return (await q(checksumSql))[0].sum;
    },
  };
}
