// Model-based test of stock and purchasing through the real API (fast-check fc.commands,
// 200 runs in CI, more with MODEL_RUNS): create orders, edit their lines, receive
// (partial, repeated, with a line id twice, the same receipt retried with its
// Idempotency-Key), exits, adjustments (some with a stale count), pauta batches and
// recepción final on/off, in random order. After every command:
//   - stock_actual = Σ movements = the model, and no movement left a balance below 0;
//   - every order line's arrived quantity = the model = Σ of its receipt lines, and
//     never above what was ordered (the model never over-delivers);
//   - stock_reservado = Σ over active works of (pauta − what left for the work), ≥ 0;
//   - an accepted command left exactly its rows (movements, receipts, exits, adjustments,
//     pautas) and at least one audit row; a refused one left nothing at all.
// Each run uses fresh products, one client and two works.
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { toQtyUnits } from "../../src/domain/inventory/quantity";
import { createTestServer, type TestServer } from "../helpers";
import { watchDatabase, type DbWatcher } from "../fuzz/db-state";

const RUNS = Number(process.env.MODEL_RUNS ?? 200);

/**
 * Issue 23's defects this model finds, allowed until their fixes land (then emptied).
 * When one shows, the run records it and takes the server's figures, so it goes on.
 */
const KNOWN_ISSUE_23 = new Set<string>([
  // Emptied when issue 23 landed; its first run found 23.1 (phantom stock from a line sent
  // twice), 23.2 (a price rewritten by a line receiving nothing) and 23.3 (a stale count).
]);
const found = new Map<string, string>();

let t: TestServer;
let db: DbWatcher;
let run = 0;
let accepted = 0;
let refused = 0;

interface Line {
  id: number;
  codigo: string;
  cantidad: number; // units (ten-thousandths)
  llegada: number;
}
interface Model {
  prefix: string;
  codes: string[];
  stock: Map<string, number>;
  /** Stock per code a few commands ago (what a slow counter saw). */
  seen: Map<string, number[]>;
  clienteId: number;
  quotes: { id: number; numero: string; seguimientoId: number; final: boolean }[];
  pauta: Map<string, number>; // `${quote}|${code}` → units
  gone: Map<string, number>; // what left for the quote and code
  orders: { numero_oc: number; lines: Line[] }[];
  seq: number;
  /** A known issue-23 defect showed: the run stops checking there. */
  tainted: boolean;
}

const q = async (sql: string, params: unknown[] = []) => (await t.database.pool.query(sql, params)).rows;
const units = (v: number) => toQtyUnits(v);
const qty = (u: number) => u / 10_000;
const key = (quote: number, code: string) => `${quote}|${code}`;

const ROWS = ["movimientos_stock", "recepciones_oc", "recepciones_oc_items", "salidas_inventario", "ajustes_stock", "ordenes_compra", "items_oc", "pautas"] as const;
type Rows = Partial<Record<(typeof ROWS)[number], number>>;

/** Runs one call and checks it wrote exactly `expected` rows (and audit) or nothing when refused. */
async function expectRows<R extends { statusCode: number; body: string }>(call: () => Promise<R>, expected: (status: number) => Rows | null): Promise<R> {
  const before = await db.snapshot();
  const res = await call();
  const after = await db.snapshot();
  const rows = expected(res.statusCode);
  if (res.statusCode >= 400) {
    refused++;
    expect(db.diff(before, after), `un ${res.statusCode} escribió: ${res.body}`).toBe("");
    return res;
  }
  accepted++;
  if (rows) {
    for (const table of ROWS) expect(after.counts[table] - before.counts[table], `${table} tras ${res.body.slice(0, 200)}`).toBe(rows[table] ?? 0);
    if (after.changes !== before.changes) expect(after.counts.auditoria - before.counts.auditoria, "auditoría").toBeGreaterThan(0);
  }
  return res;
}

