// Purchasing on the bench data (10,000 orders, about 60,000 items, 200 suppliers).
// GET api/ordenes_compra_estado is what the order list, the edit screen's order select and
// the receipts screen read: a page of orders with their items and total; the state is
// derived from the items on every filter. "escrituras en curso" rebuilds every answer
// (no cached list). The Excel export of a month (about 550 orders here) reads the month
// unpaged.
import type { BenchCase, BenchContext } from "../case";

/** Commits a tiny write every few milliseconds for the whole measurement (every answer is rebuilt). */
async function keepWriting({ database }: BenchContext): Promise<() => Promise<void>> {
  let running = true;
  const loop = (async () => {
    while (running) {
      await database.pool.query("update ordenes_compra set comentario = comentario where numero_oc = 1");
      await new Promise((r) => setTimeout(r, 5));
    }
  })();
  return async () => {
    running = false;
    await loop;
  };
}

/** The month with most orders, as YYYY-MM, and the first day of the next one. */
async function busiestMonth({ database }: BenchContext): Promise<{ from: string; to: string }> {
  const r = await database.pool.query(
    "select to_char(date_trunc('month', fecha), 'YYYY-MM-DD') desde, to_char(date_trunc('month', fecha) + interval '1 month', 'YYYY-MM-DD') hasta from ordenes_compra group by 1, 2 order by count(*) desc limit 1",
  );
  return { from: r.rows[0].desde, to: r.rows[0].hasta };
}

export const cases: BenchCase[] = [
  {
    name: "GET api/ordenes_compra_estado?estado=PENDIENTE (página de 20 con ítems)",
    method: "GET",
    path: "/api/ordenes_compra_estado?estado=PENDIENTE&_start=0&_end=20",
    auth: "Adquisiciones",
    target: { median: 150 },
  },
  {
    name: "GET api/ordenes_compra_estado?estado=PENDIENTE (escrituras en curso, una a la vez)",
    method: "GET",
    connections: 1,
    path: "/api/ordenes_compra_estado?estado=PENDIENTE&_start=0&_end=20",
    auth: "Adquisiciones",
    target: { median: 150 },
    setup: keepWriting,
  },
  {
    name: "GET api/ordenes_compra_estado?estado=Completas&q=… (búsqueda, escrituras en curso, una a la vez)",
    method: "GET",
    connections: 1,
    path: "/api/ordenes_compra_estado?estado=Completas&q=vidrio&_start=0&_end=20",
    auth: "Adquisiciones",
    target: { median: 500 },
    setup: keepWriting,
  },
  {
    name: "GET api/ordenes_compra_estado (un mes completo, exportación Excel)",
    method: "GET",
    path: "/api/ordenes_compra_estado",
    auth: "Adquisiciones",
    async prepare(ctx) {
      const m = await busiestMonth(ctx);
      return { path: `/api/ordenes_compra_estado?fecha_gte=${m.from}&fecha_lt=${m.to}&_sort=numero_oc&_order=asc` };
    },
    target: { median: 500 },
  },
  { name: "GET api/ultima_oc", method: "GET", path: "/api/ultima_oc", auth: "Adquisiciones", target: { median: 20 } },
  { name: "GET api/proveedores?q=… (página)", method: "GET", path: "/api/proveedores?q=vidrios&_start=0&_end=10", auth: "Adquisiciones", target: { median: 20 } },
];
