// A list's total never counts a whole table (issue 22.5: a page costs the same at ten
// times the data). Every table's row count is kept by triggers in the writing transaction
// (cambios_tabla.filas, migration table_row_counts) and an unfiltered list's
// X-Total-Count is read from it; a filtered list counts up to the next thousand past the
// page's end and then says "more than N" (X-Total-Count N + 1, X-Total-Count-Capped).
import { asc, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clienteRow } from "../../src/domain/sales/schemas";
import { clientes } from "../../server/db/schema";
import { COUNT_STEP, countBound, defineList } from "../../server/lists/define";
import { createTestServer, type TestServer } from "../helpers";

let t: TestServer;
beforeAll(async () => {
  t = await createTestServer();
  await t.tokenFor("Informático");
});
afterAll(() => t.close());

/** The kept row count of a table (sum over the sessions' rows). */
async function kept(table: string): Promise<number> {
  const { rows } = await t.database.pool.query("select coalesce(sum(filas), 0)::int as n from cambios_tabla where tabla = $1", [table]);
  return (rows[0] as { n: number }).n;
}

const bulkUsers = (from: number, to: number, rol = "Bodega") =>
  t.database.pool.query(
    `insert into usuarios (nombre, correo, rol, password_hash) select 'Total ' || g, 'total' || g || '@x.cl', '${rol}', 'x' from generate_series(${from}, ${to}) g`,
  );

describe("every table's row count is kept by its triggers", () => {
  it("inserts add, deletes subtract (cascades too), a rolled-back write leaves it, TRUNCATE empties it", async () => {
    const pool = t.database.pool;
    expect(await kept("usuarios")).toBe(await t.count("usuarios"));
    await bulkUsers(1, 30);
    expect(await kept("usuarios")).toBe(await t.count("usuarios"));
    await pool.query("delete from usuarios where correo like 'total1%@x.cl'");
    expect(await kept("usuarios")).toBe(await t.count("usuarios"));

    const cliente = (await pool.query("insert into clientes (nombre) values ('Cuenta Filas') returning id")).rows[0].id as number;
    const quote = (await pool.query("insert into presupuestos (numero, cliente_id, fecha) values ('CF-1', $1, '2026-01-10') returning id", [cliente])).rows[0].id as number;
    await pool.query(
      `insert into items_presupuesto (presupuesto_id, tipo_ventana, tipo_apertura) select $1, 'Proyectante', 'Derecha' from generate_series(1, 4) g`,
      [quote],
    );
    const items = await t.count("items_presupuesto");
    expect(items).toBeGreaterThanOrEqual(4);
    expect(await kept("items_presupuesto")).toBe(items);
    await pool.query("delete from presupuestos where id = $1", [quote]); // its items go by the cascade
    expect(await t.count("items_presupuesto")).toBe(items - 4);
    expect(await kept("items_presupuesto")).toBe(items - 4);
    expect(await kept("presupuestos")).toBe(await t.count("presupuestos"));
    expect(await kept("clientes")).toBe(await t.count("clientes"));

    if (t.database.kind === "postgres") {
      const client = await pool.connect();
      try {
        await client.query("begin");
        await client.query("insert into clientes (nombre) values ('Deshecho')");
        await client.query("rollback");
      } finally {
        client.release();
      }
    }
    expect(await kept("clientes")).toBe(await t.count("clientes"));

    await pool.query("create table prueba_filas (id serial primary key, v int)");
    await pool.query("insert into prueba_filas (v) select g from generate_series(1, 7) g");
    await pool.query("select ventanal_seguir_cambios()"); // a table of a later migration: counted when it gets its triggers
    expect(await kept("prueba_filas")).toBe(7);
    await pool.query("insert into prueba_filas (v) values (8), (9)");
    expect(await kept("prueba_filas")).toBe(9);
    await pool.query("truncate prueba_filas");
    expect(await kept("prueba_filas")).toBe(0);
    await pool.query("drop table prueba_filas");
  });
});

describe("an unfiltered list's total is the kept row count", () => {
  it("a page without conditions reads cambios_tabla, not count(*) over the table", async () => {
    const total = await t.count("usuarios");
    const page = await t.request({ method: "GET", url: "/api/usuarios?_start=0&_end=5&_sort=id&_order=desc", as: "Informático" });
    expect(page.headers["x-total-count"]).toBe(String(total));
    expect(page.headers["x-total-count-capped"]).toBeUndefined();
    // Shown by skewing the kept count on purpose (then put back): the total follows it.
    const clients = await t.count("clientes");
    const skew = (by: number) => t.database.pool.query("update cambios_tabla set filas = filas + $1 where tabla = 'clientes' and sesion = (select max(sesion) from cambios_tabla where tabla = 'clientes')", [by]);
    await skew(1000);
    try {
      const list = defineList({ name: "clientes-totales", table: clientes, row: clienteRow, fields: { id: { sort: true } }, defaultSort: [asc(clientes.id)], tieBreaker: clientes.id });
      const { total: read } = await list.read(t.database.db, { _start: 0, _end: 5 });
      expect(read).toBe(clients + 1000);
      const json = await list.readJson(t.database.db, { _start: 0, _end: 5 });
      expect(json.total).toBe(clients + 1000);
    } finally {
      await skew(-1000);
    }
    expect(await kept("clientes")).toBe(clients);
  });
});

describe("a filtered list counts up to the next thousand past the page's end", () => {
  it("countBound: the next multiple of 1,000 above the page's end", () => {
    expect(COUNT_STEP).toBe(1000);
    expect(countBound(50)).toBe(1000);
    expect(countBound(999)).toBe(1000);
    expect(countBound(1000)).toBe(2000);
    expect(countBound(1050)).toBe(2000);
  });

  it("below the bound the total is exact; at it, X-Total-Count is bound + 1 and X-Total-Count-Capped says so", async () => {
    await bulkUsers(5001, 6204, "Fábrica"); // 1,204 users of one role
    const fabrica = Number((await t.database.db.execute<{ n: number }>(sql`select count(*)::int as n from usuarios where rol = 'Fábrica'`)).rows[0].n);
    expect(fabrica).toBeGreaterThan(1000);
    expect(fabrica).toBeLessThan(2000);

    const first = await t.request({ method: "GET", url: "/api/usuarios?_start=0&_end=20&rol=F%C3%A1brica", as: "Informático" });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toHaveLength(20);
    expect(first.headers["x-total-count"]).toBe("1001");
    expect(first.headers["x-total-count-capped"]).toBe("true");
    expect(String(first.headers["access-control-expose-headers"])).toMatch(/X-Total-Count-Capped/);

    // Past row 1,000 the bound is 2,000: the count is exact again.
    const later = await t.request({ method: "GET", url: "/api/usuarios?_start=1000&_end=1020&rol=F%C3%A1brica", as: "Informático" });
    expect(later.headers["x-total-count"]).toBe(String(fabrica));
    expect(later.headers["x-total-count-capped"]).toBeUndefined();

    // A filter with few rows: exact, no header.
    const few = await t.request({ method: "GET", url: "/api/usuarios?_start=0&_end=20&rol=Ventas", as: "Informático" });
    const ventas = Number((await t.database.db.execute<{ n: number }>(sql`select count(*)::int as n from usuarios where rol = 'Ventas'`)).rows[0].n);
    expect(few.headers["x-total-count"]).toBe(String(ventas));
    expect(few.headers["x-total-count-capped"]).toBeUndefined();
  });
});
