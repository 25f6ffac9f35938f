// Reserved stock kept at write time (issue 22) against its definition, from scratch.
// fast-check runs random commands through the real API: pauta batches (some naming a code
// before its product exists), pauta edits and deletes, "separado" marks, exits to active
// and finished works, receipts, adjustments, new works, recepción final on and off and
// other stages; after every command each figure of DERIVED_FIGURES recomputed from scratch
// (fix: false) finds no difference, and stock_reservado equals the model, computed with the
// domain's named reference `reservaPendiente` (Σ over active works of max(0, pauta − left)).
// Then `npm run recompute` (its library and the command itself) repairs a corrupted figure.
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fromQtyUnits, toQtyUnits } from "../../src/domain/inventory/quantity";
import { isLowStock, reservaPendiente, stockDisponible } from "../../src/domain/inventory/stock";
import { DERIVED_FIGURES } from "../../server/services/derived";
import { recompute, reportLines } from "../../scripts/recompute-lib";
import { createTestServer, openServerTestDatabase, type TestServer } from "../helpers";

const RUNS = Number(process.env.MODEL_RUNS ?? 40);

let t: TestServer;
let run = 0;

interface Work {
  id: number;
  numero: string;
  seguimientoId: number;
  final: boolean;
}
interface Line {
  id: number;
  quote: number;
  codigo: string;
  cantidad: number; // units
}
interface Model {
  prefix: string;
  /** Codes the pautas may name; only those in `created` exist as products. */
  codes: string[];
  created: Set<string>;
  stock: Map<string, number>;
  clienteId: number;
  works: Work[];
  lines: Line[];
  gone: Map<string, number>; // `${quote}|${code}` → units left
  seq: number;
}

const q = async (sql: string, params: unknown[] = []) => (await t.database.pool.query(sql, params)).rows;
const units = (v: number | string) => toQtyUnits(v);
const key = (quote: number, code: string) => `${quote}|${code}`;

async function check(m: Model) {
  // Every maintained figure equals its definition from scratch.
  const reports = await recompute(t.database.db, { fix: false });
  for (const r of reports) expect(r.differences, reportLines([r], false).join("\n")).toEqual([]);
  // And the definition is the rule: Σ over active works of max(0, pauta − what left).
  const rows = await q("select codigo, stock_reservado from materiales where codigo like $1 || '-%' order by codigo", [m.prefix]);
  expect(rows.map((r) => r.codigo)).toEqual([...m.created].sort());
  for (const r of rows) {
    let expected = 0;
    for (const w of m.works.filter((x) => !x.final)) {
      const need = m.lines.filter((l) => l.quote === w.id && l.codigo === r.codigo).reduce((s, l) => s + l.cantidad, 0);
      expected += units(reservaPendiente(fromQtyUnits(need), fromQtyUnits(m.gone.get(key(w.id, r.codigo)) ?? 0)));
    }
    expect(units(r.stock_reservado), `${r.codigo} stock_reservado`).toBe(expected);
  }
  // The list shows the stored figure; available and Bajo Stock as their named references say.
  const res = await t.request({ method: "GET", url: `/api/inventario?codigo_like=${m.prefix}-`, as: "Bodega" });
  expect(res.statusCode).toBe(200);
  for (const r of res.json() as { codigo: string; stock_actual: number; stock_minimo: number; stock_reservado: number; stock_disponible: number; bajo_stock: boolean }[]) {
    const stored = rows.find((x) => x.codigo === r.codigo)!;
    expect(r.stock_reservado).toBe(Number(stored.stock_reservado));
    expect(units(r.stock_disponible)).toBe(units(stockDisponible(r.stock_actual, r.stock_reservado)));
    expect(r.bajo_stock).toBe(isLowStock(r.stock_actual, r.stock_minimo));
  }
  // "Obra con reservas" (presupuestos.reserva_activa): active and with pauta lines, as the model says.
  const flags = await q("select id, reserva_activa from presupuestos where id = any($1) order by id", [m.works.map((w) => w.id)]);
  for (const f of flags) {
    const w = m.works.find((x) => x.id === f.id)!;
    expect(f.reserva_activa, `presupuesto ${w.numero} reserva_activa`).toBe(!w.final && m.lines.some((l) => l.quote === w.id));
  }
}

