// The derived figures of works and orders kept at write time (server/services/derived:
// presupuestos.total_neto_real and utilidad, ordenes_compra.estado and total_neto) equal
// their definitions from scratch after any sequence of writes through the API: random
// orders, item additions, edits and deletions, receipts (partial, repeated, retried with
// their Idempotency-Key), exits to works, stock adjustments, budget changes and recepción
// final (fast-check fc.commands; PARITY_RUNS runs, 40 by default). After every command
// every figure's recompute with fix: false reports no difference.
// Also: each SQL definition gives what its domain reference (utilityPercent, orderState,
// orderTotals) gives over a table of cases; a corrupted value is found and repaired by
// the recompute; the backfill migration runs the definitions; the lists read the stored
// figures (sort and filter).
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { sql, type SQL } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { utilityPercent } from "../../src/domain/operations";
import { orderTotals } from "../../src/domain/purchasing/order-lines";
import { orderState } from "../../src/domain/purchasing/order-state";
import { DERIVED_FIGURES } from "../../server/services/derived";
import { backfillObrasSql, utilidadDe } from "../../server/services/derived/obras";
import { backfillOrdenesSql } from "../../server/services/derived/ordenes";
import { foldedContains } from "../../server/lists/fold";
import { dueDate } from "../../server/services/operations/factura-row";
import { textMatchesAsSet, textMatchesRowByRow } from "../../server/services/purchasing/list-ordenes";
import { createTestServer, recomputeDerived, type TestServer } from "../helpers";

const RUNS = Number(process.env.PARITY_RUNS ?? 40);

let t: TestServer;
let run = 0;
let commandsRun = 0;

const q = async (text: string, params: unknown[] = []) => (await t.database.pool.query(text, params)).rows;

/** Every figure from scratch, nothing fixed: what differs. */
async function differences(): Promise<string[]> {
  return t.database.db.transaction(async (tx) => {
    const out: string[] = [];
    for (const f of DERIVED_FIGURES) {
      const r = await f.recompute(tx, { fix: false });
      for (const d of r.differences) out.push(`${f.name} ${d.key}: guardado ${JSON.stringify(d.stored)}, esperado ${JSON.stringify(d.expected)}`);
    }
    return out;
  });
}

interface Model {
  prefix: string;
  codes: string[];
  clienteId: number;
  quotes: { id: number; numero: string; seguimientoId: number }[];
  orders: number[];
  seq: number;
}

type Cmd = fc.AsyncCommand<Model, { check(): Promise<void> }>;
const always = () => true;
const hasOrders = (m: Readonly<Model>) => m.orders.length > 0;

const qtyArb = fc.oneof(fc.integer({ min: 1, max: 20 }), fc.integer({ min: 1, max: 2000 }).map((n) => n / 100));
const priceArb = fc.oneof(fc.integer({ min: 0, max: 50_000 }), fc.integer({ min: 1, max: 100_000 }).map((n) => n / 100));

async function itemsOf(numero: number): Promise<{ id: number; cantidad: number; llegada: number; codigo: string; precio: number }[]> {
  return q("select id, codigo, cantidad::float8 as cantidad, cantidad_llegada::float8 as llegada, precio_unitario::float8 as precio from items_oc where numero_oc = $1 order by id", [numero]);
}

class CreateOrder implements Cmd {
  check = always;
  constructor(readonly quote: number, readonly lines: { code: number; cantidad: number; precio: number }[]) {}
  async run(m: Model, r: { check(): Promise<void> }) {
    const quote = m.quotes[this.quote % m.quotes.length];
    const items = this.lines.map((l) => ({ codigo: m.codes[l.code % m.codes.length], producto: "Perfil", cantidad: l.cantidad, precio_unitario: l.precio }));
    const res = await t.request({
      method: "POST",
      url: "/api/ordenes_compra",
      as: "Adquisiciones",
      payload: { proveedor: "Proveedor paridad", fecha: "2026-03-10", realizado_por: "Paridad", cliente_id: m.clienteId, presupuesto_id: quote.id, numero_presupuesto: quote.numero, items },
    });
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    m.orders.push(body.numero_oc);
    // The answer carries the stored figures, equal to the domain's rules over its items.
    expect(body.estado).toBe(orderState(body.detalles));
    expect(body.total_neto).toBe(orderTotals(body.detalles).neto);
    await r.check();
  }
  toString = () => `crearOC(${this.quote}, ${JSON.stringify(this.lines)})`;
}

