// Answers of the lists (all 5,000 quotes, all 2,000 clients, and their pages), the global
// search and the home's cards, kept ready to send and reused while the tables they read
// have not changed.
//
// "Not changed" is asked of the database itself, so the cache is right with several app
// processes on one PostgreSQL server too: every application table has a change counter
// (`cambios_tabla`), bumped by a statement-level trigger inside the writing transaction
// (migration `change_counter_triggers`), so a new version becomes visible exactly with the
// rows it stands for. Each request reads every table's version in one small query. An
// entry remembers the tables its answer read and their versions read BEFORE its rows, so
// rows are never older than their versions: while those versions are unchanged, the stored
// answer is exact. A write to another table (a receipt, for the client list) leaves it.
//
// The tables an answer reads are not declared by hand (a forgotten join or subquery would
// serve stale data): they are taken from the SQL it actually ran. Drizzle's logger hands
// every statement to `noteQuery` (./tables-read.ts); while an answer is being computed (an AsyncLocalStorage
// context) the names of tables in its text are added to the answer's set. An answer built
// from another cached answer inherits that one's tables. An answer that ran no statement
// at all is sent but not kept.
import { createHash } from "node:crypto";
import { brotliCompress, constants, gzip } from "node:zlib";
import { sql } from "drizzle-orm";
import type { Db } from "../db/connect";
import type { PreparedBody } from "./chunks";
import { noteTablesRead, tablesReadBy } from "./tables-read";

/**
 * Tables without a change counter (migration untracked_tables: ventanal_tablas_sin_cambios(),
 * the same list): the sessions, the sign-in counts and the idempotency keys, written at every
 * sign-in or keyed POST and read by no list. An answer that read one is sent but never kept.
 */
export const UNTRACKED_TABLES: ReadonlySet<string> = new Set(["sesiones", "intentos_ingreso", "idempotencia", "intentos_publicos"]);

/**
 * The versions' query runs on every request of a cached answer, so it is a named prepared
 * statement (like the session lookup): parsed and planned once per connection.
 */
function prepareVersions(db: Db) {
  return db
    .select({ v: sql<string | null>`string_agg(tabla || ':' || v, ',')` })
    .from(sql`(select tabla, sum(version) as v from cambios_tabla group by tabla) s`)
    .prepare("ventanal_table_versions");
}
const versionQueries = new WeakMap<Db, ReturnType<typeof prepareVersions>>();

/** Every table's version now (absent: never written, 0), in one small query. */
export async function tableVersions(db: Db): Promise<Map<string, number>> {
  let query = versionQueries.get(db);
  if (!query) versionQueries.set(db, (query = prepareVersions(db)));
  const [row] = await query.execute();
  const versions = new Map<string, number>();
  for (const pair of (row?.v ?? "").split(",")) {
    const i = pair.indexOf(":");
    if (i > 0) versions.set(pair.slice(0, i), Number(pair.slice(i + 1)));
  }
  return versions;
}

export interface CachedList {
  /** The JSON array as UTF-8 bytes, ready to send (no re-encoding per request). */
  body: Buffer;
  /** X-Total-Count when the list was paged, else null. */
  total: number | null;
  /** The total is a lower bound: more than total − 1 rows (server/lists/define.ts, countBound). */
  capped: boolean;
  /** Weak validator of the body, for If-None-Match. */
  etag: string;
  /** The body gzip-compressed (made on first use, off the request thread, then kept). */
  gzip(): Promise<Buffer>;
  /** The body brotli-compressed when ready (a big body asked again STABLE_MS after it was made: made then, in the background), else null. */
  brotli(): Buffer | null;
}

/** What an answer's computation gives: the value to send as JSON, its JSON text (a list's readJson), or its body made ready (a whole list's chunks: chunks.ts); `capped`: the total is a lower bound. */
export type Answer = ({ rows: object } | { json: string } | { prepared: PreparedBody }) & { total: number | null; capped?: boolean };

interface Entry extends CachedList {
  /** The tables the answer read, with their versions read before its rows. */
  reads: readonly (readonly [table: string, version: number])[];
  bytes: number;
}

