// Model-based test of the stock ledger against the real API in-process (fast-check
// fc.commands): create material, receive, exit, adjust in random order, 200 runs. After
// every command each product's stock_actual equals the sum of its movements and the
// model's figure, and no movement ever left a balance below 0. Receipts come from
// purchasing (another area): here they go through the same ledger call in-process.
// Exits and adjustments also try quantities with a fifth decimal, which the API refuses
// (issue 23.4). Each run uses fresh material codes on one app (PGlite by default). After
// the runs, the whole database is checked: every product's stock equals the sum of its
// movements and its last balance, and every quantity column keeps 4 decimals.
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fromQtyUnits, toQtyUnits } from "../../src/domain/inventory/quantity";
import { MSG_MAXIMO_4_DECIMALES } from "../../src/domain/fields";
import { appendMovement } from "../../server/services/inventory/ledger";
import { write } from "../../server/services/write";
import { createTestServer, type TestServer } from "../helpers";

let t: TestServer;
let clienteId: number;
let presupuestoId: number;
let run = 0;
/** What the runs did, to check the tables hold exactly that and the runs were not empty. */
let created = 0;
let moved = 0;

interface Model {
  prefix: string;
  codes: string[];
  /** Stock per code in ten-thousandths. */
  stock: Map<string, number>;
}
interface Real {
  check(m: Model): Promise<void>;
}

async function checkInvariant(m: Model) {
  if (m.codes.length === 0) return;
  const r = await t.database.pool.query(
    `select m.codigo, m.stock_actual::text as stock,
            coalesce((select sum(cantidad) from movimientos_stock s where s.codigo = m.codigo), 0)::text as suma,
            coalesce((select min(saldo) from movimientos_stock s where s.codigo = m.codigo), 0)::float8 as minimo
       from materiales m where m.codigo like $1 || '-%'`,
    [m.prefix],
  );
  expect(r.rows).toHaveLength(m.codes.length);
  for (const row of r.rows) {
    const expected = m.stock.get(row.codigo)!;
    expect(toQtyUnits(row.stock), `${row.codigo} stock_actual`).toBe(expected);
    expect(toQtyUnits(row.suma), `${row.codigo} Σ movimientos`).toBe(expected);
    expect(row.minimo).toBeGreaterThanOrEqual(0);
  }
}

const quantity = fc.oneof(
  fc.integer({ min: 1, max: 30 }),
  fc.integer({ min: 1, max: 3000 }).map((n) => n / 100),
);
/** What a person may type: mostly valid quantities, sometimes one with a fifth decimal (refused). */
const typed = fc.oneof(
  quantity,
  fc.integer({ min: 1, max: 300_000 }).filter((n) => n % 10 !== 0).map((n) => n / 100_000),
);
const tooPrecise = (q: number) => toQtyUnits(q) / 10_000 !== q;

class CreateMaterial implements fc.AsyncCommand<Model, Real> {
  check = () => true;
  async run(m: Model, r: Real) {
    const codigo = `${m.prefix}-${m.codes.length + 1}`;
    const res = await t.request({ method: "POST", url: "/api/materiales", as: "Adquisiciones", payload: { codigo, producto: `Producto ${codigo}` } });
    expect(res.statusCode).toBe(201);
    m.codes.push(codigo);
    m.stock.set(codigo, 0);
    created++;
    await r.check(m);
  }
  toString = () => "crear";
}

abstract class OnMaterial implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly index: number,
    readonly qty: number,
  ) {}
  check = (m: Readonly<Model>) => m.codes.length > 0;
  code = (m: Model) => m.codes[this.index % m.codes.length];
  abstract run(m: Model, r: Real): Promise<void>;
}

class Receive extends OnMaterial {
  async run(m: Model, r: Real) {
    const codigo = this.code(m);
    await write({ db: t.database.db, user: null, route: "model" }, (tx) =>
      appendMovement(tx, { codigo, tipo: "INGRESO", cantidad: this.qty, precio_unitario: 100, documento: "OC modelo", usuario_id: null }),
    );
    m.stock.set(codigo, m.stock.get(codigo)! + toQtyUnits(this.qty));
    moved++;
    await r.check(m);
  }
  toString = () => `ingreso(${this.index}, ${this.qty})`;
}

