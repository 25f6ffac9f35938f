// Materials: GET/POST api/materiales, GET api/materiales/sugerencias, GET api/precio-material.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestServer, type TestServer } from "../helpers";

let t: TestServer;
beforeAll(async () => {
  t = await createTestServer();
  await t.tokenFor("Adquisiciones");
  await t.tokenFor("Bodega");
});
afterAll(() => t.close());

const post = (payload: unknown, as: "Adquisiciones" | "Bodega" | null = "Adquisiciones") =>
  t.request({ method: "POST", url: "/api/materiales", as, payload: payload as object });

describe("POST api/materiales", () => {
  it("creates a product with stock 0, unit UN, and an audit row", async () => {
    const audits = await t.count("auditoria");
    const res = await post({ codigo: " 20015 ", producto: "Perfil riel superior 2 vías" });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ codigo: "20015", producto: "Perfil riel superior 2 vías", unidad: "UN", precio_unitario: 0, stock_minimo: 0, stock_actual: 0 });
    expect(await t.count("auditoria")).toBe(audits + 1);
    const audit = await t.database.pool.query("select entidad, entidad_id from auditoria order by id desc limit 1");
    expect(audit.rows[0]).toEqual({ entidad: "materiales", entidad_id: "20015" });
  });

  it("takes unit, price (decimals) and minimum when sent", async () => {
    const res = await post({ codigo: "30020", producto: "Silicona neutra", unidad: "TUBO", precio_unitario: 2490.5, stock_minimo: 12 });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ unidad: "TUBO", precio_unitario: 2490.5, stock_minimo: 12 });
  });

  it("409 for a code or a product name (ignoring case) that exists, nothing written", async () => {
    const before = await t.count("materiales");
    const sameCode = await post({ codigo: "20015", producto: "Otro nombre" });
    expect(sameCode.statusCode).toBe(409);
    expect(sameCode.json().errors.codigo).toEqual(["Ya existe un material con ese código"]);
    const sameName = await post({ codigo: "20016", producto: "PERFIL RIEL SUPERIOR 2 VÍAS" });
    expect(sameName.statusCode).toBe(409);
    expect(sameName.json().errors.producto).toEqual(["Este nombre de producto ya existe."]);
    expect(await t.count("materiales")).toBe(before);
  });

  it("400 with field errors for missing code and product, nothing written", async () => {
    const before = await t.count("materiales");
    const audits = await t.count("auditoria");
    const res = await post({ codigo: "", precio_unitario: -1 });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toMatchObject({
      codigo: ["El código es obligatorio"],
      producto: ["El nombre del producto es obligatorio"],
      precio_unitario: ["El precio no puede ser negativo"],
    });
    expect(await t.count("materiales")).toBe(before);
    expect(await t.count("auditoria")).toBe(audits);
  });

  it("401 without a session, 403 for Bodega (purchasing creates products)", async () => {
    expect((await post({ codigo: "1", producto: "x" }, null)).statusCode).toBe(401);
    expect((await post({ codigo: "1", producto: "x" }, "Bodega")).statusCode).toBe(403);
  });
});

describe("GET api/materiales and suggestions", () => {
  it("lists every product by code; pages with X-Total-Count; 400 for an undeclared filter", async () => {
    const all = await t.request({ method: "GET", url: "/api/materiales", as: "Bodega" });
    expect(all.statusCode).toBe(200);
    expect(all.json().map((m: { codigo: string }) => m.codigo)).toEqual(["20015", "30020"]);
    const page = await t.request({ method: "GET", url: "/api/materiales?q=silicona&_start=0&_end=10", as: "Bodega" });
    expect(page.json()).toHaveLength(1);
    expect(page.headers["x-total-count"]).toBe("1");
    const bad = await t.request({ method: "GET", url: "/api/materiales?color=rojo", as: "Bodega" });
    expect(bad.statusCode).toBe(400);
  });

  it("suggests by code or name, ignoring accents, exact code first", async () => {
    const res = await t.request({ method: "GET", url: "/api/materiales/sugerencias?q=vias", as: "Bodega" });
    expect(res.json().map((m: { codigo: string }) => m.codigo)).toEqual(["20015"]);
    const exact = await t.request({ method: "GET", url: "/api/materiales/sugerencias?q=30020", as: "Bodega" });
    expect(exact.json()[0].codigo).toBe("30020");
  });
});

describe("GET api/precio-material", () => {
  it("answers the last price, 404 for an unknown code, 400 without a code", async () => {
    const ok = await t.request({ method: "GET", url: "/api/precio-material?codigo=30020", as: "Bodega" });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ codigo: "30020", producto: "Silicona neutra", precio_unitario: 2490.5, unidad: "TUBO" });
    const missing = await t.request({ method: "GET", url: "/api/precio-material?codigo=99999", as: "Bodega" });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe("Material no encontrado");
    expect((await t.request({ method: "GET", url: "/api/precio-material", as: "Bodega" })).statusCode).toBe(400);
  });
});