class AddItem implements Cmd {
  check = hasOrders;
  constructor(readonly order: number, readonly code: number, readonly cantidad: number, readonly precio: number) {}
  async run(m: Model, r: { check(): Promise<void> }) {
    const numero_oc = m.orders[this.order % m.orders.length];
    const res = await t.request({ method: "POST", url: "/api/items_oc", as: "Adquisiciones", payload: { numero_oc, codigo: m.codes[this.code % m.codes.length], producto: "Perfil", cantidad: this.cantidad, precio_unitario: this.precio } });
    expect(res.statusCode, res.body).toBe(201);
    await r.check();
  }
  toString = () => `agregarÍtem(${this.order}, ${this.code}, ${this.cantidad}, ${this.precio})`;
}

class EditItem implements Cmd {
  check = hasOrders;
  constructor(readonly order: number, readonly line: number, readonly cantidad: number, readonly precio: number) {}
  async run(m: Model, r: { check(): Promise<void> }) {
    const items = await itemsOf(m.orders[this.order % m.orders.length]);
    if (items.length === 0) return r.check();
    const it = items[this.line % items.length];
    const res = await t.request({ method: "PUT", url: `/api/items_oc/${it.id}`, as: "Adquisiciones", payload: { codigo: it.codigo, producto: "Perfil", cantidad: this.cantidad, precio_unitario: this.precio } });
    expect([200, 409], res.body).toContain(res.statusCode); // 409: below what arrived
    await r.check();
  }
  toString = () => `editarÍtem(${this.order}, ${this.line}, ${this.cantidad}, ${this.precio})`;
}

class DeleteItem implements Cmd {
  check = hasOrders;
  constructor(readonly order: number, readonly line: number) {}
  async run(m: Model, r: { check(): Promise<void> }) {
    const items = await itemsOf(m.orders[this.order % m.orders.length]);
    if (items.length === 0) return r.check();
    const it = items[this.line % items.length];
    const res = await t.request({ method: "DELETE", url: `/api/items_oc/${it.id}`, as: "Adquisiciones" });
    expect(res.statusCode, res.body).toBe(it.llegada > 0 ? 409 : 200);
    await r.check();
  }
  toString = () => `borrarÍtem(${this.order}, ${this.line})`;
}

class Receive implements Cmd {
  check = hasOrders;
  constructor(
    readonly order: number,
    readonly picks: { line: number; share: number }[],
    readonly retry: boolean,
  ) {}
  async run(m: Model, r: { check(): Promise<void> }) {
    const numero_oc = m.orders[this.order % m.orders.length];
    const items = await itemsOf(numero_oc);
    if (items.length === 0) return r.check();
    // Each picked line gets a share of what is pending (share 0: the line repeated as it is).
    const next = new Map<number, number>();
    for (const p of this.picks) {
      const it = items[p.line % items.length];
      const pending = Math.max(0, Math.round((it.cantidad - it.llegada) * 10_000));
      next.set(it.id, Math.round(it.llegada * 10_000) + Math.floor((pending * p.share) / 4));
    }
    const detalles = [...next].map(([id, u]) => ({ id, cantidad_llegada: u / 10_000 }));
    const payload = { ordenes: [{ numero_oc, factura: `F-${++m.seq}`, fecha_factura: "2026-03-20", detalles }] };
    const send = () => t.request({ method: "POST", url: "/api/ingresar_factura", as: "Bodega", payload, headers: { "idempotency-key": `${m.prefix}-${m.seq}` } });
    const res = await send();
    expect(res.statusCode, res.body).toBe(200);
    const [stored] = await q("select estado from ordenes_compra where numero_oc = $1", [numero_oc]);
    expect(res.json().ordenes[0].estado).toBe(stored.estado);
    if (this.retry) {
      const again = await send();
      expect(again.statusCode).toBe(200);
      expect(again.json()).toEqual(res.json());
    }
    await r.check();
  }
  toString = () => `recibir(${this.order}, ${JSON.stringify(this.picks)}${this.retry ? ", reintento" : ""})`;
}

