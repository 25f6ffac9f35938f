// Issue 22.4, two processes on one PostgreSQL: Ventanal server processes (`tsx
// server/main.ts`, as `npm start`) on the bench's PostgreSQL database behind a tiny
// round-robin proxy (bench/proxy.ts), loaded with a mix of cached list pages. The same mix
// is measured with one process behind the same proxy, so the proxy's cost is in both
// figures: compare their req/s (target ≥ 1.6× with two, on a machine with the cores to
// spare). PGlite is one process: "no disponible" there.
//
// Also here, issue 22.2: a whole list while other tables are being written (a workshop's
// normal day) is served from its cache, since its own tables do not change.
import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { BenchCase, BenchContext } from "../case";
import { freePort, startProxy } from "../proxy";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");

/** Cached list pages of several areas (Gerencia reads them all). */
const MIX = [
  "/api/clientes?_start=0&_end=50",
  "/api/presupuestos?_start=0&_end=50",
  "/api/materiales?_start=0&_end=50",
  "/api/proveedores?_start=0&_end=50",
  "/api/ordenes_compra?_start=0&_end=50",
  "/api/presupuestos?_start=50&_end=100&_sort=fecha&_order=desc",
];

async function startServer(databaseUrl: string): Promise<{ port: number; child: ChildProcess }> {
  const port = await freePort();
  const child = spawn(process.execPath, ["--import", "tsx", path.join(ROOT, "server", "main.ts")], {
    cwd: ROOT,
    env: { ...process.env, DATABASE_URL: databaseUrl, PORT: String(port), HOST: "127.0.0.1", LOG_LEVEL: "warn", WEB_DIR: "" },
    stdio: ["ignore", "inherit", "inherit"],
  });
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`el servidor terminó al iniciar (código ${child.exitCode})`);
    try {
      await fetch(`http://127.0.0.1:${port}/api/clientes`);
      return { port, child };
    } catch {
      if (Date.now() > deadline) throw new Error("el servidor no respondió en 60 s");
      await new Promise((r) => setTimeout(r, 200));
    }
  }
}

function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once("exit", () => resolve());
    child.kill("SIGTERM");
  });
}

/** `n` server processes on the bench's PostgreSQL database behind a round-robin proxy. */
function processes(n: number) {
  return async ({ database }: BenchContext) => {
    if (database.kind !== "postgres") return null;
    const databaseUrl = (database.pool as unknown as { options: { connectionString: string } }).options.connectionString;
    const servers = await Promise.all(Array.from({ length: n }, () => startServer(databaseUrl)));
    const proxy = await startProxy(servers.map((s) => ({ host: "127.0.0.1", port: s.port })));
    return {
      url: `http://127.0.0.1:${proxy.port}`,
      async stop() {
        await proxy.close();
        await Promise.all(servers.map((s) => stopServer(s.child)));
      },
    };
  };
}

/** Writes to tables the client list does not read (stock and the audit trail), every few ms. */
async function writeOtherTables({ database }: BenchContext): Promise<() => Promise<void>> {
  let running = true;
  const loop = (async () => {
    while (running) {
      await database.pool.query("update materiales set stock_minimo = stock_minimo where codigo = (select min(codigo) from materiales)");
      await database.pool.query("insert into auditoria (ruta, entidad) values ('bench', 'bench')");
      await new Promise((r) => setTimeout(r, 5));
    }
  })();
  return async () => {
    running = false;
    await loop;
  };
}

export const cases: BenchCase[] = [
  {
    name: "dos procesos: mezcla de listas, 1 proceso tras el proxy",
    method: "GET",
    path: MIX[0],
    paths: MIX,
    auth: "Gerencia",
    connections: 20,
    serve: processes(1),
    target: {},
  },
  {
    name: "dos procesos: mezcla de listas, 2 procesos tras el proxy",
    method: "GET",
    path: MIX[0],
    paths: MIX,
    auth: "Gerencia",
    connections: 20,
    serve: processes(2),
    target: {},
  },
  {
    name: "GET api/clientes (escrituras en otras tablas)",
    method: "GET",
    path: "/api/clientes",
    auth: "Ventas",
    setup: writeOtherTables,
    target: { median: 40 },
  },
];
