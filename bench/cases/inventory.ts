// Inventory on the bench data (5,000 products, about 20,000 pauta lines, 100,000
// movements): Stock Actual's page (sorted by the reserved stock each product keeps,
// maintained at write time), the whole unpaged list, the Bajo Stock filter, the shortages
// with their works, one product's reservations and its kardex. Answers are reused while
// nothing is written; the "escrituras en curso" cases rebuild them each time.
import type { BenchCase, BenchContext } from "../case";

/** Commits a tiny write every few milliseconds for the whole measurement (every answer is rebuilt). */
async function keepWriting({ database }: BenchContext): Promise<() => Promise<void>> {
  let running = true;
  const loop = (async () => {
    while (running) {
      await database.pool.query("update solicitudes_bodega set estado = estado where id = 1");
      await new Promise((r) => setTimeout(r, 5));
    }
  })();
  return async () => {
    running = false;
    await loop;
  };
}

/** The product most reserved by active works. */
async function reservedProduct({ database }: BenchContext): Promise<string> {
  const r = await database.pool.query(
    `select p.codigo from pautas p join seguimiento_obras s on s.presupuesto_id = p.presupuesto_id and not s.recepcion_final
      group by p.codigo order by count(*) desc, p.codigo limit 1`,
  );
  return r.rows[0].codigo;
}

export const cases: BenchCase[] = [
  {
    name: "GET api/inventario (página de 50, por reservado)",
    method: "GET",
    path: "/api/inventario?_start=0&_end=50&stock_actual_gt=0",
    auth: "Bodega",
    target: { median: 30 },
  },
  {
    name: "GET api/inventario (sin parámetros: 5.000 productos)",
    method: "GET",
    path: "/api/inventario",
    auth: "Bodega",
    target: { median: 60 },
  },
  {
    name: "GET api/inventario (página, escrituras en curso)",
    method: "GET",
    path: "/api/inventario?_start=0&_end=50&stock_actual_gt=0",
    auth: "Bodega",
    // Every answer rebuilt: a page read by the kept reserved stock (issue 22: ≤ 30 ms PGlite, ≤ 15 ms PostgreSQL).
    target: { median: 30 },
    setup: keepWriting,
  },
  {
    name: "GET api/inventario?bajo_stock=true&q=… (filtro)",
    method: "GET",
    path: "/api/inventario?_start=0&_end=50&bajo_stock=true&q=perfil",
    auth: "Bodega",
    target: { median: 30 },
  },
  {
    name: "GET api/faltantes (página de 50 con sus obras)",
    method: "GET",
    path: "/api/faltantes?_start=0&_end=50",
    auth: "Adquisiciones",
    target: { median: 60 },
  },
  {
    name: "GET api/faltantes (página, escrituras en curso)",
    method: "GET",
    path: "/api/faltantes?_start=0&_end=50",
    auth: "Adquisiciones",
    target: { median: 30 },
    setup: keepWriting,
  },
  {
    name: "GET api/reservas_activas/{código}",
    method: "GET",
    path: "/api/reservas_activas/10001",
    auth: "Bodega",
    prepare: async (ctx) => ({ path: `/api/reservas_activas/${await reservedProduct(ctx)}` }),
    target: { median: 30 },
  },
  {
    name: "GET api/materiales/{código}/movimientos (kardex, página de 20)",
    method: "GET",
    path: "/api/materiales/10001/movimientos?_start=0&_end=20",
    auth: "Bodega",
    prepare: async (ctx) => ({ path: `/api/materiales/${await reservedProduct(ctx)}/movimientos?_start=0&_end=20` }),
    target: { median: 30 },
  },
];