async function checkInvariants(m: Model) {
  if (m.tainted) return;
  // Stock: column = Σ movements = model, never below 0.
  const stock = await q(
    `select m.codigo, m.stock_actual::text as stock,
            coalesce((select sum(cantidad) from movimientos_stock s where s.codigo = m.codigo), 0)::text as suma,
            coalesce((select min(saldo) from movimientos_stock s where s.codigo = m.codigo), 0)::float8 as minimo
       from materiales m where m.codigo like $1 || '-%'`,
    [m.prefix],
  );
  expect(stock).toHaveLength(m.codes.length);
  for (const r of stock) {
    expect(units(r.stock), `${r.codigo} stock_actual`).toBe(m.stock.get(r.codigo));
    expect(units(r.suma), `${r.codigo} Σ movimientos`).toBe(m.stock.get(r.codigo));
    expect(r.minimo).toBeGreaterThanOrEqual(0);
  }
  // Orders: arrived = model = Σ receipt lines, ≤ ordered.
  for (const o of m.orders) {
    const lines = await q(
      `select i.id, i.cantidad::text as cantidad, i.cantidad_llegada::text as llegada,
              coalesce((select sum(r.diferencia) from recepciones_oc_items r where r.item_id = i.id), 0)::text as recibido
         from items_oc i where i.numero_oc = $1 order by i.id`,
      [o.numero_oc],
    );
    expect(lines.map((l) => l.id)).toEqual(o.lines.map((l) => l.id));
    for (const [i, l] of lines.entries()) {
      expect(units(l.cantidad), `OC ${o.numero_oc} línea ${l.id} pedida`).toBe(o.lines[i].cantidad);
      expect(units(l.llegada), `OC ${o.numero_oc} línea ${l.id} llegada`).toBe(o.lines[i].llegada);
      expect(units(l.recibido), `OC ${o.numero_oc} línea ${l.id} Σ recepciones`).toBe(o.lines[i].llegada);
      expect(units(l.llegada)).toBeLessThanOrEqual(units(l.cantidad));
    }
  }
  // Reserved: Σ over active works of max(0, pauta − gone), as the inventory list says.
  const res = await t.request({ method: "GET", url: `/api/inventario?codigo_like=${m.prefix}-`, as: "Bodega" });
  expect(res.statusCode).toBe(200);
  for (const row of res.json() as { codigo: string; stock_reservado: number }[]) {
    let expected = 0;
    for (const quote of m.quotes.filter((x) => !x.final)) expected += Math.max(0, (m.pauta.get(key(quote.id, row.codigo)) ?? 0) - (m.gone.get(key(quote.id, row.codigo)) ?? 0));
    expect(units(row.stock_reservado), `${row.codigo} stock_reservado`).toBe(expected);
  }
}

/** A known issue-23 defect showed: note it (with the stock it left) and end the run's checks. */
async function knownDefect(defect: string, what: string, m: Model): Promise<boolean> {
  if (!KNOWN_ISSUE_23.has(defect)) return false;
  const stock = await q(`select codigo, stock_actual::text as s from materiales where codigo like $1 || '-%' order by codigo`, [m.prefix]);
  const off = stock.filter((r) => units(r.s) !== m.stock.get(r.codigo)).map((r) => `${r.codigo}: stock ${r.s}, el modelo dice ${qty(m.stock.get(r.codigo)!)}`);
  // Keep the first example, or a later one that shows what it did to the stock.
  if (!found.has(defect) || (off.length && !found.get(defect)!.includes("stock"))) found.set(defect, `${what}${off.length ? ` (${off.join("; ")})` : ""}`);
  m.tainted = true;
  return true;
}

function remember(m: Model) {
  for (const c of m.codes) {
    const h = m.seen.get(c)!;
    h.push(m.stock.get(c)!);
    if (h.length > 4) h.shift();
  }
}

type Cmd = fc.AsyncCommand<Model, { check(m: Model): Promise<void> }>;
const base = { check: (m: Readonly<Model>) => !m.tainted };

const qtyArb = fc.oneof(fc.integer({ min: 1, max: 20 }), fc.integer({ min: 1, max: 2000 }).map((n) => n / 100));

