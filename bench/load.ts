// The load generator, run as its own process by bench/run.ts so that it does not share
// the server's event loop: `node --import tsx bench/load.ts '<job JSON>'`.
// Prints one JSON line: latencies of the 2xx answers (float ms), req/s, failures.
import { readFileSync } from "node:fs";
import autocannon from "autocannon";

export interface LoadJob {
  url: string;
  method: string;
  headers: Record<string, string>;
  body?: string;
  /** A mix: each connection asks these paths (of `url`'s server) in turn. */
  paths?: string[];
  connections: number;
  /** Per connection (i-th client takes entry i modulo the length): headers added, body replaced. */
  perConnection?: { headers?: Record<string, string>; body?: string }[];
  seconds: number;
  warmupSeconds: number;
}

export interface LoadResult {
  medianMs: number;
  p99Ms: number;
  reqPerSec: number;
  ok: number;
  non2xx: number;
  errors: number;
}

function run(job: LoadJob, seconds: number, latencies: number[] | null): Promise<autocannon.Result> {
  let next = 0;
  const variants = job.perConnection?.length ? job.perConnection : null;
  const setupClient = (client: autocannon.Client) => {
    if (!variants) return;
    const v = variants[next++ % variants.length];
    client.setHeadersAndBody({ ...job.headers, ...v.headers }, v.body ?? job.body ?? "");
  };
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url: job.url,
        method: job.method as autocannon.Request["method"],
        headers: job.headers,
        body: job.body,
        connections: job.connections,
        duration: seconds,
        setupClient,
        ...(job.paths ? { requests: job.paths.map((p) => ({ method: job.method as autocannon.Request["method"], path: p })) } : {}),
      },
      (err, result) => (err ? reject(err) : resolve(result)),
    );
    if (latencies) {
      instance.on("response", (_client, status, _bytes, ms) => {
        if (status >= 200 && status < 300) latencies.push(ms);
      });
    }
  });
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

// The job as JSON, or "@file" holding it (bench/run.ts writes big bodies to a file).
const arg = process.argv[2];
const job = JSON.parse(arg.startsWith("@") ? readFileSync(arg.slice(1), "utf8") : arg) as LoadJob;
if (job.warmupSeconds > 0) await run(job, job.warmupSeconds, null);
const latencies: number[] = [];
const result = await run(job, job.seconds, latencies);
latencies.sort((a, b) => a - b);
const out: LoadResult = {
  medianMs: percentile(latencies, 50),
  p99Ms: percentile(latencies, 99),
  reqPerSec: latencies.length / result.duration,
  ok: latencies.length,
  non2xx: result.non2xx,
  errors: result.errors + result.timeouts,
};
console.log(JSON.stringify(out));