class Adjust implements Cmd {
  check = always;
  constructor(readonly code: number, readonly diferencia: number) {}
  async run(m: Model, r: { check(): Promise<void> }) {
    const codigo = m.codes[this.code % m.codes.length];
    const [row] = await q("select stock_actual::float8 as s from materiales where codigo = $1", [codigo]);
    const res = await t.request({ method: "POST", url: "/api/ajuste_stock", as: "Bodega", payload: { codigo, diferencia: this.diferencia, stock_visto: row.s } });
    expect(res.statusCode, res.body).toBe(201);
    await r.check();
  }
  toString = () => `ajuste(${this.code}, ${this.diferencia})`;
}

class Exit implements Cmd {
  check = always;
  constructor(readonly quote: number, readonly code: number, readonly cantidad: number) {}
  async run(m: Model, r: { check(): Promise<void> }) {
    const quote = m.quotes[this.quote % m.quotes.length];
    const codigo = m.codes[this.code % m.codes.length];
    const [row] = await q("select stock_actual::float8 as s from materiales where codigo = $1", [codigo]);
    const res = await t.request({ method: "POST", url: "/api/registro_salida", as: "Bodega", payload: { codigo, producto: "x", cantidad_salida: this.cantidad, cliente_id: m.clienteId, presupuesto_id: quote.id } });
    expect(res.statusCode, res.body).toBe(this.cantidad <= row.s + 1e-9 ? 201 : 409);
    await r.check();
  }
  toString = () => `salida(${this.quote}, ${this.code}, ${this.cantidad})`;
}

class Budget implements Cmd {
  check = always;
  constructor(readonly quote: number, readonly neto: number) {}
  async run(m: Model, r: { check(): Promise<void> }) {
    const quote = m.quotes[this.quote % m.quotes.length];
    const res = await t.request({ method: "PUT", url: `/api/presupuestos/${quote.id}`, as: "Ventas", payload: { numero: quote.numero, cliente_id: m.clienteId, nombre_obra: `Obra ${quote.numero}`, total_neto_presupuestado: this.neto } });
    expect(res.statusCode, res.body).toBe(200);
    await r.check();
  }
  toString = () => `presupuestado(${this.quote}, ${this.neto})`;
}

class NewQuote implements Cmd {
  check = (m: Readonly<Model>) => m.quotes.length < 4;
  constructor(readonly neto: number) {}
  async run(m: Model, r: { check(): Promise<void> }) {
    m.quotes.push(await quote(m, m.quotes.length + 1, this.neto));
    await r.check();
  }
  toString = () => `presupuesto(${this.neto})`;
}

class ToggleFinal implements Cmd {
  check = always;
  constructor(readonly quote: number) {}
  async run(m: Model, r: { check(): Promise<void> }) {
    const quote = m.quotes[this.quote % m.quotes.length];
    const res = await t.request({ method: "PUT", url: `/api/seguimiento_obras/${quote.seguimientoId}/toggle`, as: "Operaciones", payload: { campo: "recepcion_final" } });
    expect(res.statusCode, res.body).toBe(200);
    await r.check();
  }
  toString = () => `recepciónFinal(${this.quote})`;
}

const netoArb = fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 5_000_000 }));

