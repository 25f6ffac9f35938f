import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../server/app";
import { loadConfig } from "../../server/config";
import type { Database } from "../../server/db/connect";
import { openMigratedTestDatabase } from "../../tests/helpers";
import { openDemoDatabase } from "./test-fixture";
import { isValidRut } from "../../src/domain/fields/rut";
import { computeItemUtv } from "../../src/domain/sales/utv";
import { lineTotal } from "../../src/domain/money/vat";
import { ROLES } from "../../src/domain/roles/roles";
import { DEMO_LOGINS, DEMO_PASSWORD, seed } from "./index";
import { recompute } from "../recompute-lib";

let database: Database;
beforeAll(async () => {
  database = await openDemoDatabase(); // a copy of the run's demo database
});
afterAll(() => database.close());

const rows = async (sql: string) => (await database.pool.query(sql)).rows;

describe("seed, demo scale", () => {
  it("creates one user per role who can log in with the demo password", async () => {
    expect(DEMO_LOGINS.map((u) => u.rol)).toEqual([...ROLES]);
    const users = await rows("select correo, rol from usuarios order by id");
    expect(users).toEqual(DEMO_LOGINS.map((u) => ({ correo: u.correo, rol: u.rol })));
    const app = await buildApp({ database, config: { ...loadConfig({}), webDir: undefined }, logger: false });
    try {
      const res = await app.inject({ method: "POST", url: "/api/login", payload: { correo: "ventas@ventanal.cl", contrasena: DEMO_PASSWORD } });
      expect(res.statusCode).toBe(200);
      expect(res.json().usuario.rol).toBe("Ventas");
    } finally {
      await app.close();
    }
  });

  it("writes 10 clients with valid, distinct RUTs, 25 quotes each with a tracking row, 200 items", async () => {
    const [c] = await rows(`select (select count(*) from clientes)::int clientes, (select count(*) from presupuestos)::int presupuestos,
      (select count(*) from seguimiento_obras)::int seguimiento, (select count(*) from items_presupuesto)::int items,
      (select count(*) from presupuestos p where not exists (select 1 from seguimiento_obras s where s.presupuesto_id = p.id))::int sin_seguimiento,
      (select count(*) from clientes c where not exists (select 1 from presupuestos p where p.cliente_id = c.id))::int sin_presupuesto`);
    expect(c).toEqual({ clientes: 10, presupuestos: 25, seguimiento: 25, items: 200, sin_seguimiento: 0, sin_presupuesto: 0 });
    const ruts = (await rows("select rut from clientes where rut is not null")).map((r) => r.rut);
    expect(ruts.length).toBeGreaterThan(0);
    for (const rut of ruts) expect(isValidRut(rut), rut).toBe(true);
    expect(new Set(ruts).size).toBe(ruts.length);
    const [{ n, distintos }] = await rows("select count(*)::int n, count(distinct nombre)::int distintos from clientes");
    expect(distintos).toBe(n);
  });

  it("stores the domain's UTV on items and the sum of line totals on quotes", async () => {
    const items = await rows("select presupuesto_id, tipo_ventana, observaciones, adicional, cuadros_adicionales, cantidad, precio_unitario, utv, utv_monto from items_presupuesto");
    const sums = new Map<number, number>();
    for (const it of items) {
      const { utv, utv_monto } = computeItemUtv(it);
      expect({ utv: it.utv, utv_monto: it.utv_monto }).toEqual({ utv, utv_monto });
      sums.set(it.presupuesto_id, (sums.get(it.presupuesto_id) ?? 0) + lineTotal(it.cantidad, it.precio_unitario));
    }
    for (const q of await rows("select id, total_neto_presupuestado from presupuestos")) expect(q.total_neto_presupuestado).toBe(sums.get(q.id));
  });

  it("writes a product catalogue of the eight categories with 5-digit codes, and every stock equals the sum of its movements", async () => {
    const products = await rows("select codigo, producto, stock_actual from materiales");
    expect(products.length).toBe(160);
    for (const p of products) expect(p.codigo).toMatch(/^[1-8]\d{4}$/);
    expect(new Set(products.map((p) => p.codigo[0])).size).toBe(8);
    const [{ desfasados }] = await rows(`select count(*)::int desfasados from materiales m
      where m.stock_actual <> coalesce((select sum(cantidad) from movimientos_stock s where s.codigo = m.codigo), 0)`);
    expect(desfasados).toBe(0);
  });

  it("writes the warehouse history: exits and adjustments each with their movement, no balance below 0, requests", async () => {
    const [c] = await rows(`select (select count(*) from movimientos_stock)::int movimientos, (select count(*) from salidas_inventario)::int salidas,
      (select count(*) from ajustes_stock)::int ajustes, (select count(*) from solicitudes_bodega)::int solicitudes,
      (select count(*) from movimientos_stock where saldo < 0)::int negativos,
      (select count(*) from salidas_inventario s where not exists (select 1 from movimientos_stock m where m.salida_id = s.id and m.cantidad = -s.cantidad))::int salidas_sin_mov,
      (select count(*) from ajustes_stock a where not exists (select 1 from movimientos_stock m where m.ajuste_id = a.id and m.cantidad = a.diferencia))::int ajustes_sin_mov`);
    expect(c.movimientos).toBeGreaterThanOrEqual(160 * 6);
    expect(c.salidas).toBeGreaterThan(100);
    expect(c.ajustes).toBeGreaterThanOrEqual(160);
    expect(c.solicitudes).toBe(24);
    expect({ negativos: c.negativos, salidas_sin_mov: c.salidas_sin_mov, ajustes_sin_mov: c.ajustes_sin_mov }).toEqual({ negativos: 0, salidas_sin_mov: 0, ajustes_sin_mov: 0 });
  });

  it("leaves every derived figure equal to its definition (set once after the bulk inserts, the reserved-stock triggers being off during them)", async () => {
    for (const r of await recompute(database.db, { fix: false })) expect(r.differences, r.name).toEqual([]);
    const [{ reservados }] = await rows("select count(*)::int reservados from materiales where stock_reservado > 0");
    expect(reservados).toBeGreaterThan(0);
    // The seed switched them off only around its own inserts: every one is on again.
    const triggers = await rows(`select t.tgname, t.tgenabled from pg_trigger t join pg_proc p on p.oid = t.tgfoid where p.proname like 'ventanal\\_reservado\\_%' order by 1`);
    expect(triggers.length).toBeGreaterThanOrEqual(14);
    expect(triggers.filter((t) => t.tgenabled !== "O")).toEqual([]);
  });

  it("is deterministic: a second database gets the same rows", async () => {
    const other = await openMigratedTestDatabase(); // seeded here, from scratch
    try {
      await seed(other, { scale: "demo" });
      const dump = async (db: Database) =>
        (await db.pool.query("select c.nombre, c.rut, p.numero, p.fecha, p.total_neto_presupuestado from presupuestos p join clientes c on c.id = p.cliente_id order by p.id")).rows;
      expect(await dump(other)).toEqual(await dump(database));
    } finally {
      await other.close();
    }
  });
});
