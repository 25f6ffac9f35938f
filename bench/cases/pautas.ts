// Technical-office lists on the bench data (5,000 quotes, about 21,000 pauta lines).
// "Stock reservado por OT" reads a page of active works with their lines; the original
// client reads the eight whole lists (perfiles is the largest); a quote's lines are read
// fresh each time; a 10,000-line CSV batch is saved one request at a time (each repeat
// adds to the same 9,000 lines of one quote whose work is in progress: the update path of
// the upsert, and the reserved stock of its products).
import type { BenchCase, BenchContext } from "../case";

/** Commits a tiny write every few milliseconds for the whole measurement (every answer is rebuilt). */
async function keepWriting({ database }: BenchContext): Promise<() => Promise<void>> {
  let running = true;
  const loop = (async () => {
    while (running) {
      await database.pool.query("update pautas set separado = separado where id = 1");
      await new Promise((r) => setTimeout(r, 5));
    }
  })();
  return async () => {
    running = false;
    await loop;
  };
}

/**
 * A quote of the seed with perfiles lines, and its client; `active`: one whose work is still
 * in progress (recepción final not done: its pauta reserves stock), so that a batch changes
 * reserved stock at every scale (by id alone, the first such quote's work is received at
 * bench scale and in progress at ×10: the two scales measured different work).
 */
async function quoteWithLines({ database }: BenchContext, { active = false } = {}): Promise<{ id: number; cliente_id: number }> {
  const r = await database.pool.query(
    `select p.id, p.cliente_id from presupuestos p where exists (select 1 from pautas where presupuesto_id = p.id and categoria = 'perfiles')${active ? " and p.reserva_activa" : ""} order by p.id limit 1`,
  );
  if (!r.rows[0]) throw new Error(`no hay presupuesto con líneas de perfiles${active ? " y obra en curso" : ""} en los datos del bench`);
  return r.rows[0];
}

/** 10,000 CSV lines of one category: 9,000 codes, 1,000 of them twice (as a real list repeats profiles). */
const LINES = Array.from({ length: 10_000 }, (_, i) => ({
  codigo: String(80_000 + (i % 9_000)),
  producto: `Material de instalación ${80_000 + (i % 9_000)}`,
  cantidad: 1,
  cantidad_original: (i % 7) + 1.5,
}));

export const cases: BenchCase[] = [
  {
    name: "GET api/stock-reservado/obras (una página de 10 obras con sus líneas)",
    method: "GET",
    path: "/api/stock-reservado/obras?_start=0&_end=10",
    auth: "Bodega",
    target: { median: 30 },
  },
  {
    name: "GET api/stock-reservado/obras?q=… (búsqueda)",
    method: "GET",
    path: "/api/stock-reservado/obras?_start=0&_end=10&q=casa",
    auth: "Bodega",
    target: { median: 60 },
  },
  {
    name: "GET api/stock-reservado/obras (escrituras en curso)",
    method: "GET",
    path: "/api/stock-reservado/obras?_start=0&_end=10",
    auth: "Bodega",
    target: { median: 60 },
    setup: keepWriting,
  },
  { name: "GET api/ot_pautas_perfiles (lista completa)", method: "GET", path: "/api/ot_pautas_perfiles", auth: "Bodega", target: { median: 60 } },
  { name: "GET api/ot_pautas_perfiles?_start=0&_end=50", method: "GET", path: "/api/ot_pautas_perfiles?_start=0&_end=50", auth: "Bodega", target: { median: 15 } },
  {
    name: "GET api/ot_pautas/perfiles?presupuesto_id= (líneas de un presupuesto)",
    method: "GET",
    path: "/api/ot_pautas/perfiles",
    auth: "Oficina Técnica",
    async prepare(ctx) {
      const q = await quoteWithLines(ctx);
      return { path: `/api/ot_pautas/perfiles?cliente_id=${q.cliente_id}&presupuesto_id=${q.id}` };
    },
    target: { median: 20 },
  },
  {
    name: "POST api/ot_pautas/instalacion/lote (CSV de 10.000 líneas, obra en curso, una a la vez)",
    method: "POST",
    path: "/api/ot_pautas/instalacion/lote",
    auth: "Oficina Técnica",
    connections: 1,
    async prepare(ctx) {
      const q = await quoteWithLines(ctx, { active: true });
      return { body: { cliente_id: q.cliente_id, presupuesto_id: q.id, items: LINES } };
    },
    target: { median: 1500 },
  },
];