const commands = [
  fc.tuple(fc.nat(3), fc.array(fc.record({ code: fc.nat(2), cantidad: qtyArb, precio: priceArb }), { minLength: 1, maxLength: 3 })).map(([qt, l]) => new CreateOrder(qt, l)),
  fc.tuple(fc.nat(5), fc.nat(2), qtyArb, priceArb).map(([o, c, n, p]) => new AddItem(o, c, n, p)),
  fc.tuple(fc.nat(5), fc.nat(5), qtyArb, priceArb).map(([o, l, n, p]) => new EditItem(o, l, n, p)),
  fc.tuple(fc.nat(5), fc.nat(5)).map(([o, l]) => new DeleteItem(o, l)),
  fc.tuple(fc.nat(5), fc.array(fc.record({ line: fc.nat(5), share: fc.constantFrom(0, 1, 2, 4, 4, 4) }), { minLength: 1, maxLength: 3 }), fc.boolean()).map(([o, p, rt]) => new Receive(o, p, rt)),
  fc.tuple(fc.nat(2), fc.integer({ min: 1, max: 50 })).map(([c, n]) => new Adjust(c, n)),
  fc.tuple(fc.nat(3), fc.nat(2), qtyArb).map(([qt, c, n]) => new Exit(qt, c, n)),
  fc.tuple(fc.nat(3), netoArb).map(([qt, n]) => new Budget(qt, n)),
  netoArb.map((n) => new NewQuote(n)),
  fc.nat(3).map((qt) => new ToggleFinal(qt)),
];

async function quote(m: Pick<Model, "prefix" | "clienteId">, i: number, neto: number) {
  const numero = `${m.prefix}-P${i}`;
  const res = await t.request({ method: "POST", url: "/api/presupuestos", as: "Ventas", payload: { numero, cliente_id: m.clienteId, nombre_obra: `Obra ${numero}`, total_neto_presupuestado: neto } });
  expect(res.statusCode, res.body).toBe(201);
  const id = res.json().id as number;
  const [s] = await q("select id from seguimiento_obras where presupuesto_id = $1", [id]);
  return { id, numero, seguimientoId: s.id as number };
}

async function newModel(): Promise<Model> {
  const prefix = `DO${++run}`;
  const codes = [1, 2, 3].map((i) => `${prefix}-${i}`);
  for (const [i, codigo] of codes.entries()) {
    // A price (receipts change it later), so exits are valued from the first one.
    const res = await t.request({ method: "POST", url: "/api/materiales", as: "Adquisiciones", payload: { codigo, producto: `Producto ${codigo}`, precio_unitario: [1250, 990.5, 15000][i] } });
    expect(res.statusCode).toBe(201);
  }
  const clienteId = (await t.request({ method: "POST", url: "/api/clientes", as: "Ventas", payload: { nombre: `Cliente ${prefix}` } })).json().id;
  for (const codigo of codes) {
    // Some stock to start with, so exits go through from the first command.
    const res = await t.request({ method: "POST", url: "/api/ajuste_stock", as: "Bodega", payload: { codigo, diferencia: 30, stock_visto: 0 } });
    expect(res.statusCode, res.body).toBe(201);
  }
  const m: Model = { prefix, codes, clienteId, quotes: [], orders: [], seq: 0 };
  m.quotes.push(await quote(m, 1, 1_000_000));
  // An order to start with, received in full: every run has a COMPLETA order to undo.
  await new CreateOrder(0, [{ code: 0, cantidad: 3, precio: 1200 }, { code: 1, cantidad: 2.5, precio: 990.5 }]).run(m, { check: async () => {} });
  await new Receive(0, [{ line: 0, share: 4 }, { line: 1, share: 4 }], false).run(m, { check: async () => {} });
  return m;
}

beforeAll(async () => {
  t = await createTestServer();
  for (const r of ["Adquisiciones", "Bodega", "Ventas", "Operaciones"] as const) await t.tokenFor(r);
  await t.request({ method: "POST", url: "/api/proveedores", as: "Adquisiciones", payload: { proveedor: "Proveedor paridad" } });
});
afterAll(() => t?.close());

