// Technical-office material lists (pautas): for each quote, lines of the catalogue's
// products in several categories, as the CSV of a window design program gives them
// (profiles in metres → bars of 5.8 m). Bench: about 20,000 lines over 5,000 quotes.
import { sql } from "drizzle-orm";
import { PAUTA_CATEGORIES, pautaCantidad, type PautaCategory } from "../../src/domain/pautas/categories";
import type { Db } from "../../server/db/connect";
import { write } from "../../server/services/write";
import type { AreaOptions, SeedCounts } from "./common";
import { insertJson, type Columns } from "./insert";
import { categoryOfCode } from "./materiales";
import { createRandom } from "./random";

const COLUMNS: Columns = [
  ["categoria", "text"], ["cliente_id", "integer"], ["presupuesto_id", "integer"], ["numero_presupuesto", "text"], ["codigo", "text"],
  ["producto", "text"], ["cantidad", "numeric"], ["cantidad_original", "numeric"], ["separado", "boolean"], ["creado_en", "timestamptz"],
];

/** Lines per quote on average (bench: 5,000 quotes → about 20,000 lines, 5 % of quotes without a list). */
const LINES_PER_QUOTE = 4;

export async function seedPautas(db: Db, _opts: AreaOptions): Promise<SeedCounts> {
  const r = createRandom("ventanal-pautas");
  const products = (await db.execute<{ codigo: string; producto: string; unidad: string }>(sql`select codigo, producto, unidad from materiales order by codigo`)).rows;
  const byCategory = new Map<PautaCategory, typeof products>();
  for (const p of products) {
    const c = categoryOfCode(p.codigo);
    if (!c) continue;
    const list = byCategory.get(c) ?? [];
    list.push(p);
    byCategory.set(c, list);
  }
  const quotes = (
    await db.execute<{ id: number; cliente_id: number; numero: string; creado_en: string }>(
      sql`select id, cliente_id, numero, creado_en::text from presupuestos order by id`,
    )
  ).rows;

  const rows: Record<string, unknown>[] = [];
  for (const q of quotes) {
    // A few quotes have no list yet (the technical office has not reached them).
    if (r.chance(0.05)) continue;
    const n = r.int(2, LINES_PER_QUOTE * 2 - 1);
    const used = new Set<string>();
    for (let k = 0; k < n; k++) {
      const categoria = k < 2 ? (["perfiles", "vidrio"] as const)[k] : r.pick(PAUTA_CATEGORIES);
      const pool = byCategory.get(categoria);
      if (!pool || pool.length === 0) continue;
      const p = r.pick(pool);
      if (used.has(`${categoria}\u0000${p.codigo}`)) continue;
      used.add(`${categoria}\u0000${p.codigo}`);
      // Metres of profile for the bar categories, units (or m²) for the rest.
      const original = categoria === "perfiles" || categoria === "refuerzos" ? r.int(58, 1450) / 10 : categoria === "vidrio" ? r.int(20, 400) / 10 : r.int(1, 60);
      rows.push({
        categoria,
        cliente_id: q.cliente_id,
        presupuesto_id: q.id,
        numero_presupuesto: q.numero,
        codigo: p.codigo,
        producto: p.producto,
        cantidad: pautaCantidad(categoria, original),
        cantidad_original: original,
        separado: r.chance(0.25),
        creado_en: q.creado_en,
      });
    }
  }
  return write({ db, user: null, route: "seed" }, async (tx, audit) => {
    await insertJson(tx, "pautas", COLUMNS, rows);
    const counts = { pautas: rows.length };
    await audit({ entity: "semilla", entityId: null, changes: counts });
    return counts;
  });
}