class CreateOrder implements Cmd {
  check = base.check;
  constructor(readonly lines: { code: number; cantidad: number }[]) {}
  async run(m: Model, r: { check(m: Model): Promise<void> }) {
    const items = this.lines.map((l) => ({ codigo: m.codes[l.code % m.codes.length], producto: "Perfil", cantidad: l.cantidad, precio_unitario: 1000 }));
    const res = await expectRows(
      () => t.request({ method: "POST", url: "/api/ordenes_compra", as: "Adquisiciones", payload: { proveedor: "Proveedor modelo", fecha: "2026-03-10", realizado_por: "Modelo", cliente_id: m.clienteId, presupuesto_id: m.quotes[0].id, numero_presupuesto: m.quotes[0].numero, items } }),
      () => ({ ordenes_compra: 1, items_oc: items.length }),
    );
    expect(res.statusCode, res.body).toBe(201);
    const numero_oc = res.json().numero_oc as number;
    const rows = await q("select id, codigo, cantidad::text as cantidad from items_oc where numero_oc = $1 order by id", [numero_oc]);
    m.orders.push({ numero_oc, lines: rows.map((x) => ({ id: x.id, codigo: x.codigo, cantidad: units(x.cantidad), llegada: 0 })) });
    remember(m);
    await r.check(m);
  }
  toString = () => `crearOC(${JSON.stringify(this.lines)})`;
}

class EditLine implements Cmd {
  constructor(readonly order: number, readonly line: number, readonly cantidad: number) {}
  check = (m: Readonly<Model>) => !m.tainted && m.orders.length > 0;
  async run(m: Model, r: { check(m: Model): Promise<void> }) {
    const o = m.orders[this.order % m.orders.length];
    const l = o.lines[this.line % o.lines.length];
    const res = await expectRows(
      () => t.request({ method: "PUT", url: `/api/items_oc/${l.id}`, as: "Adquisiciones", payload: { codigo: l.codigo, producto: "Perfil", cantidad: this.cantidad, precio_unitario: 1000 } }),
      () => ({}),
    );
    // An order line never asks for less than what already arrived.
    if (units(this.cantidad) < l.llegada) expect(res.statusCode, `bajar la línea bajo lo llegado: ${res.body}`).toBeGreaterThanOrEqual(400);
    else expect(res.statusCode, res.body).toBe(200);
    if (res.statusCode === 200) l.cantidad = units(this.cantidad);
    remember(m);
    await r.check(m);
  }
  toString = () => `editarLínea(${this.order}, ${this.line}, ${this.cantidad})`;
}

class Receive implements Cmd {
  constructor(
    readonly order: number,
    readonly picks: { line: number; share: number }[],
    readonly duplicate: boolean,
    readonly retry: boolean,
  ) {}
  check = (m: Readonly<Model>) => !m.tainted && m.orders.length > 0;
  async run(m: Model, r: { check(m: Model): Promise<void> }) {
    const o = m.orders[this.order % m.orders.length];
    // Each picked line gets a share of what is pending (0 = repeated as it is).
    const next = new Map<number, number>();
    for (const p of this.picks) {
      const l = o.lines[p.line % o.lines.length];
      const pending = Math.max(0, l.cantidad - (next.get(l.id) ?? l.llegada));
      next.set(l.id, l.llegada + Math.floor((pending * p.share) / 4));
    }
    const detalles = [...next].map(([id, u]) => ({ id, cantidad_llegada: qty(u) }));
    if (this.duplicate) detalles.push({ ...detalles[0] });
    const factura = `F-${++m.seq}`;
    const payload = { ordenes: [{ numero_oc: o.numero_oc, factura, fecha_factura: "2026-03-20", detalles }] };
    const headers = { "idempotency-key": `${m.prefix}-${m.seq}` };
    const moving = [...next].filter(([id, u]) => u > o.lines.find((l) => l.id === id)!.llegada);
    const send = () => t.request({ method: "POST", url: "/api/ingresar_factura", as: "Bodega", payload, headers });
    const res = await expectRows(send, () =>
      this.duplicate ? null : { movimientos_stock: moving.length, recepciones_oc: moving.length ? 1 : 0, recepciones_oc_items: moving.length },
    );
    if (this.duplicate) {
      // The same line twice in one receipt: 400 naming it, nothing written (23.1).
      if (res.statusCode === 200 && (await knownDefect("23.1", `recepción con la línea ${detalles[0].id} dos veces → ${res.statusCode}`, m))) {
        remember(m);
        return r.check(m);
      }
      expect(res.statusCode, res.body).toBe(400);
      remember(m);
      return r.check(m);
    }
    expect(res.statusCode, res.body).toBe(200);
    for (const [id, u] of next) {
      const l = o.lines.find((x) => x.id === id)!;
      m.stock.set(l.codigo, m.stock.get(l.codigo)! + (u - l.llegada));
      l.llegada = u;
    }
    if (this.retry) {
      // The same receipt retried with its key: the first answer again, nothing written.
      const again = await expectRows(send, () => ({}));
      expect(again.statusCode).toBe(200);
      expect(again.headers["idempotent-replayed"]).toBe("true");
      expect(again.json()).toEqual(res.json());
    }
    remember(m);
    await r.check(m);
  }
  toString = () => `recibir(${this.order}, ${JSON.stringify(this.picks)}${this.duplicate ? ", línea repetida" : ""}${this.retry ? ", reintento" : ""})`;
}

