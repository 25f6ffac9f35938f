// GET api/ordenes_compra(_estado)?q=: a common text (more than FEW_TEXT_MATCHES orders or
// items of its products) is searched by walking the list's order and checking each order
// (its own text, else an item of a matching product), the total counted part by part up to
// its bound; a rare one (or an order the list cannot walk) by the set of matching orders.
// Here: both give exactly the orders of the definition (the order's own fields, or the
// catalogue code or name of one of its items, case and accents ignored; or its number), in
// the list's order, with the same pages and (capped) totals, for common and rare texts, with
// and without the state filter, in every order. On PGlite and PostgreSQL.
import { drizzle } from "drizzle-orm/node-postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as schema from "../../server/db/schema";
import { countBound } from "../../server/lists/define";
import { FEW_TEXT_MATCHES, ordenesEstadoList } from "../../server/services/purchasing/list-ordenes";
import { createTestServer, type TestServer } from "../helpers";

let t: TestServer;

/** Orders: enough for "vidrio" to be common in their own text and "termopanel" in their items' products. */
const ORDERS = 3000;

const fold = (s: string) => s.normalize("NFD").replace(/[\u0300-\u036f]/g, "").toLowerCase();

beforeAll(async () => {
  t = await createTestServer();
  const q = (text: string) => t.database.pool.query(text);
  await q(`insert into proveedores (id, proveedor) values (1, 'Vidrios del Sur SpA'), (2, 'Aluminios Andes'), (3, 'Herrajes Maipo'), (4, 'Comercial Ñuble')`);
  // 40 products: 8 glass, 6 insulated glass units (termopanel), one rare (Peñalolén), the rest aluminium.
  await q(`insert into materiales (codigo, producto)
    select 'P-' || lpad(g::text, 3, '0'),
      case when g <= 8 then 'Vidrio ' || (array['templado', 'laminado', 'Incoloro', 'BRONCE', 'Acústico', 'espejo', 'catedral', 'reflectivo'])[g] || ' ' || g || 'mm'
           when g <= 14 then 'Termopanel DVH ' || g
           when g = 15 then 'Burlete Peñalolén'
           else 'Perfil aluminio ' || g end
    from generate_series(1, 40) g`);
  // Own text: supplier 1 is "Vidrios…" (a third of the orders), some comments say "vidrio";
  // the works' names are all different; states and dates repeat (ties broken by number).
  await q(`insert into ordenes_compra (numero_oc, proveedor_id, proveedor, fecha, realizado_por, comentario, cliente_nombre, numero_presupuesto, observacion, estado, total_neto)
    select n, 1 + n % 4, (array['Vidrios del Sur SpA', 'Aluminios Andes', 'Herrajes Maipo', 'Comercial Ñuble'])[1 + n % 4],
      date '2026-01-01' + (n * 7) % 300, (array['Ana', 'Bruno', 'Carla'])[1 + n % 3],
      case when n % 10 = 1 then 'Vidrio aparte' when n % 997 = 5 then 'Entregar en PEÑALOLÉN' when n % 13 = 0 then 'Urgente' end,
      'Cliente ' || (n % 50), 'P' || (n % 200), 'Obra ' || n,
      case when n % 3 = 0 or n % 7 = 0 then 'COMPLETA' else 'PENDIENTE' end, (n * 7919) % 100000
    from generate_series(1, ${ORDERS}) n`);
  // 2-3 items an order, from the 40 products but the rare one; the rare one in a few orders.
  await q(`insert into items_oc (numero_oc, codigo, producto, cantidad, precio_unitario)
    select n, 'P-' || lpad((1 + (n * 7 + k * 13) % 40)::text, 3, '0'), 'x', 1, 1
    from generate_series(1, ${ORDERS}) n, generate_series(1, 3) k
    where k <= 2 + n % 2 and 1 + (n * 7 + k * 13) % 40 <> 15`);
  await q(`insert into items_oc (numero_oc, codigo, producto, cantidad, precio_unitario) select n, 'P-015', 'x', 1, 1 from generate_series(3, ${ORDERS}, 611) n`);
  await q("analyze ordenes_compra, items_oc, materiales");
});
afterAll(() => t.close());

interface Order {
  numero_oc: number;
  texto: string;
  productos: string[];
}
let orders: Map<number, Order>;

/** Whether the order is found by q, by the definition (not by the list's SQL). */
function matches(o: Order, q: string): boolean {
  const text = fold(q.trim());
  if (/^\d{1,9}$/.test(q.trim()) && o.numero_oc === Number(q.trim())) return true;
  return fold(o.texto).includes(text) || o.productos.some((p) => fold(p).includes(text));
}

async function answer(path: string): Promise<{ ids: number[]; total: number; capped: boolean }> {
  const res = await t.request({ method: "GET", url: path, as: "Adquisiciones" });
  expect(res.statusCode, `${path}: ${res.body.slice(0, 300)}`).toBe(200);
  return { ids: (res.json() as { numero_oc: number }[]).map((r) => r.numero_oc), total: Number(res.headers["x-total-count"]), capped: res.headers["x-total-count-capped"] === "true" };
}

/** Every order of the list in that order (no q), read in pages. */
async function wholeList(route: string, params: string): Promise<number[]> {
  const ids: number[] = [];
  for (let start = 0; start < ORDERS; start += 500) ids.push(...(await answer(`/api/${route}?${params}${params ? "&" : ""}_start=${start}&_end=${start + 500}`)).ids);
  return ids;
}

