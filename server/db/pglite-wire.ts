// The PostgreSQL wire protocol in front of PGlite, inside the database worker
// (pglite-worker.ts): the app's `pg` pool connects to it over a private Unix socket.
//
// PGlite is ONE database session. Several connections share it safely because the
// server runs whole exchanges, never single messages:
//
// - A connection's bytes are cut into units that end where the client waits for an
//   answer: a Sync (extended protocol: Parse, Bind, Describe, Execute, Sync), a simple
//   Query, a Flush. A unit runs in ONE call into PGlite and its answer goes back in ONE
//   socket write (per message would be five calls, five writes and five turns of the
//   event loop for a one-row query).
// - Units of different connections never interleave inside a unit, so the unnamed
//   statement and portal of one connection are never replaced by another's.
// - While a connection has a transaction open (or an extended exchange cut by a Flush),
//   only its units run; the others wait in the queue. A connection that closes in a
//   transaction has it rolled back.
//
// So the app's pool may hold several connections: while PGlite answers one, the next
// request's query is already waiting, and the worker never idles for a round trip.
//
// Named prepared statements (drizzle's `.prepare(name)`, pg's `{ name }`) live in the one
// session, so they are shared: a connection that parses a name the session already has,
// with the same text, is answered ParseComplete without parsing again (PostgreSQL would
// refuse it as a duplicate). Statement names must therefore mean one text per process.
//
// Session settings (SET without LOCAL) are shared by all connections: use SET LOCAL
// inside a transaction. COPY … FROM STDIN is not supported.
import fs from "node:fs";
import net from "node:net";
import type { PGlite } from "@electric-sql/pglite";

const SSL_REQUEST = 80877103;
const GSSENC_REQUEST = 80877104;
const CANCEL_REQUEST = 80877102;
/** Message types after which the client waits for the server. */
const UNIT_END = new Set(["S", "Q", "H", "X", "c", "f"].map((c) => c.charCodeAt(0)));
const FLUSH = "H".charCodeAt(0);
const PARSE = "P".charCodeAt(0);
const QUERY = "Q".charCodeAt(0);
const PARSE_COMPLETE = Buffer.from([0x31, 0, 0, 0, 4]);
const TERMINATE = "X".charCodeAt(0);

/** Sync, then ROLLBACK: what closing a connection in a transaction runs. */
const ROLLBACK = (() => {
  const text = Buffer.from("ROLLBACK\0");
  const q = Buffer.alloc(5 + text.length);
  q[0] = "Q".charCodeAt(0);
  q.writeInt32BE(4 + text.length, 1);
  text.copy(q, 5);
  return Buffer.concat([Buffer.from([0x53, 0, 0, 0, 4]), q]);
})();

export interface WireStats {
  /** Units run (calls into PGlite). */
  units: number;
  /** Milliseconds spent inside PGlite. */
  execMs: number;
  /** Units by the type of their first message ("P" extended, "Q" simple…). */
  byFirst: Record<string, number>;
}

class Connection {
  /** Received bytes not yet cut into units. */
  private chunks: Buffer[] = [];
  private length = 0;
  /** Bytes needed before scanning again (a long message arriving in pieces). */
  private need = 0;
  started = false;
  closed = false;

  constructor(
    readonly socket: net.Socket,
    private readonly server: WireServer,
  ) {}