class PriceWithoutArrival implements Cmd {
  constructor(readonly order: number, readonly line: number) {}
  check = (m: Readonly<Model>) => !m.tainted && m.orders.length > 0;
  async run(m: Model, r: { check(m: Model): Promise<void> }) {
    const o = m.orders[this.order % m.orders.length];
    const l = o.lines[this.line % o.lines.length];
    // A new price on a line that receives nothing in this receipt: 400 naming the line (23.2).
    const payload = { ordenes: [{ numero_oc: o.numero_oc, factura: `F-${++m.seq}`, fecha_factura: "2026-03-20", detalles: [{ id: l.id, cantidad_llegada: qty(l.llegada), precio_unitario: 1 }] }] };
    const before = await db.snapshot();
    const res = await t.request({ method: "POST", url: "/api/ingresar_factura", as: "Bodega", payload });
    if (res.statusCode < 400) {
      const [row] = await q("select precio_unitario::float8 as p from items_oc where id = $1", [l.id]);
      if (await knownDefect("23.2", `precio 1 sin cantidad recibida en la línea ${l.id} → ${res.statusCode}, precio de la OC ahora ${row.p}`, m)) return r.check(m);
    }
    expect(res.statusCode, res.body).toBe(400);
    expect(db.diff(before, await db.snapshot())).toBe("");
    remember(m);
    await r.check(m);
  }
  toString = () => `precioSinLlegada(${this.order}, ${this.line})`;
}

class Exit implements Cmd {
  constructor(readonly quote: number, readonly code: number, readonly cantidad: number) {}
  check = base.check;
  async run(m: Model, r: { check(m: Model): Promise<void> }) {
    const quote = m.quotes[this.quote % m.quotes.length];
    const codigo = m.codes[this.code % m.codes.length];
    const stock = m.stock.get(codigo)!;
    const ok = units(this.cantidad) <= stock;
    const res = await expectRows(
      () => t.request({ method: "POST", url: "/api/registro_salida", as: "Bodega", payload: { codigo, producto: "x", cantidad_salida: this.cantidad, cliente_id: m.clienteId, presupuesto_id: quote.id } }),
      () => ({ movimientos_stock: 1, salidas_inventario: 1 }),
    );
    expect(res.statusCode, res.body).toBe(ok ? 201 : 409);
    if (ok) {
      m.stock.set(codigo, stock - units(this.cantidad));
      m.gone.set(key(quote.id, codigo), (m.gone.get(key(quote.id, codigo)) ?? 0) + units(this.cantidad));
    }
    remember(m);
    await r.check(m);
  }
  toString = () => `salida(${this.quote}, ${this.code}, ${this.cantidad})`;
}