describe("derived figures of works and orders", () => {
  it(`equal their definitions after every command (${RUNS} runs)`, async () => {
    const check = async () => {
      commandsRun++;
      expect(await differences()).toEqual([]);
    };
    await fc.assert(
      fc.asyncProperty(fc.commands(commands, { maxCommands: 12 }), async (cmds) => {
        const model = await newModel();
        await fc.asyncModelRun(() => ({ model, real: { check } }), cmds);
      }),
      { numRuns: RUNS },
    );
    expect(commandsRun).toBeGreaterThan(RUNS);
    // Exits happened, so the actual nets were exercised.
    expect(Number((await q("select count(*)::int as n from presupuestos where total_neto_real > 0"))[0].n)).toBeGreaterThan(0);
    expect(Number((await q("select count(*)::int as n from ordenes_compra where estado = 'COMPLETA'"))[0].n)).toBeGreaterThan(0);
  }, 900_000);

  it("a corrupted value is reported by the check and repaired by the recompute", async () => {
    const [o] = await q("select numero_oc, estado, total_neto::float8 as total from ordenes_compra order by numero_oc limit 1");
    const [p] = await q("select id, total_neto_real::float8 as real, utilidad::float8 as utilidad from presupuestos order by total_neto_real desc, id limit 1");
    await q("update ordenes_compra set estado = case estado when 'COMPLETA' then 'PENDIENTE' else 'COMPLETA' end, total_neto = total_neto + 7 where numero_oc = $1", [o.numero_oc]);
    await q("update presupuestos set total_neto_real = total_neto_real + 1, utilidad = utilidad - 3 where id = $1", [p.id]);
    const found = await differences();
    expect(found, found.join("\n")).toHaveLength(4);
    expect(found.join("\n")).toContain(`ordenes_compra.estado OC ${o.numero_oc}`);
    expect(found.join("\n")).toContain(`presupuestos.utilidad presupuesto ${p.id}`);
    // Repairing a record rewrites all its figures: the net's repair also mends the utility and the state's the net.
    expect(await recomputeDerived(t.database)).toBe(2);
    expect(await differences()).toEqual([]);
    expect(await q("select estado, total_neto::float8 as total from ordenes_compra where numero_oc = $1", [o.numero_oc])).toEqual([{ estado: o.estado, total: o.total }]);
    expect(await q("select total_neto_real::float8 as real, utilidad::float8 as utilidad from presupuestos where id = $1", [p.id])).toEqual([{ real: p.real, utilidad: p.utilidad }]);
  });

  it("the lists sort and filter by the stored figures", async () => {
    const res = await t.request({ method: "GET", url: "/api/resumen-materiales?_start=0&_end=50&_sort=utilidad&_order=asc&utilidad_lt=100", as: "Operaciones" });
    expect(res.statusCode, res.body).toBe(200);
    const rows = res.json() as { utilidad: number; total_neto_presupuestado: number; total_neto_real: number }[];
    expect(rows.length).toBeGreaterThan(0);
    for (const r of rows) {
      expect(r.utilidad).toBeLessThan(100);
      expect(r.utilidad).toBe(utilityPercent(r.total_neto_presupuestado, r.total_neto_real));
    }
    expect(rows.map((r) => r.utilidad)).toEqual([...rows.map((r) => r.utilidad)].sort((a, b) => a - b));
    expect((await t.request({ method: "GET", url: "/api/resumen-materiales?utilidad_lt=mucho", as: "Operaciones" })).statusCode).toBe(400);
    const done = await t.request({ method: "GET", url: "/api/ordenes_compra_estado?estado=Completas&_start=0&_end=50", as: "Adquisiciones" });
    expect(done.statusCode).toBe(200);
    for (const o of done.json() as { estado: string; total_neto: number; detalles: { cantidad: number; cantidad_llegada: number; precio_unitario: number }[] }[]) {
      expect(o.estado).toBe("COMPLETA");
      expect(orderState(o.detalles)).toBe("COMPLETA");
      expect(o.total_neto).toBe(orderTotals(o.detalles).neto);
    }
  });
});

