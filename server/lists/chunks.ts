// A whole list's body and its gzip, made of chunks kept between builds (define.ts's readWhole).
//
// After a write to one row, a whole list (5,000 invoices, 2.5 MB of JSON) changes in one
// place, but gzip over the whole body would compress all 2.5 MB again on every build. Here
// the rows are cut into chunks of about ROWS_PER_CHUNK rows; where a chunk ends is decided
// by its last row's key (never its position or version), so a write, an insert or a delete
// changes the chunk of that row only. Each chunk is compressed on its own (raw deflate,
// ended by a sync flush: byte-aligned) with the chunk before it as its dictionary, and kept
// by its rows' "version:key" ids together with the chunk it was compressed after; the gzip
// of the body is the chunks' deflate data one after the other, an empty final block, and
// the CRC-32 and length of the whole body: one ordinary gzip member, as any client reads it.
// The dictionary is exactly the text that precedes the chunk in the body, so the client's
// inflater has it in its window: the chunk's back-references may reach into it. Without it
// every chunk (14–30 KB of JSON) started from nothing, and the 5,000 quotes were sent as
// 338 KB instead of 251 KB (a whole-body gzip at level 6: 231 KB). A write then compresses
// its row's chunk and the one after it again.
import { createHash, randomBytes } from "node:crypto";
import { constants, crc32, deflateRaw } from "node:zlib";

/** A body made ready to send: its bytes, its validator and its gzip. */
export interface PreparedBody {
  body: Buffer;
  etag: string;
  gzip(): Promise<Buffer>;
}

interface Chunk {
  text: Buffer;
  /** Compressed with the text of the chunk before it as dictionary: that chunk's id (null: the first). */
  deflated: Promise<Buffer>;
  after: string | null;
}

/** About one row in this many ends a chunk (some 16–32 KB of JSON). */
const ROWS_PER_CHUNK = 48;
/** Compressed once per chunk and kept: the default level (smaller than level 1's by a fifth). */
const LEVEL = 6;
/** Validators of this process only: another process (another version of the rows' JSON) never answers 304 to them. */
const SALT = randomBytes(12).toString("base64url");
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);
/** A final, empty block with fixed codes (what zlib writes to end a stream after a flush). */
const FINAL_BLOCK = Buffer.from([3, 0]);

/** Bytes of JSON compressed so far (tests: what a rebuild costs). */
let compressed = 0;
export const bytesCompressed = () => compressed;

/** The most a deflate back-reference reaches: the dictionary's useful part. */
const WINDOW = 32 * 1024;

function deflateChunk(text: Buffer, before: Buffer | null): Promise<Buffer> {
  compressed += text.length;
  const dictionary = before && before.length > 0 ? { dictionary: before.subarray(Math.max(0, before.length - WINDOW)) } : {};
  return new Promise((resolve, reject) =>
    deflateRaw(text, { level: LEVEL, finishFlush: constants.Z_SYNC_FLUSH, ...dictionary }, (err, out) => (err ? reject(err) : resolve(out))),
  );
}

/** Whether the row of this "version:key" id ends its chunk: by a hash of its key only (FNV-1a). */
function endsChunk(id: string): boolean {
  let h = 0x811c9dc5;
  for (let i = id.indexOf(":") + 1; i < id.length; i++) h = Math.imul(h ^ id.charCodeAt(i), 0x01000193);
  return (h >>> 0) % ROWS_PER_CHUNK === 0;
}

export class ChunkedBody {
  private chunks = new Map<string, Chunk>();

  /**
   * The JSON array of `jsons` (each row's JSON, in order; `ids[i]` is row i's "version:key":
   * the same id always has the same JSON), reusing the chunks of the last body made.
   * `scope` (the cache key) goes into the validator.
   */
  make(scope: string, ids: readonly string[], jsons: readonly string[]): PreparedBody {
    const next = new Map<string, Chunk>();
    const parts: Chunk[] = [];
    let before: { id: string; chunk: Chunk } | null = null;
    const add = (id: string, text: () => string) => {
      let chunk = next.get(id) ?? this.chunks.get(id);
      // The same rows after other rows: the same text, compressed again after those.
      if (!chunk || chunk.after !== (before?.id ?? null)) {
        const bytes = chunk?.text ?? Buffer.from(text(), "utf8");
        chunk = { text: bytes, deflated: deflateChunk(bytes, before?.chunk.text ?? null), after: before?.id ?? null };
        chunk.deflated.catch(() => {}); // awaited by gzip(); a failure there rejects it
      }
      next.set(id, chunk);
      parts.push(chunk);
      before = { id, chunk };
    };
    let start = 0;
    for (let i = 0; i < ids.length; i++) {
      if (i < ids.length - 1 && !endsChunk(ids[i])) continue;
      const prefix = start === 0 ? "[" : ",";
      const from = start;
      add(prefix + ids.slice(from, i + 1).join("\n"), () => prefix + jsons.slice(from, i + 1).join(","));
      start = i + 1;
    }
    add(ids.length ? "]" : "[]", () => (ids.length ? "]" : "[]"));
    this.chunks = next;

    const body = Buffer.concat(parts.map((c) => c.text));
    const etag = createHash("sha1").update(SALT).update(scope).update("\n").update(ids.join("\n")).digest("base64url");
    let gz: Promise<Buffer> | null = null;
    return {
      body,
      etag,
      gzip() {
        gz ??= Promise.all(parts.map((c) => c.deflated)).then((deflated) => {
          const trailer = Buffer.alloc(8);
          trailer.writeUInt32LE(crc32(body) >>> 0, 0);
          trailer.writeUInt32LE(body.length % 2 ** 32, 4);
          return Buffer.concat([GZIP_HEADER, ...deflated, FINAL_BLOCK, trailer]);
        });
        return gz;
      },
    };
  }
}