class Adjust implements Cmd {
  constructor(readonly code: number, readonly diferencia: number, readonly stale: number | null) {}
  check = base.check;
  async run(m: Model, r: { check(m: Model): Promise<void> }) {
    const codigo = m.codes[this.code % m.codes.length];
    const stock = m.stock.get(codigo)!;
    const history = m.seen.get(codigo)!;
    // What the person counting saw: today's stock, or (stale) the stock a few commands ago.
    const seen = this.stale === null ? stock : (history[history.length - 1 - (this.stale % history.length)] ?? stock);
    const payload = { codigo, diferencia: this.diferencia, stock_visto: qty(seen) };
    const res = await expectRows(() => t.request({ method: "POST", url: "/api/ajuste_stock", as: "Bodega", payload }), () => ({ movimientos_stock: 1, ajustes_stock: 1 }));
    if (seen !== stock) {
      // 409 "El stock cambió mientras contaba", nothing written (23.3).
      if (res.statusCode === 201 && (await knownDefect("23.3", `ajuste de ${this.diferencia} con stock_visto ${qty(seen)} ≠ ${qty(stock)} → 201`, m))) {
        remember(m);
        return r.check(m);
      }
      expect(res.statusCode, res.body).toBe(409);
    } else {
      const ok = stock + units(this.diferencia) >= 0;
      expect(res.statusCode, res.body).toBe(ok ? 201 : 409);
      if (ok) m.stock.set(codigo, stock + units(this.diferencia));
    }
    remember(m);
    await r.check(m);
  }
  toString = () => `ajuste(${this.code}, ${this.diferencia}${this.stale === null ? "" : `, visto hace ${this.stale}`})`;
}

class PautaBatch implements Cmd {
  constructor(readonly quote: number, readonly lines: { code: number; cantidad: number }[]) {}
  check = base.check;
  async run(m: Model, r: { check(m: Model): Promise<void> }) {
    const quote = m.quotes[this.quote % m.quotes.length];
    // herraje: not a bar category, so a whole quantity is stored as it is and lines of one code add up.
    const items = this.lines.map((l) => ({ codigo: m.codes[l.code % m.codes.length], producto: "Bisagra", cantidad: l.cantidad }));
    const newCodes = new Set(items.map((i) => i.codigo).filter((c) => !m.pauta.has(key(quote.id, c))));
    const res = await expectRows(
      () => t.request({ method: "POST", url: "/api/ot_pautas/herraje/lote", as: "Oficina Técnica", payload: { cliente_id: m.clienteId, presupuesto_id: quote.id, numero_presupuesto: quote.numero, items } }),
      () => ({ pautas: newCodes.size }),
    );
    expect(res.statusCode, res.body).toBe(201);
    for (const i of items) m.pauta.set(key(quote.id, i.codigo), (m.pauta.get(key(quote.id, i.codigo)) ?? 0) + units(i.cantidad));
    remember(m);
    await r.check(m);
  }
  toString = () => `pauta(${this.quote}, ${JSON.stringify(this.lines)})`;
}

class ToggleFinal implements Cmd {
  constructor(readonly quote: number) {}
  check = base.check;
  async run(m: Model, r: { check(m: Model): Promise<void> }) {
    const quote = m.quotes[this.quote % m.quotes.length];
    const res = await expectRows(() => t.request({ method: "PUT", url: `/api/seguimiento_obras/${quote.seguimientoId}/toggle`, as: "Operaciones", payload: { campo: "recepcion_final" } }), () => ({}));
    expect(res.statusCode, res.body).toBe(200);
    quote.final = !quote.final;
    expect(res.json().recepcion_final).toBe(quote.final);
    remember(m);
    await r.check(m);
  }
  toString = () => `recepciónFinal(${this.quote})`;
}