describe("the order list's q", () => {
  it("reads the orders' text from its trigram index over the stored folded text (no fold per candidate row)", async () => {
    const plan = await t.database.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      return tx.execute(sql`explain select 1 from ordenes_compra o where ${foldedContains(sql.raw("o.texto_busqueda"), "vidrio")}`);
    });
    const text = plan.rows.map((r) => Object.values(r)[0]).join("\n");
    expect(text).toContain("ordenes_compra_texto_busqueda_trgm");
    // The index's recheck compares the stored text: translate() runs once, on the pattern.
    expect(text).toMatch(/Recheck Cond: \((o\.)?texto_busqueda ~~/);
  });

  it("reads the items' products from materiales' stored folded text (no fold per candidate product) and a product's orders from items_oc_codigo_idx alone", async () => {
    // A GIN index is read by a bitmap scan only; a btree by a plain or index-only scan.
    const explain = (query: SQL, bitmap: boolean) =>
      t.database.db.transaction(async (tx) => {
        await tx.execute(sql`set local enable_seqscan = off`);
        if (!bitmap) await tx.execute(sql`set local enable_bitmapscan = off`);
        const plan = await tx.execute(sql`explain ${query}`);
        return plan.rows.map((r) => Object.values(r)[0]).join("\n");
      });
    // The list's own condition names the stored text (its trigram index is the one 0024 made).
    expect(new PgDialect().sqlToQuery(textMatchesAsSet("vidrio")).sql).toContain("m.texto_busqueda like");
    const byRow = textMatchesRowByRow("vidrio");
    for (const part of [byRow.rows, byRow.parts[0]]) expect(new PgDialect().sqlToQuery(part).sql).toMatch(/texto_busqueda" like/);
    for (const part of [byRow.rows, byRow.parts[1]]) expect(new PgDialect().sqlToQuery(part).sql).toContain("m.texto_busqueda like");
    const products = await explain(sql`select m.codigo from materiales m where ${foldedContains(sql.raw("m.texto_busqueda"), "vidrio")}`, true);
    expect(products).toContain("materiales_texto_busqueda_trgm");
    expect(products).not.toContain("translate(coalesce");
    const orders = await explain(sql`select i.numero_oc from items_oc i where i.codigo in ('VID-003', 'PER-001')`, false);
    expect(orders).toContain("Index Only Scan using items_oc_codigo_idx");
  });

  it("keeps each product's stored text equal to its code and name folded", async () => {
    await q("insert into materiales (codigo, producto) values ('ÑAN-01', 'Perfil Ñandú Peñalolén')");
    const [row] = await q("select texto_busqueda from materiales where codigo = 'ÑAN-01'");
    expect(row.texto_busqueda).toBe("nan-01\u0001perfil nandu penalolen");
    await q("update materiales set producto = 'Vidrio Ácido' where codigo = 'ÑAN-01'");
    expect((await q("select texto_busqueda from materiales where codigo = 'ÑAN-01'"))[0].texto_busqueda).toBe("nan-01\u0001vidrio acido");
    await q("delete from materiales where codigo = 'ÑAN-01'");
  });

  it("keeps each order's stored text equal to its fields folded", async () => {
    const [o] = await q("select numero_oc from ordenes_compra order by numero_oc limit 1");
    await q("update ordenes_compra set comentario = 'Ñandú Peñalolén', cliente_nombre = null where numero_oc = $1", [o.numero_oc]);
    const [row] = await q("select texto_busqueda, proveedor from ordenes_compra where numero_oc = $1", [o.numero_oc]);
    expect(row.texto_busqueda).toContain("nandu penalolen");
    expect(row.texto_busqueda.startsWith(String(row.proveedor ?? "").toLowerCase().normalize("NFD").replace(/[\u0300-\u036f]/g, ""))).toBe(true);
  });

  it("finds an order by its own fields and by its items' catalogue code or name, in any case and accents", async () => {
    const [o] = await q("select numero_oc from ordenes_compra order by numero_oc limit 1");
    await q("update ordenes_compra set comentario = 'Entregar en Peñalolén' where numero_oc = $1", [o.numero_oc]);
    const find = async (text: string) =>
      ((await t.request({ method: "GET", url: `/api/ordenes_compra_estado?q=${encodeURIComponent(text)}&_start=0&_end=500`, as: "Adquisiciones" })).json() as { numero_oc: number }[]).map((r) => r.numero_oc);
    expect(await find("PENALOLEN")).toEqual([o.numero_oc]);
    const [it] = await q("select i.numero_oc, m.producto from items_oc i join materiales m on m.codigo = i.codigo order by i.id desc limit 1");
    expect(await find(it.producto.toUpperCase())).toContain(it.numero_oc);
    expect(await find("Proveedor paridad")).toContain(o.numero_oc);
    expect(await find("no existe en ninguna orden")).toEqual([]);
  });
});

