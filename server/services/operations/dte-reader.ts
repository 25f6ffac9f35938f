// Reads DTE files off the request thread: decoding and parsing a file of a few MiB takes
// hundreds of milliseconds of CPU, which on the request thread would stall every other
// request. One worker thread, started on first use and kept (idle, it does not hold the
// process open); requests queue on it. It is TypeScript like the rest of the server: a
// small bootstrap registers tsx inside the worker first, as the embedded database's worker
// does (server/db/connect.ts), so it runs the same under `tsx server/main.ts` (npm start,
// npm run serve) and in the tests. A worker that dies (out of memory on a hostile file)
// fails the requests in flight with a 500 and is started again for the next one.
import { Worker } from "node:worker_threads";
import type { DteRequestRead } from "./dte-files";

type Pending = { resolve: (read: DteRequestRead) => void; reject: (err: Error) => void };

const WORKER_URL = new URL("./dte-worker.ts", import.meta.url).href;
const BOOTSTRAP = `import("tsx/esm/api").then((m) => { m.register(); return import(${JSON.stringify(WORKER_URL)}); })`;

class DteReader {
  private worker: Worker | null = null;
  private ready: Promise<void> | null = null;
  private pending = new Map<number, Pending>();
  private nextId = 1;

  async read(body: Buffer): Promise<DteRequestRead> {
    const worker = this.start();
    await this.ready;
    const id = this.nextId++;
    const read = new Promise<DteRequestRead>((resolve, reject) => this.pending.set(id, { resolve, reject }));
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
    worker.on("message", (msg: { id?: number; read?: DteRequestRead; error?: string }) => {
      if (msg.id === undefined) return;
      const job = this.pending.get(msg.id);
      if (!job) return;
      this.pending.delete(msg.id);
      if (this.pending.size === 0) worker.unref();
      if (msg.read) job.resolve(msg.read);
      else job.reject(new Error(`Lectura de DTE: ${msg.error}`));
    });
    const fail = (err: Error) => {
      if (this.worker !== worker) return;
      this.worker = null;
      for (const job of this.pending.values()) job.reject(err);
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
export function readDteRequestOffThread(body: Buffer): Promise<DteRequestRead> {
  return reader.read(body);
}