const commands = [
  fc.array(fc.record({ code: fc.nat(2), cantidad: qtyArb }), { minLength: 1, maxLength: 3 }).map((l) => new CreateOrder(l)),
  fc.tuple(fc.nat(5), fc.nat(5), qtyArb).map(([o, l, c]) => new EditLine(o, l, c)),
  fc
    .tuple(fc.nat(5), fc.array(fc.record({ line: fc.nat(5), share: fc.integer({ min: 0, max: 4 }) }), { minLength: 1, maxLength: 3 }), fc.nat(9), fc.boolean())
    .map(([o, p, d, r]): Cmd => (d === 1 ? new PriceWithoutArrival(o, p[0].line) : new Receive(o, p, d === 0, r))),
  fc.tuple(fc.nat(1), fc.nat(2), qtyArb).map(([qt, c, n]) => new Exit(qt, c, n)),
  fc.tuple(fc.nat(2), qtyArb, fc.boolean(), fc.option(fc.nat(3), { nil: null })).map(([c, n, down, stale]) => new Adjust(c, down ? -n : n, stale)),
  fc.tuple(fc.nat(1), fc.array(fc.record({ code: fc.nat(2), cantidad: fc.integer({ min: 1, max: 12 }) }), { minLength: 1, maxLength: 3 })).map(([qt, l]) => new PautaBatch(qt, l)),
  fc.nat(1).map((qt) => new ToggleFinal(qt)),
];

async function newModel(): Promise<Model> {
  const prefix = `CM${++run}`;
  const codes = [1, 2, 3].map((i) => `${prefix}-${i}`);
  for (const codigo of codes) {
    const res = await t.request({ method: "POST", url: "/api/materiales", as: "Adquisiciones", payload: { codigo, producto: `Producto ${codigo}` } });
    expect(res.statusCode).toBe(201);
  }
  const clienteId = (await t.request({ method: "POST", url: "/api/clientes", as: "Ventas", payload: { nombre: `Cliente ${prefix}` } })).json().id;
  const quotes: Model["quotes"] = [];
  for (const i of [1, 2]) {
    const numero = `${prefix}-P${i}`;
    const id = (await t.request({ method: "POST", url: "/api/presupuestos", as: "Ventas", payload: { numero, cliente_id: clienteId, nombre_obra: `Obra ${numero}` } })).json().id;
    const [s] = await q("select id from seguimiento_obras where presupuesto_id = $1", [id]);
    quotes.push({ id, numero, seguimientoId: s.id, final: false });
  }
  return { prefix, codes, stock: new Map(codes.map((c) => [c, 0])), seen: new Map(codes.map((c) => [c, [0]])), clienteId, quotes, pauta: new Map(), gone: new Map(), orders: [], seq: 0, tainted: false };
}

beforeAll(async () => {
  t = await createTestServer();
  for (const r of ["Adquisiciones", "Bodega", "Ventas", "Oficina Técnica", "Operaciones"] as const) await t.tokenFor(r);
  await t.request({ method: "POST", url: "/api/proveedores", as: "Adquisiciones", payload: { proveedor: "Proveedor modelo" } });
  db = await watchDatabase(t, { counts: [...ROWS, "auditoria"] });
});
afterAll(async () => {
  for (const [defect, what] of found) console.log(`Modelo de compras, conocido (issue 23) ${defect}: ${what}`);
  await t?.close();
});

describe("stock and purchasing model", () => {
  it(`stock = Σ movements = model, arrived = Σ receipts ≤ ordered, reserved as the works ask, exact rows (${RUNS} runs)`, async () => {
    await fc.assert(
      fc.asyncProperty(fc.commands(commands, { maxCommands: 15 }), async (cmds) => {
        const model = await newModel();
        await fc.asyncModelRun(() => ({ model, real: { check: checkInvariants } }), cmds);
      }),
      { numRuns: RUNS },
    );
    expect(accepted).toBeGreaterThan(RUNS);
    expect(refused).toBeGreaterThan(0);
    // The ledger and the stock column agree for every product, not only the model's.
    const drift = await q(
      `select m.codigo from materiales m
        where m.stock_actual <> coalesce((select sum(cantidad) from movimientos_stock s where s.codigo = m.codigo), 0)`,
    );
    expect(drift).toEqual([]);
  }, 900_000);
});