  onData(data: Buffer): void {
    this.chunks.push(data);
    this.length += data.length;
    if (this.length < this.need) return;
    let buf = this.chunks.length === 1 ? this.chunks[0] : Buffer.concat(this.chunks, this.length);
    this.chunks = [];
    this.length = 0;
    this.need = 0;
    while (buf.length > 0 && !this.closed) {
      if (!this.started) {
        if (buf.length < 8) break;
        const len = buf.readInt32BE(0);
        if (buf.length < len) {
          this.need = len;
          break;
        }
        const code = buf.readInt32BE(4);
        const msg = buf.subarray(0, len);
        buf = buf.subarray(len);
        if (code === SSL_REQUEST || code === GSSENC_REQUEST) {
          this.socket.write("N");
          continue;
        }
        if (code === CANCEL_REQUEST) {
          this.socket.destroy();
          return;
        }
        this.started = true;
        this.server.enqueue(this, msg, false);
        continue;
      }
      // Cut after the last message that ends a unit.
      let at = 0;
      let cut = 0;
      let lastType = 0;
      let incomplete = 0;
      while (at + 5 <= buf.length) {
        const end = at + 1 + buf.readInt32BE(at + 1);
        if (end > buf.length) {
          incomplete = end;
          break;
        }
        if (UNIT_END.has(buf[at])) {
          cut = end;
          lastType = buf[at];
        }
        at = end;
      }
      this.need = incomplete ? incomplete - cut : 0;
      if (cut === 0) break;
      this.server.enqueue(this, buf.subarray(0, cut), lastType === FLUSH, lastType === TERMINATE);
      buf = buf.subarray(cut);
    }
    if (buf.length > 0 && !this.closed) {
      this.chunks = [buf];
      this.length = buf.length;
    }
  }
}

interface Unit {
  conn: Connection;
  bytes: Buffer;
  /** Ends with a Flush: the exchange continues, the connection keeps the session. */
  holds: boolean;
  /** Ends with Terminate: close after answering. */
  terminate?: boolean;
}

export class WireServer {
  private readonly server: net.Server;
  private readonly connections = new Set<Connection>();
  private queue: Unit[] = [];
  /** Work that needs the session to itself between units (a backup's snapshot): run when no connection holds it. */
  private tasks: (() => Promise<void>)[] = [];
  /** The connection holding the session (open transaction, or an exchange cut by a Flush). */
  private owner: Connection | null = null;
  private running = false;
  readonly stats: WireStats = { units: 0, execMs: 0, byFirst: {} };
  /** Named statements of the session: name → the Parse message's text and types. */
  private readonly prepared = new Map<string, Buffer>();

  constructor(
    private readonly db: PGlite,
    private readonly opts: { path: string; maxConnections: number; profile?: boolean },
  ) {
    this.server = net.createServer((socket) => this.accept(socket));
  }

  start(): Promise<void> {
    return new Promise((resolve, reject) => {
      this.server.once("error", reject);
      this.server.listen(this.opts.path, () => {
        this.server.off("error", reject);
        resolve();
      });
    });
  }

  async stop(): Promise<void> {
    for (const c of this.connections) c.socket.destroy();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
    // Wait for the unit in flight (if any) and the rollback of closed connections.
    while (this.running) await new Promise((r) => setTimeout(r, 5));
  }

  private accept(socket: net.Socket): void {
    if (this.connections.size >= this.opts.maxConnections) {
      socket.end("Too many connections\n");
      return;
    }
    socket.setNoDelay(true);
    const conn = new Connection(socket, this);
    this.connections.add(conn);
    socket.on("data", (d: Buffer) => conn.onData(d));
    socket.on("error", () => socket.destroy());
    socket.on("close", () => this.release(conn));
  }

