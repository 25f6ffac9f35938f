// Worker thread of the DTE import (dte-reader.ts): reads one request's body at a time.
import { parentPort } from "node:worker_threads";
import { readDteRequest } from "./dte-files";

parentPort!.on("message", (job: { id: number; body: Uint8Array }) => {
  try {
    parentPort!.postMessage({ id: job.id, read: readDteRequest(job.body) });
  } catch (err) {
    parentPort!.postMessage({ id: job.id, error: err instanceof Error ? err.message : String(err) });
  }
});
parentPort!.postMessage({ ready: true });
