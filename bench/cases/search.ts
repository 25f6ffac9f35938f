// The top bar's global search and the change history on the bench data (2,000 clients,
// 5,000 quotes, 5,000 products, 10,000 purchase orders, 10,000 supplier invoices).
// A search is answered from its cache while nothing is written (like the lists); the
// "escrituras en curso" cases keep writing so every request runs the query: one UNION ALL
// of six small selects through the trigram indexes.
// The history cases first add 200,000 audit rows spread over two years.
import type { BenchCase, BenchContext } from "../case";

const search = (q: string, note = ""): BenchCase => ({
  name: `GET api/buscar?q=${q}${note}`,
  method: "GET",
  path: `/api/buscar?q=${encodeURIComponent(q)}`,
  auth: "Gerencia",
  target: { median: 50 },
});

/** 200,000 audit rows (once per bench database), as many years of edits would leave. */
async function manyAuditRows({ database }: BenchContext): Promise<void> {
  const [{ n }] = (await database.pool.query("select count(*)::int as n from auditoria")).rows as { n: number }[];
  if (n >= 200_000) return;
  await database.pool.query(`
    insert into auditoria (fecha, usuario_id, ruta, entidad, entidad_id, cambios)
    select now() - (i * interval '5 minutes'),
           (select min(id) from usuarios) + (i % 10),
           'PUT /api/clientes/:id', (array['clientes','presupuestos','ordenes_compra','materiales','proveedores'])[1 + i % 5],
           (1 + i % 2000)::text, jsonb_build_object('telefono', jsonb_build_object('antes', 'viejo ' || i, 'despues', 'nuevo ' || i))
    from generate_series(1, 200000) as i`);
}

/** Commits a tiny write every few milliseconds: every history request misses the list cache. */
async function keepWriting(ctx: BenchContext): Promise<() => Promise<void>> {
  await manyAuditRows(ctx);
  let running = true;
  const loop = (async () => {
    while (running) {
      await ctx.database.pool.query("update clientes set telefono = telefono where id = 1");
      await new Promise((r) => setTimeout(r, 5));
    }
  })();
  return async () => {
    running = false;
    await loop;
  };
}

export const cases: BenchCase[] = [
  // A work name (many quotes), a surname (clients, quotes' clients), a number (quotes, OCs,
  // invoices), a product code prefix, a supplier, a RUT, and text that finds nothing (every row read).
  search("edificio"),
  search("muñoz"),
  search("1234"),
  search("PER-0"),
  search("vidrios"),
  search("12.345"),
  search("sin resultados xyz"),
  { ...search("edificio", " (Bodega: 5 tipos)"), auth: "Bodega" },
  { ...search("edificio", " (escrituras en curso)"), setup: keepWriting },
  { ...search("muñoz", " (escrituras en curso)"), setup: keepWriting },
  { ...search("sin resultados xyz", " (escrituras en curso)"), setup: keepWriting },
  { ...search("edificio", " (escrituras en curso, 1 conexión)"), setup: keepWriting, connections: 1 },
  {
    name: "GET api/auditoria?_start=0&_end=50 (200.000 cambios)",
    method: "GET",
    path: "/api/auditoria?_start=0&_end=50",
    auth: "Gerencia",
    setup: manyAuditRows,
    target: { median: 50 },
  },
  {
    name: "GET api/auditoria?entidad=clientes&entidad_id=1500 (Historial de un registro)",
    method: "GET",
    path: "/api/auditoria?entidad=clientes&entidad_id=1500&_start=0&_end=20",
    auth: "Gerencia",
    setup: manyAuditRows,
    target: { median: 30 },
  },
  {
    name: "GET api/auditoria?entidad=clientes&entidad_id=1500 (escrituras en curso)",
    method: "GET",
    path: "/api/auditoria?entidad=clientes&entidad_id=1500&_start=0&_end=20",
    auth: "Gerencia",
    setup: keepWriting,
    target: { median: 30 },
  },
  {
    name: "GET api/auditoria?_start=0&_end=50 (escrituras en curso)",
    method: "GET",
    path: "/api/auditoria?_start=0&_end=50",
    auth: "Gerencia",
    setup: keepWriting,
    target: { median: 50 },
  },
  {
    name: "GET api/auditoria?fecha_gte=…&fecha_lt=… (una semana)",
    method: "GET",
    path: "/api/auditoria?fecha_gte=2026-01-05&fecha_lt=2026-01-12&_start=0&_end=50",
    auth: "Gerencia",
    setup: manyAuditRows,
    target: { median: 50 },
  },
];