const MAX_ENTRIES = 200;
const MAX_BYTES = 64 * 1024 * 1024;

function fresh(entry: Entry, versions: Map<string, number>): boolean {
  return entry.reads.every(([table, version]) => (versions.get(table) ?? 0) === version);
}

class ListCache {
  private entries = new Map<string, Entry>(); // insertion order = least recently used first
  private bytes = 0;
  /** The computation of each key under way, and when it started (this.clock). */
  private running = new Map<string, { startedAt: number; answer: Promise<Entry> }>();
  /** Orders arrivals and starts (one thread: the order they happened in). */
  private clock = 0;
  /** Answers computed (misses), for tests and the bench. */
  computed = 0;

  /** `rows` is the JSON answer: a list's rows, or any object (cachedAnswer); or `json`, that answer already written. */
  async get(db: Db, key: string, compute: () => Promise<Answer>): Promise<CachedList> {
    const arrived = ++this.clock;
    let entry: Entry;
    for (;;) {
      const versions = await tableVersions(db);
      const hit = this.entries.get(key);
      if (hit && fresh(hit, versions)) {
        this.entries.delete(key); // most recently used goes last
        this.entries.set(key, hit);
        entry = hit;
        break;
      }
      // One computation of a key at a time. A computation that started after this request
      // arrived reads every write committed before it: its answer is this request's too.
      // One that started before may have missed one: wait for it to end, then look again
      // (its answer may be fresh; else the first to look starts the next computation and
      // the others join it). So under a stream of writes, the requests that arrive while a
      // whole list is being built share the next build instead of each building its own.
      const running = this.running.get(key);
      if (running && running.startedAt > arrived) {
        entry = await running.answer;
        break;
      }
      if (running) {
        await running.answer.catch(() => {});
        continue;
      }
      const flight = { startedAt: ++this.clock, answer: this.compute(key, versions, compute) };
      this.running.set(key, flight);
      void flight.answer.finally(() => this.running.get(key) === flight && this.running.delete(key)).catch(() => {});
      entry = await flight.answer;
      break;
    }
    // An answer built from this one (a card from a list) depends on the same tables.
    noteTablesRead(entry.reads);
    return entry;
  }

  /** The answer now, kept with the versions read before it (`versions`). */
  private async compute(key: string, versions: Map<string, number>, compute: () => Promise<Answer>): Promise<Entry> {
    const read = new Set<string>();
    const answer = await tablesReadBy(read, compute);
    this.computed += 1;
    const reads = [...read].sort().map((t) => [t, versions.get(t) ?? 0] as const);
    const capped = answer.capped ?? false;
    const made =
      "prepared" in answer
        ? makeEntry(reads, answer.prepared.body, answer.total, capped, answer.prepared)
        : makeEntry(reads, Buffer.from("json" in answer ? answer.json : JSON.stringify(answer.rows), "utf8"), answer.total, capped);
    // Nothing seen read, or a table without a counter: sent, never kept.
    if (read.size > 0 && ![...read].some((t) => UNTRACKED_TABLES.has(t))) this.store(key, made);
    return made;
  }

  private store(key: string, entry: Entry): void {
    const old = this.entries.get(key);
    if (old) {
      this.bytes -= old.bytes;
      this.entries.delete(key);
    }
    if (entry.bytes > MAX_BYTES) return;
    this.entries.set(key, entry);
    this.bytes += entry.bytes;
    for (const [k, e] of this.entries) {
      if (this.entries.size <= MAX_ENTRIES && this.bytes <= MAX_BYTES) break;
      this.entries.delete(k);
      this.bytes -= e.bytes;
    }
  }

  /** The tables a kept answer read (tests). */
  readsOf(key: string): string[] | undefined {
    return this.entries.get(key)?.reads.map(([t]) => t);
  }
}

/**
 * Above this size a body is compressed at zlib's fastest level: a whole list (2.5 MB of
 * invoices) takes about a third of the time of level 6 for a third more bytes, and it is
 * compressed again after every write to its tables.
 */
const BIG_BODY = 256 * 1024;
/**
 * A big body still asked for this long after it was made (its tables are quiet) is
 * compressed again at level 6 in the background, and later readers get those bytes (a
 * fifth fewer: 2 MB of pauta lines, 282 KB → 218 KB). Under a stream of writes no answer
 * lives this long, so rebuilt answers never pay it.
 */
