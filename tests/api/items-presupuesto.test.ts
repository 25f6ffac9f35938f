import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestServer, type TestServer } from "../helpers";
import { computeItemUtv } from "../../src/domain/sales/utv";

let t: TestServer;
let quoteId: number;
let otherQuoteId: number;

beforeAll(async () => {
  t = await createTestServer();
  for (const role of ["Ventas", "Bodega", "Operaciones"] as const) await t.tokenFor(role);
  const c = (await t.request({ method: "POST", url: "/api/clientes", as: "Ventas", payload: { nombre: "Casa Fuentes", rut: "11.111.111-1" } })).json();
  quoteId = (await t.request({ method: "POST", url: "/api/presupuestos", as: "Ventas", payload: { numero: "100", cliente_id: c.id, nombre_obra: "Casa Fuentes" } })).json().id;
  otherQuoteId = (await t.request({ method: "POST", url: "/api/presupuestos", as: "Ventas", payload: { numero: "101", cliente_id: c.id } })).json().id;
});
afterAll(() => t.close());

/** An item as the entry screen sends it (numbers may arrive as text). */
const item = (over: Record<string, unknown> = {}) => ({
  presupuesto_id: quoteId,
  item: "V1",
  recinto: "Living",
  ancho: 1500,
  alto: 1200,
  tipo_ventana: "Doble Corredera",
  tipo_apertura: "Derecha",
  grada_buque: false,
  observaciones: false,
  texto_observaciones: "",
  adicional: false,
  cuadros_adicionales: 0,
  cantidad: 2,
  precio_unitario: 185000,
  utv: 4,
  utv_monto: 80000,
  ...over,
});

async function post(payload: unknown, as: Parameters<TestServer["request"]>[0]["as"] = "Ventas") {
  return t.request({ method: "POST", url: "/api/items_presupuesto", as, payload: payload as object });
}

describe("POST api/items_presupuesto", () => {
  it("creates the item and answers the stored row", async () => {
    const audits = await t.count("auditoria");
    const res = await post(item());
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      id: expect.any(Number),
      presupuesto_id: quoteId,
      item: "V1",
      recinto: "Living",
      ancho: 1500,
      alto: 1200,
      tipo_ventana: "Doble Corredera",
      tipo_apertura: "Derecha",
      grada_buque: false,
      observaciones: false,
      texto_observaciones: null,
      adicional: false,
      cuadros_adicionales: 0,
      cantidad: 2,
      precio_unitario: 185000,
      utv: 4,
      utv_monto: 80000,
    });
    expect(await t.count("auditoria")).toBe(audits + 1);
  });

  it("ignores the utv and utv_monto sent and stores the server's own (computeItemUtv)", async () => {
    // Oscilobatiente (1) + 2 additional frames (0.5 each) = 2 per window, × 3 = 6 UTV = 120,000 pesos.
    const res = await post(item({ tipo_ventana: "Oscilobatiente", adicional: true, cuadros_adicionales: 2, cantidad: 3, utv: 99, utv_monto: 1 }));
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ utv: 6, utv_monto: 120000 });
    const stored = await t.database.pool.query("select utv, utv_monto from items_presupuesto where id = $1", [res.json().id]);
    expect(stored.rows[0]).toEqual({ utv: 6, utv_monto: 120000 });
    expect(computeItemUtv({ tipo_ventana: "Oscilobatiente", adicional: true, cuadros_adicionales: 2, cantidad: 3 })).toMatchObject({ utv: 6, utv_monto: 120000 });
  });

  it("observations flag gives UTV 0; empty quantity counts as 1; decimals are JSON numbers", async () => {
    const obs = await post(item({ observaciones: true, texto_observaciones: "Medida a confirmar", tipo_ventana: "Marco puerta", utv: 5 }));
    expect(obs.json()).toMatchObject({ utv: 0, utv_monto: 0, texto_observaciones: "Medida a confirmar" });
    const noQty = await post(item({ tipo_ventana: "Fijo", cantidad: null, ancho: 1250.5, alto: 900, precio_unitario: 98000 }));
    expect(noQty.statusCode).toBe(201);
    expect(noQty.json()).toMatchObject({ cantidad: null, utv: 0.5, utv_monto: 10000, ancho: 1250.5, alto: 900, precio_unitario: 98000 });
    const lower = await post(item({ tipo_ventana: "proyectante", tipo_apertura: "por definir", presupuesto_id: quoteId }));
    expect(lower.json()).toMatchObject({ tipo_ventana: "Proyectante", tipo_apertura: "Por Definir", utv: 2, utv_monto: 40000 });
  });

  it("400 with field errors and nothing written: non-numeric sizes, negative quantity, unknown type, no quote", async () => {
    const before = await t.count("items_presupuesto");
    const audits = await t.count("auditoria");
    const cases: [unknown, string[]][] = [
      [item({ ancho: "abc", alto: "1,2,3" }), ["ancho", "alto"]],
      [item({ cantidad: -1 }), ["cantidad"]],
      [item({ precio_unitario: -100 }), ["precio_unitario"]],
      [item({ tipo_ventana: "Guillotina" }), ["tipo_ventana"]],
      [item({ tipo_apertura: "Arriba" }), ["tipo_apertura"]],
      [item({ cuadros_adicionales: 1.5, adicional: true }), ["cuadros_adicionales"]],
      [item({ grada_buque: "quizás" }), ["grada_buque"]],
      [item({ presupuesto_id: undefined }), ["presupuesto_id"]],
      [item({ presupuesto_id: "x" }), ["presupuesto_id"]],
      [item({ ancho: 1e9 }), ["ancho"]],
    ];
    for (const [payload, fields] of cases) {
      const res = await post(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(Object.keys(res.json().errors).sort(), JSON.stringify(payload)).toEqual([...fields].sort());
    }
    const notObject = await t.request({ method: "POST", url: "/api/items_presupuesto", as: "Ventas", headers: { "content-type": "application/json" }, payload: '"no es un objeto"' });
    expect(notObject.statusCode).toBe(400);
    expect(await t.count("items_presupuesto")).toBe(before);
    expect(await t.count("auditoria")).toBe(audits);
  });

  it("400 errors.presupuesto_id for a quote that does not exist; nothing written", async () => {
    const before = await t.count("items_presupuesto");
    const res = await post(item({ presupuesto_id: 999_999 }));
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ presupuesto_id: ["El presupuesto seleccionado no existe"] });
    expect(await t.count("items_presupuesto")).toBe(before);
  });

  it("401 without a token and 403 for Bodega; nothing written", async () => {
    const before = await t.count("items_presupuesto");
    expect((await post(item(), null)).statusCode).toBe(401);
    expect((await post(item(), "Bodega")).statusCode).toBe(403);
    expect(await t.count("items_presupuesto")).toBe(before);
    expect((await post(item(), "Operaciones")).statusCode).toBe(201); // any privileged role writes sales
  });
});