const TEXTS = {
  common: ["vidrio", "VIDRÍO", "termopanel", "aluminio"],
  rare: ["penalolen", "P-015", "Obra 1234", "zzzz", "50%", "12"],
};
const SORTS = ["", "_sort=numero_oc&_order=asc", "_sort=fecha&_order=desc", "_sort=fecha&_order=asc", "_sort=proveedor&_order=asc", "_sort=total_neto&_order=desc", "_sort=estado,fecha&_order=asc,desc"];
const STATES = ["", "estado=Completas", "estado=PENDIENTE"];
/** Pages: the first 20, one in the middle, and one ending at the count's first step (its bound then is the next). */
const PAGES = [
  [0, 20],
  [3, 9],
  [980, 1000],
] as const;

describe("GET api/ordenes_compra_estado?q= (common and rare texts)", () => {
  beforeAll(async () => {
    const { rows } = await t.database.pool.query<{ numero_oc: number; texto: string; productos: string[] }>(
      `select o.numero_oc, concat_ws(' ', o.proveedor, o.numero_presupuesto, o.observacion, o.comentario, o.cliente_nombre) as texto,
         array(select m.codigo || ' ' || m.producto from items_oc i join materiales m on m.codigo = i.codigo where i.numero_oc = o.numero_oc) as productos
       from ordenes_compra o`,
    );
    orders = new Map(rows.map((r) => [r.numero_oc, r]));
    expect(orders.size).toBe(ORDERS);
  });

  it("the data makes the common texts common and the rare ones rare", () => {
    const count = (q: string) => [...orders.values()].filter((o) => matches(o, q)).length;
    const own = [...orders.values()].filter((o) => fold(o.texto).includes("vidrio")).length;
    expect(own).toBeGreaterThan(FEW_TEXT_MATCHES);
    const termopanelItems = [...orders.values()].reduce((n, o) => n + o.productos.filter((p) => fold(p).includes("termopanel")).length, 0);
    expect(termopanelItems).toBeGreaterThan(FEW_TEXT_MATCHES);
    expect([...orders.values()].some((o) => fold(o.texto).includes("termopanel"))).toBe(false);
    expect(count("vidrio")).toBeGreaterThan(countBound(20)); // a capped total
    for (const q of ["penalolen", "P-015"]) expect(count(q), q).toBeGreaterThan(0);
    expect(count("penalolen")).toBeLessThan(20);
  });

  it("rows, order, pages and totals are the definition's, whichever way the text is searched", async () => {
    for (const state of STATES) {
      for (const sort of SORTS) {
        const params = [state, sort].filter(Boolean).join("&");
        const all = await wholeList("ordenes_compra", params);
        for (const q of [...TEXTS.common, ...TEXTS.rare]) {
          const expected = all.filter((n) => matches(orders.get(n)!, q));
          for (const [start, end] of PAGES) {
            if (start > 0 && start >= expected.length && q !== "vidrio") continue;
            const route = start === 3 ? "ordenes_compra" : "ordenes_compra_estado";
            const got = await answer(`/api/${route}?q=${encodeURIComponent(q)}${params ? `&${params}` : ""}&_start=${start}&_end=${end}`);
            const what = `q=${q} ${params} ${start}-${end}`;
            expect(got.ids, what).toEqual(expected.slice(start, end));
            const bound = countBound(end);
            expect(got.total, what).toBe(Math.min(expected.length, bound + 1));
            expect(got.capped, what).toBe(expected.length > bound);
          }
        }
      }
    }
  });

  it("a common text walks the list's order (no set of every match) and counts part by part; a rare one reads the set", async () => {
    const list = ordenesEstadoList;
    await list.readJson(t.database.db, list.query.parse({})); // the JSON selection is probed once, first
    const statements = async (query: Record<string, string>) => {
      const seen: string[] = [];
      const spy = drizzle(t.database.pool, { schema, logger: { logQuery: (q) => void seen.push(q) } });
      await list.readJson(spy, list.query.parse({ _start: "0", _end: "20", ...query }));
      const page = seen.filter((s) => /row_to_json/.test(s));
      const total = seen.filter((s) => /^select count\(\*\)(::int as n)? from \(/.test(s));
      expect(page).toHaveLength(1);
      expect(total).toHaveLength(1);
      return [page[0], total[0]];
    };
    const set = /union select i\.numero_oc from items_oc i/;
    for (const query of [{ q: "vidrio" }, { q: "vidrio", estado: "COMPLETA" }, { q: "termopanel", _sort: "fecha", _order: "desc" }] as Record<string, string>[]) {
      const [page, total] = await statements(query);
      expect(page, JSON.stringify(query)).not.toMatch(set);
      // Each order's own items, checked as it comes (offset 0: not turned into a hashed set of every match).
      expect(page).toMatch(/exists \(select 1 from items_oc i where i\.numero_oc = "ordenes_compra"\."numero_oc" .* offset 0\)/);
      // The orders with the text of their own first, then (only if fewer than the bound) the others.
      expect(total).toMatch(/"ordenes_compra"\."texto_busqueda" like .* union all .*is not true/s);
      expect(total).not.toMatch(set);
    }
    for (const query of [{ q: "penalolen" }, { q: "vidrio", _sort: "proveedor" }, { q: "vidrio", proveedor_id: "1" }] as Record<string, string>[]) {
      const [page, total] = await statements(query);
      expect(page, JSON.stringify(query)).toMatch(set);
      expect(total).toMatch(set);
    }
  });
});
