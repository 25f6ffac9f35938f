// The stock ledger (server/services/inventory/ledger.ts): stock_actual always equals
// the sum of a product's movements, never goes below 0, and the movements table is
// append-only in the database itself.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { materiales, movimientos_stock } from "../../server/db/schema";
import { appendMovement, lockMateriales } from "../../server/services/inventory/ledger";
import { write, type ServiceContext } from "../../server/services/write";
import { createTestServer, type TestServer } from "../helpers";

let server: TestServer;
let ctx: ServiceContext;

beforeAll(async () => {
  server = await createTestServer();
  ctx = { db: server.database.db, user: null, route: "test ledger" };
  await server.database.db.insert(materiales).values([
    { codigo: "10001", producto: "Perfil marco 5020", precio_unitario: 1000 },
    { codigo: "10002", producto: "Burlete EPDM", precio_unitario: 50 },
  ]);
});
afterAll(() => server.close());

const move = (codigo: string, tipo: "INGRESO" | "SALIDA" | "AJUSTE", cantidad: number, precio?: number) =>
  write(ctx, (tx) => appendMovement(tx, { codigo, tipo, cantidad, precio_unitario: precio, documento: "prueba", usuario_id: null }));

async function stockOf(codigo: string) {
  const [m] = await server.database.db.select().from(materiales).where(eq(materiales.codigo, codigo));
  const [{ suma }] = await server.database.db
    .select({ suma: sql<string>`coalesce(sum(${movimientos_stock.cantidad}), 0)` })
    .from(movimientos_stock)
    .where(eq(movimientos_stock.codigo, codigo));
  return { stock: m.stock_actual, suma: Number(suma), precio: m.precio_unitario };
}

describe("ledger", () => {
  it("moves stock and keeps it equal to the sum of movements, with the balance on each row", async () => {
    const a = await move("10001", "INGRESO", 12.5, 1200);
    expect(a).toMatchObject({ stock_anterior: 0, saldo: 12.5, precio_anterior: 1000 });
    await move("10001", "SALIDA", -2.3);
    await move("10001", "AJUSTE", 0.1);
    expect(await stockOf("10001")).toEqual({ stock: 10.3, suma: 10.3, precio: 1200 });
    const rows = await server.database.db.select().from(movimientos_stock).where(eq(movimientos_stock.codigo, "10001"));
    expect(rows.map((r) => r.saldo)).toEqual([12.5, 10.2, 10.3]);
  });

  it("refuses to go below 0 with 409 and writes nothing", async () => {
    const before = await server.count("movimientos_stock");
    await expect(move("10002", "SALIDA", -1)).rejects.toMatchObject({ code: "conflict", message: "Stock insuficiente para 10002: hay 0" });
    expect(await server.count("movimientos_stock")).toBe(before);
    expect(await stockOf("10002")).toMatchObject({ stock: 0, suma: 0 });
  });

  it("refuses an unknown product (404) and a movement of the wrong sign (400)", async () => {
    await expect(move("99999", "INGRESO", 1)).rejects.toMatchObject({ code: "not_found" });
    await expect(move("10002", "INGRESO", -1)).rejects.toMatchObject({ code: "validation" });
    await expect(move("10002", "AJUSTE", 0)).rejects.toMatchObject({ code: "validation" });
  });

  it("locks several products in one order", async () => {
    await write(ctx, async (tx) => {
      await lockMateriales(tx, ["10002", "10001", "10002"]);
      await appendMovement(tx, { codigo: "10002", tipo: "INGRESO", cantidad: 5, documento: "prueba", usuario_id: null });
    });
    expect((await stockOf("10002")).stock).toBe(5);
  });

  it("the database refuses UPDATE, DELETE and TRUNCATE on movements", async () => {
    const pool = server.database.pool;
    await expect(pool.query("update movimientos_stock set cantidad = 1")).rejects.toThrow(/solo inserción/);
    await expect(pool.query("delete from movimientos_stock")).rejects.toThrow(/solo inserción/);
    await expect(pool.query("truncate movimientos_stock")).rejects.toThrow(/solo inserción/);
  });
});
