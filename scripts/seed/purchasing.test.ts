import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../server/db/connect";
import { openDemoDatabase } from "./test-fixture";
import { isValidRut } from "../../src/domain/fields/rut";

let database: Database;
beforeAll(async () => {
  database = await openDemoDatabase(); // a copy of the run's demo database
});
afterAll(() => database.close());

const rows = async (sql: string) => (await database.pool.query(sql)).rows;

describe("purchasing seed, demo scale", () => {
  it("writes 8 suppliers with valid RUTs and 50 orders (5 per client) with items, numbered by date", async () => {
    const [c] = await rows("select (select count(*) from proveedores)::int p, (select count(*) from ordenes_compra)::int o, (select count(*) from items_oc)::int i");
    expect(c.p).toBe(8);
    expect(c.o).toBe(50);
    expect(c.i).toBeGreaterThan(50);
    for (const { rut } of await rows("select rut from proveedores")) expect(isValidRut(rut), rut).toBe(true);
    const [{ desordenadas }] = await rows("select count(*)::int desordenadas from ordenes_compra a join ordenes_compra b on b.numero_oc = a.numero_oc + 1 where b.fecha < a.fecha");
    expect(desordenadas).toBe(0);
  });

  it("every arrived quantity is the sum of its receipts, entered into stock as INGRESO at the item's price", async () => {
    const bad = await rows(`select i.id from items_oc i left join (select item_id, sum(diferencia) s from recepciones_oc_items group by item_id) r on r.item_id = i.id
      where i.cantidad_llegada <> coalesce(r.s, 0) or i.cantidad_llegada > i.cantidad`);
    expect(bad).toEqual([]);
    const [m] = await rows(`select (select coalesce(sum(diferencia), 0)::float8 from recepciones_oc_items) recibido,
      (select coalesce(sum(cantidad), 0)::float8 from movimientos_stock where tipo = 'INGRESO' and numero_oc is not null) ingresado`);
    expect(m.ingresado).toBe(m.recibido);
    const [{ estados }] = await rows("select count(distinct (select bool_and(cantidad_llegada >= cantidad) from items_oc i where i.numero_oc = o.numero_oc))::int estados from ordenes_compra o");
    expect(estados).toBe(2);
    const drift = await rows("select m.codigo from materiales m left join (select codigo, sum(cantidad) s from movimientos_stock group by codigo) x on x.codigo = m.codigo where m.stock_actual <> coalesce(x.s, 0)");
    expect(drift).toEqual([]);
  });
});