  /**
   * Runs `work` with the session to itself: after the unit in flight, never inside a
   * connection's open transaction. The connections' units wait meanwhile.
   */
  exclusive<T>(work: () => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.tasks.push(() => work().then(resolve, reject));
      void this.drain();
    });
  }

  enqueue(conn: Connection, bytes: Buffer, holds: boolean, terminate = false): void {
    this.queue.push({ conn, bytes, holds, terminate });
    void this.drain();
  }

  /** A closed connection: its waiting units go, its transaction is rolled back. */
  private release(conn: Connection): void {
    if (conn.closed) return;
    conn.closed = true;
    this.connections.delete(conn);
    this.queue = this.queue.filter((u) => u.conn !== conn);
    if (this.owner === conn) this.queue.unshift({ conn, bytes: ROLLBACK, holds: false });
    void this.drain();
  }

  private async drain(): Promise<void> {
    if (this.running) return;
    this.running = true;
    try {
      for (;;) {
        const owner = this.owner;
        if (!owner && this.tasks.length > 0) {
          await this.tasks.shift()!();
          continue;
        }
        const i = owner ? this.queue.findIndex((u) => u.conn === owner) : 0;
        if (i < 0 || this.queue.length === 0) break;
        const [unit] = this.queue.splice(i, 1);
        await this.run(unit);
      }
    } finally {
      this.running = false;
    }
  }

  private async run(unit: Unit): Promise<void> {
    const out: Buffer[] = [];
    const t0 = this.opts.profile ? performance.now() : 0;
    // A unit that starts by parsing a named statement: skipped when the session has it.
    const named = unit.conn.started ? namedParse(unit.bytes) : null;
    const known = named !== null && this.prepared.get(named.name)?.equals(named.body) === true;
    const bytes = known ? unit.bytes.subarray(named.end) : unit.bytes;
    if (known) out.push(PARSE_COMPLETE);
    try {
      // The work is synchronous (the promise only carries a failure): `out` is complete
      // when the call returns. The worker's file system writes through: no sync needed.
      if (bytes.length > 0) await this.db.execProtocolRawStream(bytes, { syncToFs: false, onRawData: (d) => void out.push(Buffer.from(d)) });
    } catch (err) {
      console.error("Error de la base de datos embebida:", (err as Error).message);
      unit.conn.socket.destroy();
    } finally {
      if (this.opts.profile) {
        this.stats.units += 1;
        this.stats.execMs += performance.now() - t0;
        const first = !unit.conn.started || unit.bytes[0] === 0 ? "inicio" : known ? "P (ya preparada)" : String.fromCharCode(unit.bytes[0]);
        this.stats.byFirst[first] = (this.stats.byFirst[first] ?? 0) + 1;
      }
    }
    if (named && !known && out[0]?.[0] === PARSE_COMPLETE[0]) this.prepared.set(named.name, Buffer.from(named.body));
    if (unit.bytes[0] === QUERY && /\b(deallocate|discard)\b/i.test(unit.bytes.toString("utf8", 5, Math.min(unit.bytes.length, 200)))) this.prepared.clear();
    const live = !unit.conn.closed;
    this.owner = live && (unit.holds || this.db.isInTransaction()) ? unit.conn : null;
    if (live && out.length > 0) unit.conn.socket.write(out.length === 1 ? out[0] : Buffer.concat(out));
    if (unit.terminate) unit.conn.socket.end();
  }
}

/** The first message when it parses a named statement: its name, what follows the name (text and types), where it ends. */
function namedParse(bytes: Buffer): { name: string; body: Buffer; end: number } | null {
  if (bytes.length < 6 || bytes[0] !== PARSE || bytes[5] === 0) return null;
  const end = 1 + bytes.readInt32BE(1);
  const nameEnd = bytes.indexOf(0, 5);
  if (nameEnd < 0 || nameEnd >= end) return null;
  return { name: bytes.toString("utf8", 5, nameEnd), body: bytes.subarray(nameEnd + 1, end), end };
}

/** The calling thread's id in the system (Linux; NaN elsewhere): profiling only (which of the process's threads is PGlite's). */
export function threadId(): number {
  try {
    return Number(fs.readFileSync("/proc/thread-self/stat", "utf8").split(" ")[0]);
  } catch {
    return NaN;
  }
}

/** CPU milliseconds of the calling thread (Linux; NaN elsewhere): profiling only. */
export function threadCpuMs(): number {
  try {
    const stat = fs.readFileSync("/proc/thread-self/stat", "utf8");
    const f = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return (Number(f[11]) + Number(f[12])) * 10;
  } catch {
    return NaN;
  }
}