class Exit extends OnMaterial {
  async run(m: Model, r: Real) {
    const codigo = this.code(m);
    const res = await t.request({
      method: "POST",
      url: "/api/registro_salida",
      as: "Bodega",
      payload: { codigo, producto: "x", cantidad_salida: this.qty, cliente_id: clienteId, presupuesto_id: presupuestoId },
    });
    const stock = m.stock.get(codigo)!;
    if (tooPrecise(this.qty)) {
      expect(res.statusCode).toBe(400);
      expect(res.json().errors.cantidad_salida).toEqual([MSG_MAXIMO_4_DECIMALES]);
    } else if (toQtyUnits(this.qty) > stock) {
      expect(res.statusCode).toBe(409);
    } else {
      expect(res.statusCode, res.body).toBe(201);
      m.stock.set(codigo, stock - toQtyUnits(this.qty));
      moved++;
    }
    await r.check(m);
  }
  toString = () => `salida(${this.index}, ${this.qty})`;
}

class Adjust extends OnMaterial {
  constructor(
    index: number,
    qty: number,
    readonly down: boolean,
  ) {
    super(index, qty);
  }
  async run(m: Model, r: Real) {
    const codigo = this.code(m);
    const diferencia = this.down ? -this.qty : this.qty;
    const res = await t.request({ method: "POST", url: "/api/ajuste_stock", as: "Bodega", payload: { codigo, diferencia } });
    const stock = m.stock.get(codigo)!;
    if (tooPrecise(this.qty)) {
      expect(res.statusCode).toBe(400);
      expect(res.json().errors.diferencia).toEqual([MSG_MAXIMO_4_DECIMALES]);
    } else if (stock + toQtyUnits(diferencia) < 0) {
      expect(res.statusCode).toBe(409);
    } else {
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().stock_nuevo).toBe(fromQtyUnits(stock + toQtyUnits(diferencia)));
      m.stock.set(codigo, stock + toQtyUnits(diferencia));
      moved++;
    }
    await r.check(m);
  }
  toString = () => `ajuste(${this.index}, ${this.down ? "-" : "+"}${this.qty})`;
}

const commands = [
  fc.constant(new CreateMaterial()),
  fc.tuple(fc.nat(9), quantity).map(([i, q]) => new Receive(i, q)),
  fc.tuple(fc.nat(9), typed).map(([i, q]) => new Exit(i, q)),
  fc.tuple(fc.nat(9), typed, fc.boolean()).map(([i, q, d]) => new Adjust(i, q, d)),
];

beforeAll(async () => {
  t = await createTestServer();
  await t.tokenFor("Adquisiciones");
  await t.tokenFor("Bodega");
  await t.tokenFor("Ventas");
  clienteId = (await t.request({ method: "POST", url: "/api/clientes", as: "Ventas", payload: { nombre: "Cliente modelo" } })).json().id;
  presupuestoId = (await t.request({ method: "POST", url: "/api/presupuestos", as: "Ventas", payload: { numero: "M-1", cliente_id: clienteId, nombre_obra: "Obra modelo" } })).json().id;
});
afterAll(() => t.close());