describe("an invoice's due date", () => {
  it("is read from its expression index (migration 0013): the lists sort and filter by it", async () => {
    const plan = await t.database.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      return tx.execute(sql`explain select 1 from facturas_guias where ${dueDate} < current_date order by ${dueDate}`);
    });
    expect(plan.rows.map((r) => Object.values(r)[0]).join("\n")).toContain("facturas_guias_vencimiento_idx");
    const res = await t.request({ method: "GET", url: "/api/facturas_estado?_sort=vencimiento&_order=asc&vencimiento_gte=2026-01-01&_start=0&_end=5", as: "Contabilidad" });
    expect(res.statusCode, res.body).toBe(200);
  });
});

describe("each SQL definition against its domain reference", () => {
  it("utility %: utilidadDe = utilityPercent over a table of cases", async () => {
    const cases: [number, number][] = [
      [1_000_000, 850_000],
      [1_000_000, 876_543],
      [3_000_000, 2_000_000],
      [3_000_000, 1_000_000],
      [1_000_000, 999_500],
      [1_000_000, 0],
      [1_000_000, 1_250_000],
      [1_000_000, 1_000_500],
      [1_000_000, 1_000_000],
      [0, 500_000],
      [7, 3],
      [3, 7],
      ...fc.sample(fc.tuple(fc.integer({ min: 0, max: 1e10 }), fc.integer({ min: 0, max: 2e10 })), { numRuns: 300, seed: 22 }),
    ];
    const values = sql.join(cases.map(([b, r]) => sql`(${b}::bigint, ${r}::bigint)`), sql`, `);
    const rows = (await t.database.db.execute<{ b: string; r: string; u: string }>(sql`select b::text, r::text, ${utilidadDe(sql`b`, sql`r`)}::float8 as u from (values ${values}) v(b, r)`)).rows;
    for (const row of rows) expect(Number(row.u), `presupuestado ${row.b}, real ${row.r}`).toBe(utilityPercent(Number(row.b), Number(row.r)));
  });

  it("an order's state and net: estadoOrdenDe / totalNetoOrdenDe = orderState / orderTotals over random items", async () => {
    // The stored figures of every order of the property run above, against the domain over its items.
    const orders = await q("select numero_oc, estado, total_neto::float8 as total from ordenes_compra order by numero_oc");
    expect(orders.length).toBeGreaterThan(RUNS);
    for (const o of orders) {
      const items = await q("select cantidad::float8 as cantidad, cantidad_llegada::float8 as cantidad_llegada, precio_unitario::float8 as precio_unitario from items_oc where numero_oc = $1", [o.numero_oc]);
      expect(o.estado, `OC ${o.numero_oc}`).toBe(orderState(items));
      expect(o.total, `OC ${o.numero_oc}`).toBe(orderTotals(items).neto);
    }
  });

  it("the backfill migration (0011) runs the definitions", () => {
    const dir = fileURLToPath(new URL("../../server/db/migrations", import.meta.url));
    const file = fs.readdirSync(dir).find((f) => f.endsWith("_derived_obras_ordenes_backfill.sql"))!;
    const text = fs.readFileSync(path.join(dir, file), "utf8");
    const dialect = new PgDialect();
    for (const statement of [backfillObrasSql, backfillOrdenesSql]) expect(text).toContain(dialect.sqlToQuery(statement).sql);
  });
});