type Real = { check(m: Model): Promise<void> };
type Cmd = fc.AsyncCommand<Model, Real>;
const always = () => true;
const qtyArb = fc.oneof(fc.integer({ min: 1, max: 12 }), fc.integer({ min: 1, max: 1200 }).map((n) => n / 100));

class PautaBatch implements Cmd {
  constructor(readonly work: number, readonly items: { code: number; cantidad: number }[]) {}
  check = always;
  async run(m: Model, r: Real) {
    const w = m.works[this.work % m.works.length];
    const items = this.items.map((i) => ({ codigo: m.codes[i.code % m.codes.length], producto: "Bisagra", cantidad: i.cantidad }));
    const res = await t.request({ method: "POST", url: "/api/ot_pautas/herraje/lote", as: "Oficina Técnica", payload: { cliente_id: m.clienteId, presupuesto_id: w.id, numero_presupuesto: w.numero, items } });
    expect(res.statusCode, res.body).toBe(201);
    const stored = await q("select id, codigo, cantidad::text as cantidad from pautas where presupuesto_id = $1", [w.id]);
    m.lines = m.lines.filter((l) => l.quote !== w.id).concat(stored.map((s) => ({ id: s.id, quote: w.id, codigo: s.codigo, cantidad: units(s.cantidad) })));
    await r.check(m);
  }
  toString = () => `lote(${this.work}, ${JSON.stringify(this.items)})`;
}

class PautaEdit implements Cmd {
  constructor(readonly line: number, readonly cantidad: number) {}
  check = (m: Readonly<Model>) => m.lines.length > 0;
  async run(m: Model, r: Real) {
    const l = m.lines[this.line % m.lines.length];
    const res = await t.request({ method: "PUT", url: `/api/ot_pautas/herraje/${l.id}`, as: "Oficina Técnica", payload: { cantidad: this.cantidad } });
    expect(res.statusCode, res.body).toBe(200);
    l.cantidad = units(this.cantidad);
    await r.check(m);
  }
  toString = () => `editarPauta(${this.line}, ${this.cantidad})`;
}

class PautaDelete implements Cmd {
  constructor(readonly line: number) {}
  check = (m: Readonly<Model>) => m.lines.length > 0;
  async run(m: Model, r: Real) {
    const l = m.lines[this.line % m.lines.length];
    const res = await t.request({ method: "DELETE", url: `/api/ot_pautas/herraje/${l.id}`, as: "Oficina Técnica" });
    expect(res.statusCode, res.body).toBeLessThan(300);
    m.lines = m.lines.filter((x) => x !== l);
    await r.check(m);
  }
  toString = () => `borrarPauta(${this.line})`;
}

class Separado implements Cmd {
  constructor(readonly line: number) {}
  check = (m: Readonly<Model>) => m.lines.length > 0;
  async run(m: Model, r: Real) {
    const l = m.lines[this.line % m.lines.length];
    const res = await t.request({ method: "PATCH", url: `/api/stock-reservado/herraje/${l.id}`, as: "Bodega", payload: { separado: true } });
    expect(res.statusCode, res.body).toBe(200);
    await r.check(m);
  }
  toString = () => `separar(${this.line})`;
}

class CreateProduct implements Cmd {
  constructor(readonly code: number) {}
  check = always;
  async run(m: Model, r: Real) {
    const codigo = m.codes[this.code % m.codes.length];
    const res = await t.request({ method: "POST", url: "/api/materiales", as: "Adquisiciones", payload: { codigo, producto: `Producto ${codigo}` } });
    expect(res.statusCode, res.body).toBe(m.created.has(codigo) ? 409 : 201);
    m.created.add(codigo);
    m.stock.set(codigo, m.stock.get(codigo) ?? 0);
    await r.check(m);
  }
  toString = () => `crearProducto(${this.code})`;
}

/** Existing products only: an exit or an adjustment of an unknown code is a 404 elsewhere. */
const productOf = (m: Model, code: number) => {
  const made = m.codes.filter((c) => m.created.has(c));
  return made[code % made.length];
};

class Adjust implements Cmd {
  constructor(readonly code: number, readonly diferencia: number) {}
  check = (m: Readonly<Model>) => m.created.size > 0;
  async run(m: Model, r: Real) {
    const codigo = productOf(m, this.code);
    const stock = m.stock.get(codigo)!;
    const res = await t.request({ method: "POST", url: "/api/ajuste_stock", as: "Bodega", payload: { codigo, diferencia: this.diferencia, stock_visto: fromQtyUnits(stock) } });
    const ok = stock + units(this.diferencia) >= 0;
    expect(res.statusCode, res.body).toBe(ok ? 201 : 409);
    if (ok) m.stock.set(codigo, stock + units(this.diferencia));
    await r.check(m);
  }
  toString = () => `ajuste(${this.code}, ${this.diferencia})`;
}

