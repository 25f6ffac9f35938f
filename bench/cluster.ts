// Several Ventanal server processes on one port, for the "dos procesos" bench case: Node's
// `cluster` module. This file, run as its own process (`node --import tsx bench/cluster.ts`
// with WORKERS=n and the server's environment: DATABASE_URL, PORT…), is the primary: it
// forks n workers that each run `server/main.ts` as `npm run serve` does, and accepts
// the connections itself, handing each one whole to the next worker in turn
// (SCHED_RR). After that the worker owns the socket: no byte goes through the primary (a
// TCP proxy would copy every request and answer, on the same 2 cores as the servers).
// Keep-alive connections stay on their worker, as behind nginx without sticky sessions.
// The primary prints "listo" once every worker listens; SIGTERM stops the workers (each
// finishes its requests in flight) and then itself. In production, use a reverse proxy
// (docs/operacion.md "Varios procesos sobre un PostgreSQL").
//
// `startCluster(n, env)` runs it from the bench and waits for "listo".
import { spawn, type ChildProcess } from "node:child_process";
import cluster from "node:cluster";
import net from "node:net";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const READY = "listo";

export interface Cluster {
  url: string;
  stop(): Promise<void>;
}

/** `workers` server processes on a free port of 127.0.0.1, on the database of `env.DATABASE_URL`. */
export async function startCluster(workers: number, env: NodeJS.ProcessEnv): Promise<Cluster> {
  const port = await freePort();
  const child = spawn(process.execPath, ["--import", "tsx", fileURLToPath(import.meta.url)], {
    cwd: ROOT,
    env: { ...env, WORKERS: String(workers), PORT: String(port), HOST: "127.0.0.1" },
    stdio: ["ignore", "pipe", "inherit"],
  });
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`los ${workers} procesos no respondieron en 120 s`)), 120_000);
    let out = "";
    child.stdout!.on("data", (d) => {
      out += d;
      if (out.split("\n").includes(READY)) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.on("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`el proceso principal terminó al iniciar (código ${code})`));
    });
  });
  child.stdout!.resume();
  return { url: `http://127.0.0.1:${port}`, stop: () => stopChild(child) };
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once("exit", () => resolve());
    child.kill("SIGTERM");
  });
}

/** A free TCP port on 127.0.0.1. */
async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

/** The primary: forks the workers, says "listo" when all listen, stops them on SIGTERM. */
function runPrimary(): void {
  const n = Number(process.env.WORKERS);
  if (!Number.isInteger(n) || n < 1) throw new Error(`WORKERS debe ser un entero mayor o igual a 1 (recibido: ${process.env.WORKERS})`);
  cluster.schedulingPolicy = cluster.SCHED_RR;
  // Each worker runs server/main.ts as its main module (so it starts the server), with
  // this process's flags (--import tsx).
  cluster.setupPrimary({ exec: path.join(ROOT, "server", "main.ts") });
  let listening = 0;
  let stopping = false;
  cluster.on("listening", () => {
    if (++listening === n) console.log(READY);
  });
  cluster.on("exit", (worker, code, signal) => {
    if (stopping) return;
    console.error(`el proceso ${worker.process.pid} terminó (código ${code ?? signal})`);
    process.exit(1);
  });
  for (let i = 0; i < n; i++) cluster.fork();
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    const workers = Object.values(cluster.workers ?? {}).filter((w) => w !== undefined);
    await Promise.all(
      workers.map(
        (w) =>
          new Promise<void>((resolve) => {
            if (w.isDead()) return resolve();
            w.process.once("exit", () => resolve());
            w.process.kill("SIGTERM");
          }),
      ),
    );
    process.exit(0);
  };
  process.on("SIGTERM", () => void stop());
  process.on("SIGINT", () => void stop());
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href && cluster.isPrimary) runPrimary();
