// Reads DTE files off the request thread: decoding and parsing a file of a few MiB takes
// hundreds of milliseconds of CPU, which on the request thread would stall every other
// request. One worker thread, started on first use and kept (idle, it does not hold the
// process open); requests queue on it. It is TypeScript like the rest of the server: a
// small bootstrap registers tsx inside the worker first, as the embedded database's worker
// does (server/db/connect.ts), so it runs the same under `tsx server/main.ts` (npm start,
// npm run serve) and in the tests. A worker that dies (out of memory on a hostile file)
// fails the requests in flight with a 500 and is started again for the next one.
//
// The documents of a request come in chunks, one message each (dte-worker.ts): a message
// is copied onto this thread as its own task, so a 10 MiB import never stops the event
// loop for long. The request's `docs` are an async iterable over the chunks as they arrive;
// it can be walked again (a write() retried on a serialization failure starts over).
import { Worker } from "node:worker_threads";
import type { DteDoc, DteRequestRead } from "./dte-files";

type Refusal = Extract<DteRequestRead, { ok: false }>;

/** A DTE request read in the worker: its files and refusals, and its documents chunk by chunk. */
export type DteRead = {
  ok: true;
  archivos: { nombre: string; contenido: string }[];
  rechazados: string[];
  /** How many documents `docs` brings. */
  total: number;
  docs: DocChunks;
};

/** The chunks of documents of one request, kept as they arrive; iterable more than once. */
export class DocChunks implements AsyncIterable<DteDoc[]> {
  private chunks: DteDoc[][] = [];
  private received = 0;
  private failure: Error | null = null;
  private wake: (() => void) | null = null;

  constructor(readonly total: number) {}

  /** Chunks already given, for a read that is not streamed (tests). */
  static of(docs: DteDoc[], size: number): DocChunks {
    const c = new DocChunks(docs.length);
    for (let i = 0; i < docs.length; i += size) c.push(docs.slice(i, i + size));
    return c;
  }

  get complete(): boolean {
    return this.received >= this.total;
  }

  push(chunk: DteDoc[]): void {
    this.chunks.push(chunk);
    this.received += chunk.length;
    this.wake?.();
  }

  fail(err: Error): void {
    this.failure = err;
    this.wake?.();
  }

  async *[Symbol.asyncIterator](): AsyncIterator<DteDoc[]> {
    for (let i = 0; ; i++) {
      while (i >= this.chunks.length) {
        if (this.failure) throw this.failure;
        if (this.complete) return;
        await new Promise<void>((resolve) => (this.wake = resolve));
        this.wake = null;
      }
      yield this.chunks[i];
    }
  }
}

type Pending = { resolve: (read: DteRead | Refusal) => void; reject: (err: Error) => void; docs?: DocChunks };
type Message = { id?: number; refusal?: Refusal; head?: { archivos: DteRead["archivos"]; rechazados: string[]; total: number }; chunk?: DteDoc[]; error?: string };

const WORKER_URL = new URL("./dte-worker.ts", import.meta.url).href;
const BOOTSTRAP = `import("tsx/esm/api").then((m) => { m.register(); return import(${JSON.stringify(WORKER_URL)}); })`;

class DteReader {
  private worker: Worker | null = null;
  private ready: Promise<void> | null = null;
  private pending = new Map<number, Pending>();
  private nextId = 1;

  async read(body: Buffer): Promise<DteRead | Refusal> {
    const worker = this.start();
    await this.ready;
    const id = this.nextId++;
    const read = new Promise<DteRead | Refusal>((resolve, reject) => this.pending.set(id, { resolve, reject }));
    if (this.pending.size === 1) worker.ref();
    // The body's memory moves to the worker (no copy) when the buffer owns all of it.
    const own = body.byteOffset === 0 && body.byteLength === body.buffer.byteLength && body.buffer instanceof ArrayBuffer;
    const bytes = own ? new Uint8Array(body.buffer) : new Uint8Array(body);
    worker.postMessage({ id, body: bytes }, [bytes.buffer as ArrayBuffer]);
    return read;
  }

  private start(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(BOOTSTRAP, { eval: true, resourceLimits: { maxOldGenerationSizeMb: 512 } });
    this.worker = worker;
    this.ready = new Promise<void>((resolve, reject) => {
      worker.once("message", () => resolve());
      worker.once("error", reject);
    });
    this.ready.catch(() => {});
    worker.on("message", (msg: Message) => {
      if (msg.id === undefined) return;
      const job = this.pending.get(msg.id);
      if (!job) return;
      if (msg.head) {
        job.docs = new DocChunks(msg.head.total);
        job.resolve({ ok: true, archivos: msg.head.archivos, rechazados: msg.head.rechazados, total: msg.head.total, docs: job.docs });
      } else if (msg.chunk && job.docs) {
        job.docs.push(msg.chunk);
      } else if (msg.refusal) {
        job.resolve(msg.refusal);
      } else {
        const err = new Error(`Lectura de DTE: ${msg.error}`);
        job.reject(err);
        job.docs?.fail(err);
      }
      if (job.docs && !job.docs.complete && !msg.error) return;
      this.pending.delete(msg.id);
      if (this.pending.size === 0) worker.unref();
    });
    const fail = (err: Error) => {
      if (this.worker !== worker) return;
      this.worker = null;
      for (const job of this.pending.values()) {
        job.reject(err);
        job.docs?.fail(err);
      }
      this.pending.clear();
    };
    worker.on("error", fail);
    worker.on("exit", (code) => fail(new Error(`La lectura de DTE terminó (código ${code})`)));
    worker.unref();
    return worker;
  }
}

const reader = new DteReader();

/** A DTE request's raw JSON body read in the DTE worker thread (readDteRequest). */
export function readDteRequestOffThread(body: Buffer): Promise<DteRead | Refusal> {
  return reader.read(body);
}