class Receipt implements Cmd {
  constructor(readonly code: number, readonly cantidad: number) {}
  check = (m: Readonly<Model>) => m.created.size > 0;
  async run(m: Model, r: Real) {
    const codigo = productOf(m, this.code);
    const w = m.works[0];
    const oc = await t.request({
      method: "POST",
      url: "/api/ordenes_compra",
      as: "Adquisiciones",
      payload: { proveedor: "Proveedor paridad", fecha: "2026-03-10", realizado_por: "Paridad", cliente_id: m.clienteId, presupuesto_id: w.id, numero_presupuesto: w.numero, items: [{ codigo, producto: "Bisagra", cantidad: this.cantidad, precio_unitario: 1000 }] },
    });
    expect(oc.statusCode, oc.body).toBe(201);
    const numero_oc = oc.json().numero_oc as number;
    const [item] = await q("select id from items_oc where numero_oc = $1", [numero_oc]);
    const res = await t.request({
      method: "POST",
      url: "/api/ingresar_factura",
      as: "Bodega",
      payload: { ordenes: [{ numero_oc, factura: `F-${m.prefix}-${++m.seq}`, fecha_factura: "2026-03-20", detalles: [{ id: item.id, cantidad_llegada: this.cantidad }] }] },
    });
    expect(res.statusCode, res.body).toBe(200);
    m.stock.set(codigo, m.stock.get(codigo)! + units(this.cantidad));
    await r.check(m);
  }
  toString = () => `recepción(${this.code}, ${this.cantidad})`;
}

class Exit implements Cmd {
  constructor(readonly work: number, readonly code: number, readonly cantidad: number) {}
  check = (m: Readonly<Model>) => m.created.size > 0;
  async run(m: Model, r: Real) {
    const w = m.works[this.work % m.works.length];
    const codigo = productOf(m, this.code);
    const stock = m.stock.get(codigo)!;
    const ok = units(this.cantidad) <= stock;
    const res = await t.request({ method: "POST", url: "/api/registro_salida", as: "Bodega", payload: { codigo, producto: "x", cantidad_salida: this.cantidad, cliente_id: m.clienteId, presupuesto_id: w.id } });
    expect(res.statusCode, res.body).toBe(ok ? 201 : 409);
    if (ok) {
      m.stock.set(codigo, stock - units(this.cantidad));
      m.gone.set(key(w.id, codigo), (m.gone.get(key(w.id, codigo)) ?? 0) + units(this.cantidad));
    }
    await r.check(m);
  }
  toString = () => `salida(${this.work}, ${this.code}, ${this.cantidad})`;
}

class Stage implements Cmd {
  /** recepcion_final changes whether the work is active; the other stages do not. */
  constructor(readonly work: number, readonly campo: "recepcion_final" | "despacho" | "pago") {}
  check = always;
  async run(m: Model, r: Real) {
    const w = m.works[this.work % m.works.length];
    const res = await t.request({ method: "PUT", url: `/api/seguimiento_obras/${w.seguimientoId}/toggle`, as: "Operaciones", payload: { campo: this.campo } });
    expect(res.statusCode, res.body).toBe(200);
    if (this.campo === "recepcion_final") w.final = !w.final;
    expect(res.json().recepcion_final).toBe(w.final);
    await r.check(m);
  }
  toString = () => `etapa(${this.work}, ${this.campo})`;
}

class NewWork implements Cmd {
  check = (m: Readonly<Model>) => m.works.length < 4;
  async run(m: Model, r: Real) {
    m.works.push(await newWork(m));
    await r.check(m);
  }
  toString = () => "obraNueva()";
}

