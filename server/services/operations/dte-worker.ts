// Worker thread of the DTE import (dte-reader.ts): reads one request's body at a time and
// sends its documents in chunks of DTE_CHUNK: a head (files, refusals, count), then one
// message per chunk, so the request thread never copies thousands of documents in one go.
import { parentPort } from "node:worker_threads";
import { DTE_CHUNK, readDteRequest } from "./dte-files";

parentPort!.on("message", (job: { id: number; body: Uint8Array }) => {
  try {
    const read = readDteRequest(job.body);
    if (!read.ok) {
      parentPort!.postMessage({ id: job.id, refusal: read });
      return;
    }
    parentPort!.postMessage({ id: job.id, head: { archivos: read.archivos, rechazados: read.rechazados, total: read.docs.length } });
    for (let i = 0; i < read.docs.length; i += DTE_CHUNK) parentPort!.postMessage({ id: job.id, chunk: read.docs.slice(i, i + DTE_CHUNK) });
  } catch (err) {
    parentPort!.postMessage({ id: job.id, error: err instanceof Error ? err.message : String(err) });
  }
});
parentPort!.postMessage({ ready: true });