describe("stock ledger model", () => {
  it("stock_actual = Σ movements = the model after every command, never below 0 (200 runs)", async () => {
    await fc.assert(
      fc.asyncProperty(fc.commands(commands, { maxCommands: 12 }), async (cmds) => {
        const model: Model = { prefix: `M${++run}`, codes: [], stock: new Map() };
        await fc.asyncModelRun(() => ({ model, real: { check: checkInvariant } }), cmds);
      }),
      { numRuns: 200 },
    );
    expect(run).toBe(200);
    // Every accepted command left exactly one row; every refused one (409) none.
    expect(created).toBeGreaterThan(0);
    expect(moved).toBeGreaterThan(0);
    expect(await t.count("materiales")).toBe(created);
    expect(await t.count("movimientos_stock")).toBe(moved);
    // And the database refuses to rewrite history.
    await expect(t.database.pool.query("update movimientos_stock set cantidad = 1")).rejects.toThrow(/solo inserción/);
    await expect(t.database.pool.query("delete from movimientos_stock")).rejects.toThrow(/solo inserción/);
  }, 240_000);

  it("23.4 quantities drift: after the model's commands, every product's movements add up to its stock and its last balance, with 4 decimals at most", async () => {
    // A fifth decimal never reaches a table (the model tried many; these are explicit).
    const codigo = "Q23-1";
    expect((await t.request({ method: "POST", url: "/api/materiales", as: "Adquisiciones", payload: { codigo, producto: "Cantidades 23.4", stock_minimo: 1.00001 } })).statusCode).toBe(400);
    expect((await t.request({ method: "POST", url: "/api/materiales", as: "Adquisiciones", payload: { codigo, producto: "Cantidades 23.4" } })).statusCode).toBe(201);
    await write({ db: t.database.db, user: null, route: "model" }, (tx) =>
      appendMovement(tx, { codigo, tipo: "INGRESO", cantidad: 10, precio_unitario: 100, documento: "OC modelo", usuario_id: null }),
    );
    const salida = await t.request({ method: "POST", url: "/api/registro_salida", as: "Bodega", payload: { codigo, cantidad_salida: 1.23456, cliente_id: clienteId, presupuesto_id: presupuestoId } });
    expect(salida.statusCode).toBe(400);
    expect(salida.json().errors.cantidad_salida).toEqual([MSG_MAXIMO_4_DECIMALES]);
    const ajuste = await t.request({ method: "POST", url: "/api/ajuste_stock", as: "Bodega", payload: { codigo, diferencia: -0.00005 } });
    expect(ajuste.statusCode).toBe(400);
    expect(ajuste.json().errors.diferencia).toEqual([MSG_MAXIMO_4_DECIMALES]);
    expect((await t.request({ method: "POST", url: "/api/registro_salida", as: "Bodega", payload: { codigo, cantidad_salida: 1.2345, cliente_id: clienteId, presupuesto_id: presupuestoId } })).statusCode).toBe(201);

    const q = async (text: string) => (await t.database.pool.query(text)).rows;
    // Σ movements = stock_actual = the last movement's balance, for every product.
    expect(
      await q(`select m.codigo, m.stock_actual::text, x.suma::text, x.ultimo::text
                 from materiales m
                 left join (select codigo, sum(cantidad) suma,
                                   (array_agg(saldo order by id desc))[1] ultimo
                              from movimientos_stock group by codigo) x on x.codigo = m.codigo
                where m.stock_actual <> coalesce(x.suma, 0) or m.stock_actual <> coalesce(x.ultimo, 0)`),
    ).toEqual([]);
    // Every balance is the running sum of its product's movements.
    expect(
      await q(`select id, codigo, saldo::text from (
                 select id, codigo, saldo, sum(cantidad) over (partition by codigo order by id) corrido from movimientos_stock) s
                where saldo <> corrido`),
    ).toEqual([]);
    // Every adjustment's new stock is its previous stock plus its difference; exits match their movements.
    expect(await q("select id from ajustes_stock where stock_nuevo <> stock_anterior + diferencia")).toEqual([]);
    expect(await q("select s.id from salidas_inventario s join movimientos_stock m on m.salida_id = s.id where m.cantidad <> -s.cantidad")).toEqual([]);
    expect(Number((await q("select count(*) n from movimientos_stock where codigo = 'Q23-1'"))[0].n)).toBe(2);
    expect((await q("select stock_actual::text s from materiales where codigo = 'Q23-1'"))[0].s).toBe("8.7655");

    // Every quantity column is numeric(18,4): a fifth decimal cannot even be stored.
    const columns = await q(`select table_name || '.' || column_name c, numeric_precision p, numeric_scale s
                               from information_schema.columns
                              where table_schema = current_schema() and (table_name, column_name) in (${QUANTITY_COLUMNS.map((c) => `('${c.replace(".", "','")}')`).join(", ")})
                              order by 1`);
    expect(columns).toEqual([...QUANTITY_COLUMNS].sort().map((c) => ({ c, p: 18, s: 4 })));
  });
});

/** Every column that holds a quantity of material, windows or stock. */
const QUANTITY_COLUMNS = [
  "materiales.stock_actual",
  "materiales.stock_minimo",
  "movimientos_stock.cantidad",
  "movimientos_stock.saldo",
  "salidas_inventario.cantidad",
  "ajustes_stock.stock_anterior",
  "ajustes_stock.diferencia",
  "ajustes_stock.stock_nuevo",
  "solicitudes_bodega.cantidad",
  "pautas.cantidad",
  "pautas.cantidad_original",
  "items_oc.cantidad",
  "items_oc.cantidad_llegada",
  "recepciones_oc_items.cantidad_anterior",
  "recepciones_oc_items.cantidad_llegada",
  "recepciones_oc_items.diferencia",
  "items_presupuesto.cantidad",
];