const commands = [
  fc.tuple(fc.nat(3), fc.array(fc.record({ code: fc.nat(3), cantidad: fc.integer({ min: 1, max: 12 }) }), { minLength: 1, maxLength: 4 })).map(([w, i]) => new PautaBatch(w, i)),
  fc.tuple(fc.nat(20), qtyArb).map(([l, c]) => new PautaEdit(l, c)),
  fc.nat(20).map((l) => new PautaDelete(l)),
  fc.nat(20).map((l) => new Separado(l)),
  fc.nat(3).map((c) => new CreateProduct(c)),
  fc.tuple(fc.nat(3), qtyArb, fc.boolean()).map(([c, n, down]) => new Adjust(c, down ? -n : n)),
  fc.tuple(fc.nat(3), qtyArb).map(([c, n]) => new Receipt(c, n)),
  fc.tuple(fc.nat(3), fc.nat(3), qtyArb).map(([w, c, n]) => new Exit(w, c, n)),
  fc.tuple(fc.nat(3), fc.constantFrom("recepcion_final" as const, "recepcion_final" as const, "despacho" as const, "pago" as const)).map(([w, c]) => new Stage(w, c)),
  fc.constant(new NewWork()),
];

async function newWork(m: Model): Promise<Work> {
  const numero = `${m.prefix}-P${m.works.length + 1}`;
  const res = await t.request({ method: "POST", url: "/api/presupuestos", as: "Ventas", payload: { numero, cliente_id: m.clienteId, nombre_obra: `Obra ${numero}` } });
  expect(res.statusCode, res.body).toBe(201);
  const id = res.json().id as number;
  const [s] = await q("select id from seguimiento_obras where presupuesto_id = $1", [id]);
  return { id, numero, seguimientoId: s.id, final: false };
}

async function newModel(): Promise<Model> {
  const prefix = `DS${++run}`;
  const codes = [1, 2, 3, 4].map((i) => `${prefix}-${i}`);
  // Three products exist from the start; the fourth only when a command creates it.
  for (const codigo of codes.slice(0, 3)) {
    const res = await t.request({ method: "POST", url: "/api/materiales", as: "Adquisiciones", payload: { codigo, producto: `Producto ${codigo}` } });
    expect(res.statusCode).toBe(201);
  }
  const clienteId = (await t.request({ method: "POST", url: "/api/clientes", as: "Ventas", payload: { nombre: `Cliente ${prefix}` } })).json().id;
  const m: Model = { prefix, codes, created: new Set(codes.slice(0, 3)), stock: new Map(codes.slice(0, 3).map((c) => [c, 0])), clienteId, works: [], lines: [], gone: new Map(), seq: 0 };
  m.works.push(await newWork(m));
  m.works.push(await newWork(m));
  // Stock to take and pautas that hold it, so exits and stage changes move reservations from the start.
  for (const codigo of codes.slice(0, 3)) {
    const res = await t.request({ method: "POST", url: "/api/ajuste_stock", as: "Bodega", payload: { codigo, diferencia: 30, stock_visto: 0 } });
    expect(res.statusCode, res.body).toBe(201);
    m.stock.set(codigo, units(30));
  }
  for (const w of m.works) {
    const items = codes.map((codigo) => ({ codigo, producto: "Bisagra", cantidad: 6 }));
    const res = await t.request({ method: "POST", url: "/api/ot_pautas/herraje/lote", as: "Oficina Técnica", payload: { cliente_id: m.clienteId, presupuesto_id: w.id, numero_presupuesto: w.numero, items } });
    expect(res.statusCode, res.body).toBe(201);
    const stored = await q("select id, codigo, cantidad::text as cantidad from pautas where presupuesto_id = $1", [w.id]);
    m.lines.push(...stored.map((x) => ({ id: x.id, quote: w.id, codigo: x.codigo, cantidad: units(x.cantidad) })));
  }
  return m;
}

beforeAll(async () => {
  t = await createTestServer();
  for (const r of ["Adquisiciones", "Bodega", "Ventas", "Oficina Técnica", "Operaciones"] as const) await t.tokenFor(r);
  await t.request({ method: "POST", url: "/api/proveedores", as: "Adquisiciones", payload: { proveedor: "Proveedor paridad" } });
});
afterAll(async () => {
  await t?.close();
});

