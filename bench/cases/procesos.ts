// Issue 22.4, two processes on one PostgreSQL: Ventanal server processes (server/main.ts,
// as `npm run serve`) on the bench's PostgreSQL database, sharing one port through Node's
// `cluster` module (bench/cluster.ts: the primary hands each connection whole to the next
// worker; no proxy copies the bytes), loaded with a mix of cached list pages. The same mix
// is measured with one worker behind the same primary: compare their req/s (target ≥ 1.6×
// with two, on a machine with the cores to spare). PGlite is one process: "no disponible"
// there.
//
// Also here, issue 22.2: a whole list while other tables are being written (a workshop's
// normal day) is served from its cache, since its own tables do not change.
import type { BenchCase, BenchContext } from "../case";
import { startCluster } from "../cluster";

/** Cached list pages of several areas (Gerencia reads them all). */
const MIX = [
  "/api/clientes?_start=0&_end=50",
  "/api/presupuestos?_start=0&_end=50",
  "/api/materiales?_start=0&_end=50",
  "/api/proveedores?_start=0&_end=50",
  "/api/ordenes_compra?_start=0&_end=50",
  "/api/presupuestos?_start=50&_end=100&_sort=fecha&_order=desc",
];

/** `n` server processes on the bench's PostgreSQL database, one port (cluster). */
function processes(n: number) {
  return async ({ database }: BenchContext) => {
    if (database.kind !== "postgres") return null;
    const databaseUrl = (database.pool as unknown as { options: { connectionString: string } }).options.connectionString;
    return startCluster(n, { ...process.env, DATABASE_URL: databaseUrl, LOG_LEVEL: "warn", WEB_DIR: "" });
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
    name: "dos procesos: mezcla de listas, 1 proceso (cluster)",
    method: "GET",
    path: MIX[0],
    paths: MIX,
    auth: "Gerencia",
    connections: 20,
    serve: processes(1),
    target: {},
  },
  {
    name: "dos procesos: mezcla de listas, 2 procesos (cluster)",
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
