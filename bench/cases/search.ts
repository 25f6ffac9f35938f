// The top bar's global search and the change history on the bench data (2,000 clients,
// 5,000 quotes, 5,000 products, 10,000 purchase orders, 10,000 supplier invoices).
// A search is answered from its cache while nothing is written (like the lists); the
// "escrituras en curso" cases keep writing so every request runs the query: one UNION ALL
// of six small selects through the trigram indexes.
// The history cases first add 200,000 audit rows spread over two years (at BENCH_SCALE=n,
// n times as many over the same two years, for n times as many records). Their
// "escrituras en curso" cases write as the app does: every write leaves its audit row in
// the same transaction, so every history request misses the list cache and runs its SQL.
import type { BenchCase, BenchContext } from "../case";

/** BENCH_SCALE (bench/run.ts): the history grows with the data it records. */
const SCALE = Number(process.env.BENCH_SCALE || 1);

const search = (q: string, note = ""): BenchCase => ({
  name: `GET api/buscar?q=${q}${note}`,
  method: "GET",
  path: `/api/buscar?q=${encodeURIComponent(q)}`,
  auth: "Gerencia",
  target: { median: 50 },
});

/**
 * 200,000 × BENCH_SCALE audit rows (once per bench database), as two years of edits would
 * leave, written in date order (a later id, a later date): record ids 1 to 2,000 ×
 * BENCH_SCALE, 100 rows each (clientes 1501 has 100; every id ≡ 1 mod 5 is a client's).
 */
export async function manyAuditRows({ database }: Pick<BenchContext, "database">, scale = SCALE): Promise<void> {
  const rows = 200_000 * scale;
  const [{ n }] = (await database.pool.query("select count(*)::int as n from auditoria")).rows as { n: number }[];
  if (n >= rows) return;
  await database.pool.query(`
    insert into auditoria (fecha, usuario_id, ruta, entidad, entidad_id, cambios)
    select now() - ((${rows} + 1 - i) * interval '5 minutes' / ${scale}),
           (select min(id) from usuarios) + (i % 10),
           'PUT /api/clientes/:id', (array['clientes','presupuestos','ordenes_compra','materiales','proveedores'])[1 + i % 5],
           (1 + i % ${2000 * scale})::text, jsonb_build_object('telefono', jsonb_build_object('antes', 'viejo ' || i, 'despues', 'nuevo ' || i))
    from generate_series(1, ${rows}) as i`);
  await database.pool.query("vacuum (analyze) auditoria");
}

/** Edits a client every few milliseconds as the app does (the row and its audit row in one statement): every history request misses the list cache. */
async function keepWritingAudited(ctx: BenchContext): Promise<() => Promise<void>> {
  await manyAuditRows(ctx);
  let running = true;
  const loop = (async () => {
    while (running) {
      await ctx.database.pool.query(`
        with c as (update clientes set telefono = telefono where id = 1 returning id)
        insert into auditoria (usuario_id, ruta, entidad, entidad_id, registro, cambios)
        select (select min(id) from usuarios), 'PUT /api/clientes/:id', 'clientes', c.id::text, 'clientes:' || c.id, '{"telefono":{"antes":"1","despues":"1"}}'::jsonb from c`);
      await new Promise((r) => setTimeout(r, 5));
    }
  })();
  return async () => {
    running = false;
    await loop;
  };
}

/** Commits a tiny write to clients every few milliseconds: every search request misses its cache. */
async function keepWriting(ctx: BenchContext): Promise<() => Promise<void>> {
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
    name: `GET api/auditoria?_start=0&_end=50 (${(200_000 * SCALE).toLocaleString("es-CL")} cambios)`,
    method: "GET",
    path: "/api/auditoria?_start=0&_end=50",
    auth: "Gerencia",
    setup: manyAuditRows,
    target: { median: 50 },
  },
  {
    name: "GET api/auditoria?entidad=clientes&entidad_id=1501 (Historial de un registro)",
    method: "GET",
    path: "/api/auditoria?entidad=clientes&entidad_id=1501&_start=0&_end=20",
    auth: "Gerencia",
    setup: manyAuditRows,
    target: { median: 30 },
  },
  {
    name: "GET api/auditoria?entidad=clientes&entidad_id=1501 (escrituras en curso)",
    method: "GET",
    path: "/api/auditoria?entidad=clientes&entidad_id=1501&_start=0&_end=20",
    auth: "Gerencia",
    setup: keepWritingAudited,
    target: { median: 30 },
  },
  {
    name: "GET api/auditoria?_start=0&_end=50 (escrituras en curso)",
    method: "GET",
    path: "/api/auditoria?_start=0&_end=50",
    auth: "Gerencia",
    setup: keepWritingAudited,
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
