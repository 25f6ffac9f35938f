// Answers of the lists (all 5,000 quotes, all 2,000 clients, and their pages),
// kept ready to send and reused while the database has not changed.
//
// "Not changed" is asked of the database itself, so the cache is right with several app
// processes on one PostgreSQL server too: `pg_current_snapshot()` changes exactly when
// a transaction that wrote something ends (commit or rollback); read-only work leaves it
// alone. An entry is keyed by the snapshot read BEFORE its rows, so rows are never older
// than their key: if the snapshot is still the same on the next request, nothing has
// been written since, and the stored answer is exact. Any write anywhere empties it
// (conservative, never stale). The check costs one tiny query.
import { createHash } from "node:crypto";
import { gzipSync } from "node:zlib";
import { sql } from "drizzle-orm";
import type { Db } from "../db/connect";

export interface CachedList {
  /** The JSON array as UTF-8 bytes, ready to send (no re-encoding per request). */
  body: Buffer;
  /** X-Total-Count when the list was paged, else null. */
  total: number | null;
  /** Weak validator of the body, for If-None-Match. */
  etag: string;
  /** The body gzip-compressed (made on first use, then kept). */
  gzip(): Buffer;
}

interface Entry extends CachedList {
  snapshot: string;
  bytes: number;
}

const MAX_ENTRIES = 200;
const MAX_BYTES = 64 * 1024 * 1024;

class ListCache {
  private entries = new Map<string, Entry>(); // insertion order = least recently used first
  private bytes = 0;
  private pending = new Map<string, Promise<Entry>>();

  /** `rows` is the JSON answer: a list's rows, or any object (cachedAnswer). */
  async get(db: Db, key: string, compute: () => Promise<{ rows: object; total: number | null }>): Promise<CachedList> {
    const snapshot = await currentSnapshot(db);
    const hit = this.entries.get(key);
    if (hit && hit.snapshot === snapshot) {
      this.entries.delete(key); // most recently used goes last
      this.entries.set(key, hit);
      return hit;
    }
    const flightKey = `${snapshot}\u0000${key}`;
    let flight = this.pending.get(flightKey);
    if (!flight) {
      flight = (async () => {
        const { rows, total } = await compute();
        const entry = makeEntry(snapshot, Buffer.from(JSON.stringify(rows), "utf8"), total);
        this.store(key, entry);
        return entry;
      })().finally(() => this.pending.delete(flightKey));
      this.pending.set(flightKey, flight);
    }
    return flight;
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
}

function makeEntry(snapshot: string, body: Buffer, total: number | null): Entry {
  let gz: Buffer | null = null;
  const etag = `W/"${createHash("sha1").update(body).digest("base64url")}${total === null ? "" : `-${total}`}"`;
  return {
    snapshot,
    body,
    total,
    etag,
    bytes: body.length,
    gzip() {
      gz ??= gzipSync(body, { level: 6 }); // about a tenth of the JSON: not counted in the budget
      return gz;
    },
  };
}

export async function currentSnapshot(db: Db): Promise<string> {
  const result = await db.execute<{ s: string }>(sql`select pg_current_snapshot()::text as s`);
  return result.rows[0].s;
}

/** One cache per database (tests run several in one process). */
const caches = new WeakMap<Db, ListCache>();
/** Small answers asked with many different texts (the global search) keep their own entries: they never push the lists out. */
const answerCaches = new WeakMap<Db, ListCache>();

/** A JSON answer that is not a list (the global search's), reused the same way while nothing has been written. */
export function cachedAnswer(db: Db, key: string, compute: () => Promise<object>): Promise<CachedList> {
  let cache = answerCaches.get(db);
  if (!cache) answerCaches.set(db, (cache = new ListCache()));
  return cache.get(db, key, async () => ({ rows: await compute(), total: null }));
}

export function cachedList(db: Db, key: string, compute: () => Promise<{ rows: readonly object[]; total: number | null }>): Promise<CachedList> {
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new ListCache()));
  return cache.get(db, key, compute);
}

/** A stable cache key for a route and its validated query (parameter order does not matter). */
export function listKey(route: string, query: Record<string, unknown>): string {
  const parts = Object.keys(query)
    .filter((k) => query[k] !== undefined && query[k] !== "")
    .sort()
    .map((k) => `${k}=${JSON.stringify(query[k])}`);
  return `${route}?${parts.join("&")}`;
}
