// Strict JSON types in request bodies (issue 23.12): a text field takes only a JSON
// string, a number field only a JSON number, a flag only true or false, an id only a
// positive integer. A value of another type is a 400 naming the field and nothing is
// written; it is never converted (12345 is not "12345"). Query strings, where every value
// is text, keep reading numbers from text. PGlite and PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestServer, type TestServer } from "../helpers";

let t: TestServer;
let clienteId: number;
let presupuestoId: number;

const post = (url: string, payload: unknown, as: "Ventas" | "Adquisiciones" | "Bodega" | "Oficina Técnica" = "Ventas") =>
  t.request({ method: "POST", url, as, payload: payload as object });
const counts = async (table: string) => ({ rows: await t.count(table), auditoria: await t.count("auditoria") });

beforeAll(async () => {
  t = await createTestServer();
  for (const role of ["Ventas", "Adquisiciones", "Bodega", "Oficina Técnica", "Operaciones"] as const) await t.tokenFor(role);
  clienteId = (await post("/api/clientes", { nombre: "Inmobiliaria Los Robles" })).json().id;
  presupuestoId = (await post("/api/presupuestos", { numero: "2025-0101", cliente_id: clienteId })).json().id;
});
afterAll(() => t.close());

describe("23.12 strict JSON types", () => {
  it("23.12 POST api/clientes with nombre: 12345 is a 400 naming nombre; nothing written", async () => {
    const before = await counts("clientes");
    for (const body of [{ nombre: 12345 }, { nombre: "Ana", telefono: 912345678 }, { nombre: "Ana", rut: 76086428 }, { nombre: true }]) {
      const res = await post("/api/clientes", body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      const field = Object.keys(body).find((k) => typeof (body as Record<string, unknown>)[k] !== "string")!;
      expect(res.json().errors, JSON.stringify(body)).toEqual({ [field]: ["Debe ser un texto"] });
    }
    expect(await counts("clientes")).toEqual(before);
  });

  it("23.12 POST api/proveedores with proveedor: 12345 is a 400 naming proveedor; nothing written", async () => {
    const before = await counts("proveedores");
    const res = await post("/api/proveedores", { proveedor: 12345 }, "Adquisiciones");
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ proveedor: ["Debe ser un texto"] });
    const days = await post("/api/proveedores", { proveedor: "Vidrios Andes", dias_credito: "30" }, "Adquisiciones");
    expect(days.statusCode).toBe(400);
    expect(Object.keys(days.json().errors)).toEqual(["dias_credito"]);
    expect(await counts("proveedores")).toEqual(before);
    // The same body with its JSON types is stored.
    const ok = await post("/api/proveedores", { proveedor: "Vidrios Andes", dias_credito: 30 }, "Adquisiciones");
    expect(ok.statusCode).toBe(201);
    expect(ok.json()).toMatchObject({ proveedor: "Vidrios Andes", dias_credito: 30 });
  });

  it("23.12 numbers are JSON numbers: numeric text, a text id or a text flag are 400 on their field; JSON numbers work", async () => {
    const before = await counts("items_presupuesto");
    const cases: [Record<string, unknown>, string][] = [
      [{ presupuesto_id: String(presupuestoId) }, "presupuesto_id"],
      [{ presupuesto_id: presupuestoId, ancho: "1200" }, "ancho"],
      [{ presupuesto_id: presupuestoId, precio_unitario: "189.990" }, "precio_unitario"],
      [{ presupuesto_id: presupuestoId, grada_buque: "true" }, "grada_buque"],
      [{ presupuesto_id: presupuestoId, adicional: 1 }, "adicional"],
      [{ presupuesto_id: presupuestoId, item: 1 }, "item"],
    ];
    for (const [body, field] of cases) {
      const res = await post("/api/items_presupuesto", body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(Object.keys(res.json().errors), JSON.stringify(body)).toEqual([field]);
    }
    expect(await counts("items_presupuesto")).toEqual(before);
    const ok = await post("/api/items_presupuesto", { presupuesto_id: presupuestoId, item: "1", ancho: 1200, alto: 1050.5, grada_buque: true, cantidad: 2, precio_unitario: 189990 });
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json()).toMatchObject({ ancho: 1200, alto: 1050.5, grada_buque: true, cantidad: 2, precio_unitario: 189990 });
  });

  it("23.12 the other areas' bodies too: a material's price, an adjustment, a pauta quantity, a supplier invoice amount", async () => {
    const material = await post("/api/materiales", { codigo: "10001", producto: "Perfil", precio_unitario: "2.490,5" }, "Adquisiciones");
    expect(material.statusCode).toBe(400);
    expect(Object.keys(material.json().errors)).toEqual(["precio_unitario"]);
    expect((await post("/api/materiales", { codigo: 10001, producto: "Perfil" }, "Adquisiciones")).json().errors).toEqual({ codigo: ["Debe ser un texto"] });
    expect((await post("/api/materiales", { codigo: "10001", producto: "Perfil", precio_unitario: 2490.5 }, "Adquisiciones")).statusCode).toBe(201);
    const ajuste = await post("/api/ajuste_stock", { codigo: "10001", diferencia: "3" }, "Bodega");
    expect(ajuste.statusCode).toBe(400);
    expect(Object.keys(ajuste.json().errors)).toEqual(["diferencia"]);
    const pauta = await post(
      "/api/ot_pautas/vidrio/lote",
      { cliente_id: clienteId, presupuesto_id: presupuestoId, items: [{ codigo: "10001", producto: "Perfil", cantidad: "2" }] },
      "Oficina Técnica",
    );
    expect(pauta.statusCode).toBe(400);
    expect(Object.keys(pauta.json().errors)).toEqual(["items.0.cantidad"]);
    const factura = await post("/api/facturas_guias", { proveedor: "Vidrios Andes", numero_factura: 5001, fecha: "2026-03-05" }, "Bodega");
    expect(factura.statusCode).toBe(400);
    expect(factura.json().errors).toEqual({ numero_factura: ["Debe ser un texto"] });
    expect(await t.count("facturas_guias")).toBe(0);
  });

  it("23.12 query strings still read numbers and ids from text", async () => {
    const res = await t.request({ method: "GET", url: `/api/ot_pautas/vidrio?cliente_id=${clienteId}&presupuesto_id=${presupuestoId}`, as: "Oficina Técnica" });
    expect(res.statusCode).toBe(200);
    const resumen = await t.request({ method: "GET", url: `/api/pagos_clientes/resumen?presupuesto_id=${presupuestoId}`, as: "Operaciones" });
    expect(resumen.statusCode, resumen.body).toBe(200);
  });
});