describe("GET api/items_presupuesto/presupuesto/{quoteId}", () => {
  it("answers the quote's items ordered by id; [] for a quote without items; 404 unknown quote", async () => {
    const res = await t.request({ method: "GET", url: `/api/items_presupuesto/presupuesto/${quoteId}`, as: "Bodega" });
    expect(res.statusCode).toBe(200);
    const rows = res.json() as { id: number; presupuesto_id: number }[];
    const ids = (await t.database.pool.query("select id from items_presupuesto where presupuesto_id = $1 order by id", [quoteId])).rows.map((r) => r.id);
    expect(rows.map((r) => r.id)).toEqual(ids);
    expect(rows.length).toBeGreaterThan(3);
    expect(rows.every((r) => r.presupuesto_id === quoteId)).toBe(true);
    const empty = await t.request({ method: "GET", url: `/api/items_presupuesto/presupuesto/${otherQuoteId}`, as: "Ventas" });
    expect(empty.json()).toEqual([]);
    const missing = await t.request({ method: "GET", url: "/api/items_presupuesto/presupuesto/999999", as: "Ventas" });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe("El presupuesto no existe.");
    expect((await t.request({ method: "GET", url: "/api/items_presupuesto/presupuesto/abc", as: "Ventas" })).statusCode).toBe(400);
    expect((await t.request({ method: "GET", url: `/api/items_presupuesto/presupuesto/${quoteId}` })).statusCode).toBe(401);
  });
});