describe("derived figures kept at write time", () => {
  it(`after random writes every maintained figure equals its definition from scratch (${RUNS} runs)`, async () => {
    expect(DERIVED_FIGURES.map((f) => f.name)).toContain("stock_reservado");
    await fc.assert(
      fc.asyncProperty(fc.commands(commands, { maxCommands: 14 }), async (cmds) => {
        const model = await newModel();
        await fc.asyncModelRun(() => ({ model, real: { check } }), cmds);
      }),
      { numRuns: RUNS },
    );
  }, 900_000);

  it("writes at the same moment (batches, exits, recepción final) leave every figure equal to its definition", async () => {
    const m = await newModel();
    const [a, b] = m.works;
    const lote = (w: Work, n: number) =>
      t.request({ method: "POST", url: "/api/ot_pautas/herraje/lote", as: "Oficina Técnica", payload: { cliente_id: m.clienteId, presupuesto_id: w.id, numero_presupuesto: w.numero, items: m.codes.slice(0, 3).map((codigo) => ({ codigo, producto: "Bisagra", cantidad: n })) } });
    const exit = (w: Work, codigo: string) => t.request({ method: "POST", url: "/api/registro_salida", as: "Bodega", payload: { codigo, producto: "x", cantidad_salida: 1, cliente_id: m.clienteId, presupuesto_id: w.id } });
    const toggle = (w: Work) => t.request({ method: "PUT", url: `/api/seguimiento_obras/${w.seguimientoId}/toggle`, as: "Operaciones", payload: { campo: "recepcion_final" } });
    const calls = [];
    for (let i = 0; i < 4; i++) calls.push(lote(a, i + 1), lote(b, i + 2), exit(a, m.codes[i % 3]), exit(b, m.codes[(i + 1) % 3]), toggle(i % 2 ? a : b));
    const answers = await Promise.all(calls);
    for (const r of answers) expect(r.statusCode, r.body).toBeLessThan(300);
    for (const r of await recompute(t.database.db, { fix: false })) expect(r.differences, reportLines([r], false).join("\n")).toEqual([]);
  });

  it("a pauta line written with raw SQL, and a work finished the same way, keep the figure right (the triggers)", async () => {
    const m = await newModel();
    const [w, other] = m.works;
    const reserved = async (codigo: string) => (await q("select stock_reservado::float8 as r from materiales where codigo = $1", [codigo]))[0].r as number;
    // Each new work starts with 6 of each product in its herraje pauta.
    expect(await reserved(m.codes[0])).toBe(12);
    await q("insert into pautas (categoria, cliente_id, presupuesto_id, numero_presupuesto, codigo, producto, cantidad, cantidad_original) values ('vidrio', $1, $2, $3, $4, 'Vidrio', 7, 7)", [m.clienteId, w.id, w.numero, m.codes[0]]);
    expect(await reserved(m.codes[0])).toBe(19);
    await q("update seguimiento_obras set recepcion_final = true where presupuesto_id = $1", [w.id]);
    expect(await reserved(m.codes[0])).toBe(6);
    await q("update seguimiento_obras set recepcion_final = false where presupuesto_id = $1", [w.id]);
    expect(await reserved(m.codes[0])).toBe(19);
    await q("delete from pautas where presupuesto_id = $1 and codigo = $2", [other.id, m.codes[0]]);
    expect(await reserved(m.codes[0])).toBe(13);
  });

  it("a write changes each product by what it changed (a delta: a figure already off stays off by the same), not from every work's lines", async () => {
    const m = await newModel();
    const [w] = m.works;
    const reserved = async (codigo: string) => (await q("select stock_reservado::float8 as r from materiales where codigo = $1", [codigo]))[0].r as number;
    expect(await reserved(m.codes[0])).toBe(12);
    await q("update materiales set stock_reservado = stock_reservado + 100 where codigo = $1", [m.codes[0]]);
    const res = await t.request({ method: "POST", url: "/api/ot_pautas/herraje/lote", as: "Oficina Técnica", payload: { cliente_id: m.clienteId, presupuesto_id: w.id, items: [{ codigo: m.codes[0], producto: "Bisagra", cantidad: 1 }] } });
    expect(res.statusCode, res.body).toBe(201);
    expect(await reserved(m.codes[0])).toBe(113);
    await recompute(t.database.db, { fix: true });
    expect(await reserved(m.codes[0])).toBe(13);
  });

  it("a batch that adds to a line of a code and creates another of the same code (an UPDATE and an INSERT of one statement) counts the pair once", async () => {
    const m = await newModel();
    const [w] = m.works;
    const reserved = async (codigo: string) => (await q("select stock_reservado::float8 as r from materiales where codigo = $1", [codigo]))[0].r as number;
    // 6 in the herraje pauta, 7 already left: nothing pending for this work (the other holds 6).
    const exit = await t.request({ method: "POST", url: "/api/registro_salida", as: "Bodega", payload: { codigo: m.codes[0], producto: "x", cantidad_salida: 7, cliente_id: m.clienteId, presupuesto_id: w.id } });
    expect(exit.statusCode, exit.body).toBe(201);
    expect(await reserved(m.codes[0])).toBe(6);
    // herraje 6 → 7 (updated) and accesorios 1 (new): 8 asked, 7 left, 1 pending.
    const res = await t.request({
      method: "POST",
      url: "/api/ot_pautas/lote",
      as: "Oficina Técnica",
      payload: { cliente_id: m.clienteId, presupuesto_id: w.id, categorias: { herraje: [{ codigo: m.codes[0], producto: "Bisagra", cantidad: 1 }], accesorios: [{ codigo: m.codes[0], producto: "Bisagra", cantidad: 1 }] } },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ creadas: 1, actualizadas: 1 });
    expect(await reserved(m.codes[0])).toBe(7);
    for (const r of await recompute(t.database.db, { fix: false })) expect(r.differences, reportLines([r], false).join("\n")).toEqual([]);
  });

  it("the flag of a work with reservations (presupuestos.reserva_activa) follows its lines and its recepción final, with raw SQL too", async () => {
    const m = await newModel();
    const [w] = m.works;
    const flag = async () => (await q("select reserva_activa from presupuestos where id = $1", [w.id]))[0].reserva_activa as boolean;
    const listed = async () => {
      const res = await t.request({ method: "GET", url: `/api/stock-reservado/obras?_start=0&_end=50&presupuesto_id=${w.id}`, as: "Bodega" });
      expect(res.statusCode, res.body).toBe(200);
      return (res.json() as { presupuesto_id: number }[]).some((r) => r.presupuesto_id === w.id);
    };
    expect(await flag()).toBe(true); // a new work starts with its herraje pauta
    expect(await listed()).toBe(true);
    await q("update seguimiento_obras set recepcion_final = true where presupuesto_id = $1", [w.id]);
    expect(await flag()).toBe(false);
    expect(await listed()).toBe(false);
    await q("update seguimiento_obras set recepcion_final = false where presupuesto_id = $1", [w.id]);
    expect(await flag()).toBe(true);
    await q("delete from pautas where presupuesto_id = $1", [w.id]);
    expect(await flag()).toBe(false);
    expect(await listed()).toBe(false);
    await q("insert into pautas (categoria, cliente_id, presupuesto_id, numero_presupuesto, codigo, producto, cantidad, cantidad_original) values ('vidrio', $1, $2, $3, $4, 'Vidrio', 1, 1)", [m.clienteId, w.id, w.numero, m.codes[0]]);
    expect(await flag()).toBe(true);
    expect(await listed()).toBe(true);

    // A corrupted flag: reported by the recompute, and repaired.
    await q("update presupuestos set reserva_activa = false where id = $1", [w.id]);
    const checked = await recompute(t.database.db, { fix: false });
    expect(checked.find((r) => r.name === "presupuestos.reserva_activa")!.differences).toEqual([{ key: `presupuesto ${w.id}`, stored: "false", expected: "true" }]);
    await recompute(t.database.db, { fix: true });
    expect(await flag()).toBe(true);
    for (const r of await recompute(t.database.db, { fix: false })) expect(r.differences, reportLines([r], false).join("\n")).toEqual([]);
  });

  it("recompute reports a corrupted figure with --check, fixes it otherwise, with an audit row", async () => {
    const m = await newModel();
    const [w] = m.works;
    const lote = await t.request({ method: "POST", url: "/api/ot_pautas/herraje/lote", as: "Oficina Técnica", payload: { cliente_id: m.clienteId, presupuesto_id: w.id, numero_presupuesto: w.numero, items: [{ codigo: m.codes[1], producto: "Bisagra", cantidad: 5 }] } });
    expect(lote.statusCode).toBe(201);
    // 6 + 5 on the first work, 6 on the second.
    await q("update materiales set stock_reservado = 99 where codigo = $1", [m.codes[1]]);
    await q("update materiales set stock_reservado = 3 where codigo = $1", [m.codes[2]]);

    const checked = await recompute(t.database.db, { fix: false });
    const figure = checked.find((r) => r.name === "stock_reservado")!;
    expect(figure.differences).toEqual([
      { key: m.codes[1], stored: 99, expected: 17 },
      { key: m.codes[2], stored: 3, expected: 12 },
    ]);
    expect(figure.checked).toBeGreaterThanOrEqual(3);
    expect(reportLines(checked, false).join("\n")).toContain(`${m.codes[1]}: guardado 99, según la definición 17`);
    expect((await q("select stock_reservado::float8 as r from materiales where codigo = $1", [m.codes[1]]))[0].r).toBe(99);

    const audits = await t.count("auditoria");
    const fixed = await recompute(t.database.db, { fix: true });
    expect(fixed.find((r) => r.name === "stock_reservado")!.differences).toHaveLength(2);
    expect(reportLines(fixed, true)[0]).toMatch(/^stock_reservado: [\d.]+ revisadas, 2 diferencias \(corregidas\)\./);
    expect(await t.count("auditoria")).toBe(audits + 1);
    const stored = await q("select codigo, stock_reservado::float8 as r from materiales where codigo = any($1) order by codigo", [m.codes.slice(1, 3)]);
    expect(stored).toEqual([
      { codigo: m.codes[1], r: 17 },
      { codigo: m.codes[2], r: 12 },
    ]);
    for (const r of await recompute(t.database.db, { fix: false })) expect(r.differences).toEqual([]);
  });

  it("recompute repairs more than 500 products at once (after a bulk load: one pass over the definition)", async () => {
    const m = await newModel();
    const [w] = m.works;
    const codes = Array.from({ length: 600 }, (_, i) => `${m.prefix}-masivo-${String(i).padStart(3, "0")}`);
    await q("insert into materiales (codigo, producto) select c, 'Masivo ' || c from unnest($1::text[]) c", [codes]);
    await q(
      "insert into pautas (categoria, cliente_id, presupuesto_id, numero_presupuesto, codigo, producto, cantidad, cantidad_original) select 'vidrio', $1, $2, $3, c, 'Vidrio', 4, 4 from unnest($4::text[]) c",
      [m.clienteId, w.id, w.numero, codes.slice(0, 300)],
    );
    await q("update materiales set stock_reservado = 99 where codigo = any($1)", [codes]);
    const fixed = await recompute(t.database.db, { fix: true });
    expect(fixed.find((r) => r.name === "stock_reservado")!.differences.length).toBeGreaterThanOrEqual(600);
    for (const r of await recompute(t.database.db, { fix: false })) expect(r.differences, reportLines([r], false).join("\n")).toEqual([]);
    const stored = await q("select codigo, stock_reservado::float8 as r from materiales where codigo = any($1) order by codigo", [[codes[0], codes[299], codes[300], codes[599]]]);
    expect(stored).toEqual([
      { codigo: codes[0], r: 4 },
      { codigo: codes[299], r: 4 },
      { codigo: codes[300], r: 0 },
      { codigo: codes[599], r: 0 },
    ]);
  });
});