const STABLE_MS = 1000;

const compress = (body: Buffer, level: number) =>
  new Promise<Buffer>((resolve, reject) => gzip(body, { level }, (err, out) => (err ? reject(err) : resolve(out))));

/**
 * Brotli at this quality for a big body whose tables are quiet (asked STABLE_MS after it was
 * made), on zlib's thread pool: a third fewer bytes than gzip at level 6 for every later
 * reader that takes br (every browser; 5,000 quotes: 1.5 MB of JSON, 231 KB gzip, 179 KB br),
 * for some 0.2 s of one background thread per body that lives that long.
 */
const BROTLI_QUALITY = 5;

function makeEntry(reads: Entry["reads"], body: Buffer, total: number | null, capped: boolean, prepared?: PreparedBody): Entry {
  let gz: Promise<Buffer> | null = null;
  let harder = false;
  let br: Buffer | null = null;
  let brStarted = false;
  const made = Date.now();
  const etag = `W/"${prepared?.etag ?? createHash("sha1").update(body).digest("base64url")}${total === null ? "" : `-${total}${capped ? "+" : ""}`}"`;
  return {
    reads,
    body,
    total,
    capped,
    etag,
    bytes: body.length,
    gzip() {
      // zlib's thread pool: the event loop goes on serving while a big body is compressed.
      // About a tenth of the JSON: not counted in the budget.
      // A body made of kept chunks is already compressed at level 6, chunk by chunk.
      if (prepared) return prepared.gzip();
      gz ??= compress(body, body.length > BIG_BODY ? 1 : 6);
      if (!harder && body.length > BIG_BODY && Date.now() - made >= STABLE_MS) {
        harder = true;
        compress(body, 6).then(
          (out) => void (gz = Promise.resolve(out)),
          () => {}, // the fast bytes stay
        );
      }
      return gz;
    },
    brotli() {
      if (!brStarted && body.length > BIG_BODY && Date.now() - made >= STABLE_MS) {
        brStarted = true;
        const params = { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: body.length };
        brotliCompress(body, { params }, (err, out) => {
          if (!err) br = out; // else gzip stays
        });
      }
      return br;
    },
  };
}

/** One cache per database (tests run several in one process). */
const caches = new WeakMap<Db, ListCache>();
/** Small answers asked with many different texts (the global search) keep their own entries: they never push the lists out. */
const answerCaches = new WeakMap<Db, ListCache>();

function cacheOf(map: WeakMap<Db, ListCache>, db: Db): ListCache {
  let cache = map.get(db);
  if (!cache) map.set(db, (cache = new ListCache()));
  return cache;
}

/** A JSON answer that is not a list (the global search's), reused the same way while the tables it read are unchanged. */
export function cachedAnswer(db: Db, key: string, compute: () => Promise<object>): Promise<CachedList> {
  return cacheOf(answerCaches, db).get(db, key, async () => ({ rows: await compute(), total: null }));
}

export function cachedList(db: Db, key: string, compute: () => Promise<({ rows: readonly object[] } | { json: string } | { prepared: PreparedBody }) & { total: number | null; capped?: boolean }>): Promise<CachedList> {
  return cacheOf(caches, db).get(db, key, compute);
}

/** What the caches of a database hold and have computed (tests). */
export function cacheStats(db: Db): { computed: number; readsOf(key: string): string[] | undefined } {
  const lists = cacheOf(caches, db);
  const answers = cacheOf(answerCaches, db);
  return {
    computed: lists.computed + answers.computed,
    readsOf: (key) => lists.readsOf(key) ?? answers.readsOf(key),
  };
}

/** A stable cache key for a route and its validated query (parameter order does not matter). */
export function listKey(route: string, query: Record<string, unknown>): string {
  const parts = Object.keys(query)
    .filter((k) => query[k] !== undefined && query[k] !== "")
    .sort()
    .map((k) => `${k}=${JSON.stringify(query[k])}`);
  return `${route}?${parts.join("&")}`;
}
