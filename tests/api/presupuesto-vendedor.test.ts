// GET api/presupuestos/{id}/vendedor: the user who made the quote (presupuestos.creado_por),
// printed on the quote's PDF as the salesperson.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestServer, type TestServer } from "../helpers";

let t: TestServer;
beforeAll(async () => {
  t = await createTestServer();
});
afterAll(() => t.close());

async function quoteBy(as: "Ventas" | "Gerencia", numero: string): Promise<number> {
  const c = await t.request({ method: "POST", url: "/api/clientes", as, payload: { nombre: `Cliente ${numero}` } });
  expect(c.statusCode, c.body).toBe(201);
  const p = await t.request({ method: "POST", url: "/api/presupuestos", as, payload: { cliente_id: c.json().id, numero } });
  expect(p.statusCode, p.body).toBe(201);
  return p.json().id as number;
}

describe("GET api/presupuestos/{id}/vendedor", () => {
  it("names the user who created the quote, whoever asks", async () => {
    const id = await quoteBy("Ventas", "V-1");
    const res = await t.request({ method: "GET", url: `/api/presupuestos/${id}/vendedor`, as: "Bodega" });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ vendedor: { nombre: "Usuario Ventas", correo: "ventas@test.cl", telefono: null } });
  });

  it("null for a quote without its author (made before the column, no audit row)", async () => {
    const id = await quoteBy("Gerencia", "V-2");
    await t.database.pool.query("update presupuestos set creado_por = null where id = $1", [id]);
    const res = await t.request({ method: "GET", url: `/api/presupuestos/${id}/vendedor`, as: "Ventas" });
    expect(res.json()).toEqual({ vendedor: null });
  });

  it("404 for an unknown quote, 400 for a bad id, 401 without a session", async () => {
    expect((await t.request({ method: "GET", url: "/api/presupuestos/999999/vendedor", as: "Ventas" })).statusCode).toBe(404);
    expect((await t.request({ method: "GET", url: "/api/presupuestos/abc/vendedor", as: "Ventas" })).statusCode).toBe(400);
    expect((await t.request({ method: "GET", url: "/api/presupuestos/1/vendedor" })).statusCode).toBe(401);
  });
});