/** `npm run recompute` itself, on a PGlite data directory (DATA_DIR), as an operator runs it. */
describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))("npm run recompute", () => {
  const cli = (dataDir: string, args: string[]) =>
    new Promise<{ code: number; out: string }>((resolve) => {
      const child = spawn(process.execPath, ["--import", "tsx", "scripts/recompute.ts", ...args], { env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "" }, cwd: process.cwd() });
      let out = "";
      child.stdout.on("data", (d) => (out += d));
      child.stderr.on("data", (d) => (out += d));
      child.on("close", (code) => resolve({ code: code ?? -1, out }));
    });

  it("--check reports the corrupted product and exits 1; without it the figure is fixed", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "ventanal-recompute-"));
    try {
      // A server's data directory (a copy of the run's template: migrated, its first administrator).
      const database = await openServerTestDatabase({ dataDir });
      await database.pool.query("insert into materiales (codigo, producto) values ('RC-1', 'Producto corrupto')");
      await database.pool.query("update materiales set stock_reservado = 12 where codigo = 'RC-1'");
      await database.close();

      const check = await cli(dataDir, ["--check"]);
      expect(check.out).toContain("RC-1: guardado 12, según la definición 0");
      expect(check.code, check.out).toBe(1);
      const fix = await cli(dataDir, []);
      expect(fix.out).toContain("1 diferencia (corregida)");
      expect(fix.code, fix.out).toBe(0);
      const again = await cli(dataDir, ["--check"]);
      expect(again.out).toContain("Todas las cifras derivadas coinciden con su definición.");
      expect(again.code, again.out).toBe(0);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 180_000);
});
