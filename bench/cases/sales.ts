// Sales on the bench data (2,000 clients, 5,000 quotes, 40,000 items).
// The whole lists and pages are answered from the list cache while nothing is written
// (server/lists/cache.ts); the "escrituras en curso" cases keep writing in
// the background so that every request rebuilds its answer (the cold path).
import type { BenchCase, BenchContext } from "../case";

/** Commits a tiny write every few milliseconds for the whole measurement. */
async function keepWriting({ database }: BenchContext): Promise<() => Promise<void>> {
  let running = true;
  const loop = (async () => {
    while (running) {
      await database.pool.query("update clientes set telefono = telefono where id = 1");
      await new Promise((r) => setTimeout(r, 5));
    }
  })();
  return async () => {
    running = false;
    await loop;
  };
}

export const cases: BenchCase[] = [
  { name: "GET api/clientes", method: "GET", path: "/api/clientes", auth: "Ventas", target: { median: 40 } },
  { name: "GET api/presupuestos", method: "GET", path: "/api/presupuestos", auth: "Ventas", target: { median: 40 } },
  // The same 1.5 MB answer to a client that does not take gzip (no browser does this).
  { name: "GET api/presupuestos (sin compresión)", method: "GET", path: "/api/presupuestos", auth: "Ventas", target: {}, acceptCompressed: false },
  {
    name: "GET api/presupuestos?_start=0&_end=50&_sort=id&_order=desc",
    method: "GET",
    path: "/api/presupuestos?_start=0&_end=50&_sort=id&_order=desc",
    auth: "Ventas",
    target: { median: 15 },
  },
  { name: "GET api/presupuestos?_start=0&_end=50", method: "GET", path: "/api/presupuestos?_start=0&_end=50", auth: "Ventas", target: { median: 15 } },
  // Small answers read fresh on every request (no cache): one query besides the session's.
  { name: "GET api/presupuestos/cliente/{id}", method: "GET", path: "/api/presupuestos/cliente/1000", auth: "Ventas", target: { median: 20 } },
  { name: "GET api/items_presupuesto/presupuesto/{id}", method: "GET", path: "/api/items_presupuesto/presupuesto/2500", auth: "Ventas", target: { median: 20 } },
  {
    name: "GET api/presupuestos?_start=0&_end=50&_sort=id&_order=desc (escrituras en curso)",
    method: "GET",
    path: "/api/presupuestos?_start=0&_end=50&_sort=id&_order=desc",
    auth: "Ventas",
    target: {},
    setup: keepWriting,
  },
  // Issue 22: every whole list with writes going on, median ≤ 150 ms.
  { name: "GET api/clientes (escrituras en curso)", method: "GET", path: "/api/clientes", auth: "Ventas", target: { median: 150 }, setup: keepWriting },
  { name: "GET api/presupuestos (escrituras en curso)", method: "GET", path: "/api/presupuestos", auth: "Ventas", target: { median: 150 }, setup: keepWriting },
];