describe("PUT api/items_presupuesto/{id}", () => {
  it("replaces the whole row as the edit screen sends it and recomputes UTV", async () => {
    const created = (await post(item())).json();
    const res = await t.request({
      method: "PUT",
      url: `/api/items_presupuesto/${created.id}`,
      as: "Ventas",
      payload: { ...created, recinto: "Dormitorio 1", tipo_ventana: "Doble corredera con fijo", cantidad: 4, utv: 1, utv_monto: 1 },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ...created, recinto: "Dormitorio 1", tipo_ventana: "Doble corredera con fijo", cantidad: 4, utv: 10, utv_monto: 200000 });
    const audit = await t.database.pool.query("select cambios from auditoria where entidad = 'items_presupuesto' and entidad_id = $1 order by id desc limit 1", [String(created.id)]);
    expect(audit.rows[0].cambios).toMatchObject({ recinto: { antes: "Living", despues: "Dormitorio 1" }, utv: { antes: 4, despues: 10 } });
  });

  it("without presupuesto_id the item keeps its quote; another quote is refused (400)", async () => {
    const created = (await post(item())).json();
    const { presupuesto_id: _p, ...withoutQuote } = created;
    const ok = await t.request({ method: "PUT", url: `/api/items_presupuesto/${created.id}`, as: "Ventas", payload: { ...withoutQuote, item: "V9" } });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ presupuesto_id: quoteId, item: "V9" });
    const moved = await t.request({ method: "PUT", url: `/api/items_presupuesto/${created.id}`, as: "Ventas", payload: { ...created, presupuesto_id: otherQuoteId } });
    expect(moved.statusCode).toBe(400);
    expect(moved.json().errors.presupuesto_id).toEqual(["El ítem pertenece a otro presupuesto"]);
  });

  it("400 for invalid data and 404 for an unknown item; the row is unchanged", async () => {
    const created = (await post(item())).json();
    const bad = await t.request({ method: "PUT", url: `/api/items_presupuesto/${created.id}`, as: "Ventas", payload: { ...created, ancho: "ancho", cantidad: -3 } });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors).sort()).toEqual(["ancho", "cantidad"]);
    const missing = await t.request({ method: "PUT", url: "/api/items_presupuesto/999999", as: "Ventas", payload: item() });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe("El ítem no existe.");
    const list = (await t.request({ method: "GET", url: `/api/items_presupuesto/presupuesto/${quoteId}`, as: "Ventas" })).json();
    expect(list.find((r: { id: number }) => r.id === created.id)).toEqual(created);
  });

  it("401 without a token, 403 for Bodega", async () => {
    const created = (await post(item())).json();
    expect((await t.request({ method: "PUT", url: `/api/items_presupuesto/${created.id}`, payload: item() })).statusCode).toBe(401);
    expect((await t.request({ method: "PUT", url: `/api/items_presupuesto/${created.id}`, as: "Bodega", payload: { ...created, cantidad: 9 } })).statusCode).toBe(403);
  });
});

describe("DELETE api/items_presupuesto/{id}", () => {
  it("204, the row is gone and the audit row keeps what was deleted; a second delete is 404", async () => {
    const created = (await post(item({ recinto: "Baño" }))).json();
    const before = await t.count("items_presupuesto");
    const res = await t.request({ method: "DELETE", url: `/api/items_presupuesto/${created.id}`, as: "Ventas" });
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe("");
    expect(await t.count("items_presupuesto")).toBe(before - 1);
    const audit = await t.database.pool.query("select cambios from auditoria where entidad = 'items_presupuesto' and entidad_id = $1 order by id desc limit 1", [String(created.id)]);
    expect(audit.rows[0].cambios).toEqual({ eliminado: created });
    const again = await t.request({ method: "DELETE", url: `/api/items_presupuesto/${created.id}`, as: "Ventas" });
    expect(again.statusCode).toBe(404);
    expect((await t.request({ method: "DELETE", url: "/api/items_presupuesto/0", as: "Ventas" })).statusCode).toBe(400);
  });

  it("checked like the PUT: with presupuesto_id, another quote's item is refused (400) and nothing is deleted", async () => {
    const created = (await post(item({ recinto: "Cocina" }))).json();
    const before = await t.count("items_presupuesto");
    const audits = await t.count("auditoria");
    const wrong = await t.request({ method: "DELETE", url: `/api/items_presupuesto/${created.id}?presupuesto_id=${otherQuoteId}`, as: "Ventas" });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ message: "El ítem pertenece a otro presupuesto", errors: { presupuesto_id: ["El ítem pertenece a otro presupuesto"] } });
    expect(await t.count("items_presupuesto")).toBe(before);
    expect(await t.count("auditoria")).toBe(audits);
    const bad = await t.request({ method: "DELETE", url: `/api/items_presupuesto/${created.id}?presupuesto_id=abc`, as: "Ventas" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.presupuesto_id).toEqual(["Debe seleccionar un presupuesto"]);
    const unknownParam = await t.request({ method: "DELETE", url: `/api/items_presupuesto/${created.id}?presupuesto=${quoteId}`, as: "Ventas" });
    expect(unknownParam.statusCode).toBe(400);
    expect(await t.count("items_presupuesto")).toBe(before);
    const missing = await t.request({ method: "DELETE", url: `/api/items_presupuesto/999999?presupuesto_id=${quoteId}`, as: "Ventas" });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe("El ítem no existe.");
    const right = await t.request({ method: "DELETE", url: `/api/items_presupuesto/${created.id}?presupuesto_id=${quoteId}`, as: "Ventas" });
    expect(right.statusCode).toBe(204);
    expect(await t.count("items_presupuesto")).toBe(before - 1);
  });

  it("401 without a token, 403 for Bodega; nothing deleted", async () => {
    const created = (await post(item())).json();
    const before = await t.count("items_presupuesto");
    expect((await t.request({ method: "DELETE", url: `/api/items_presupuesto/${created.id}` })).statusCode).toBe(401);
    expect((await t.request({ method: "DELETE", url: `/api/items_presupuesto/${created.id}`, as: "Bodega" })).statusCode).toBe(403);
    expect(await t.count("items_presupuesto")).toBe(before);
  });
});
