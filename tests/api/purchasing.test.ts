// Purchasing: every supplier and purchase-order call of section 7, POST api/ingresar_factura
// and ours POST api/ordenes_compra/borradores. On PGlite (npm test) and PostgreSQL
// (npm run test:api:pg).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rutCheckDigit } from "../../src/domain/fields/rut";
import { MSG_PROVEEDOR_NO_VALIDO } from "../../src/domain/purchasing/order-form";
import { MSG_ESTADO_OC_INVALIDO } from "../../src/domain/purchasing/order-state";
import { MSG_PROVEEDOR_NOMBRE_OBLIGATORIO } from "../../src/domain/purchasing/supplier";
import { ingresarFactura } from "../../server/services/purchasing/ingresar-factura";
import type { ServiceContext } from "../../server/services/write";
import { createTestServer, type TestServer } from "../helpers";

type As = "Adquisiciones" | "Bodega" | "Ventas" | "Gerencia" | null;

let t: TestServer;
let proveedorId: number;
let clienteId: number;
let quoteId: number;

const req = (method: "GET" | "POST" | "PUT" | "DELETE", url: string, payload?: unknown, as: As = "Adquisiciones") =>
  t.request({ method, url, as, ...(payload === undefined ? {} : { payload: payload as object }) });

const q = async (text: string, params: unknown[] = []) => (await t.database.pool.query(text, params)).rows;

async function stockOf(codigo: string): Promise<{ stock: number; precio: number }> {
  const [r] = await q("select stock_actual::float8 stock, precio_unitario::float8 precio from materiales where codigo = $1", [codigo]);
  return r;
}

function orderBody(extra: Record<string, unknown> = {}) {
  return {
    proveedor: "aluminios del sur",
    fecha: "2026-03-10",
    realizado_por: "Carla Rojas",
    comentario: "Entregar en bodega",
    cliente_id: "Constructora Andes",
    numero_presupuesto: "P-100",
    items: [
      { codigo: "PER-001", producto: "Perfil 20x20", cantidad: 10, precio_unitario: 1500, total: 15000, unidad: "UN" },
      { codigo: "TOR-002", producto: "Tornillo 8x1", cantidad: 2.5, precio_unitario: 100.4, unidad: "" },
    ],
    ...extra,
  };
}

beforeAll(async () => {
  t = await createTestServer();
  for (const r of ["Adquisiciones", "Bodega", "Ventas", "Gerencia"] as const) await t.tokenFor(r);
  const c = await q("insert into clientes (nombre) values ('Constructora Andes') returning id");
  clienteId = c[0].id;
  const p = await q("insert into presupuestos (numero, cliente_id, nombre_obra, fecha) values ('P-100', $1, 'Edificio Los Robles', '2026-03-01') returning id", [clienteId]);
  quoteId = p[0].id;
  await q("insert into seguimiento_obras (presupuesto_id) values ($1)", [quoteId]);
  await q(
    "insert into materiales (codigo, producto, precio_unitario) values ('PER-001','Perfil 20x20',1400),('TOR-002','Tornillo 8x1',90),('VID-003','Vidrio 4mm',8000),('GOM-004','Goma EPDM',300)",
  );
  const res = await req("POST", "/api/proveedores", { proveedor: "Aluminios del Sur", rut: `76086428-5`, banco: "Banco Estado", tipo_de_cuenta: "Corriente", numero_cuenta: "123456", dias_credito: 30 });
  expect(res.statusCode).toBe(201);
  proveedorId = res.json().id;
});
afterAll(() => t.close());

describe("proveedores", () => {
  it("creates a supplier with the RUT normalized and an audit row; lists, pages and suggests it", async () => {
    const audits = await t.count("auditoria");
    const res = await req("POST", "/api/proveedores", { proveedor: " Vidrios Lirquén ", rut: `${77_111_222}-${rutCheckDigit(77_111_222)}`, dias_credito: 45 });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ proveedor: "Vidrios Lirquén", rut: `77.111.222-${rutCheckDigit(77_111_222)}`, dias_credito: 45, banco: null });
    expect(await t.count("auditoria")).toBe(audits + 1);
    const [a] = await q("select entidad, ruta from auditoria order by id desc limit 1");
    expect(a).toEqual({ entidad: "proveedores", ruta: "POST /api/proveedores" });

    const all = await req("GET", "/api/proveedores");
    expect(all.json().map((p: { proveedor: string }) => p.proveedor)).toEqual(["Aluminios del Sur", "Vidrios Lirquén"]);
    const page = await req("GET", "/api/proveedores?_start=0&_end=1&q=lirquen");
    expect(page.headers["x-total-count"]).toBe("1");
    expect(page.json()[0].proveedor).toBe("Vidrios Lirquén");
    expect((await req("GET", "/api/proveedores?bogus=1")).statusCode).toBe(400);
    const sug = await req("GET", "/api/proveedores/sugerencias?q=alum");
    expect(sug.json().map((p: { id: number }) => p.id)).toEqual([proveedorId]);
    // The bank account only to the roles that write suppliers (32.3.4).
    expect((await req("GET", `/api/proveedores/${proveedorId}`, undefined, "Bodega")).json()).not.toHaveProperty("numero_cuenta");
    expect((await req("GET", `/api/proveedores/${proveedorId}`)).json().numero_cuenta).toBe("123456");
  });

  it("400 with the section 5 message and nothing written: blank name, bad RUT, non-numeric credit days", async () => {
    const before = await t.count("proveedores");
    const audits = await t.count("auditoria");
    const res = await req("POST", "/api/proveedores", { proveedor: "  ", rut: "12.345.678-4", dias_credito: "treinta" });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.errors.proveedor).toEqual([MSG_PROVEEDOR_NOMBRE_OBLIGATORIO]);
    expect(body.errors.rut).toEqual(["RUT inválido: revise el dígito verificador"]);
    expect(body.errors.dias_credito).toEqual(["Los días de crédito deben ser un número entero entre 0 y 365."]);
    expect(await t.count("proveedores")).toBe(before);
    expect(await t.count("auditoria")).toBe(audits);
  });

  it("409 for a repeated name (any case) or RUT; PUT updates, 404 for an unknown id; 403 for Bodega writing", async () => {
    const dup = await req("POST", "/api/proveedores", { proveedor: "ALUMINIOS DEL SUR" });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().errors.proveedor).toEqual(["Ya existe un proveedor con ese nombre"]);
    const dupRut = await req("POST", "/api/proveedores", { proveedor: "Otro", rut: "76.086.428-5" });
    expect(dupRut.statusCode).toBe(409);
    expect(dupRut.json().errors.rut).toBeDefined();

    const put = await req("PUT", `/api/proveedores/${proveedorId}`, { proveedor: "Aluminios del Sur", rut: "76086428-5", vendedor: "Pedro", banco: "Banco Estado", tipo_de_cuenta: "Corriente", numero_cuenta: "123456", dias_credito: 30 });
    expect(put.statusCode).toBe(200);
    expect(put.json().vendedor).toBe("Pedro");
    const [a] = await q("select cambios from auditoria order by id desc limit 1");
    expect(a.cambios).toEqual({ vendedor: { antes: null, despues: "Pedro" } });
    expect((await req("PUT", "/api/proveedores/999999", { proveedor: "X" })).statusCode).toBe(404);
    expect((await req("POST", "/api/proveedores", { proveedor: "Desde bodega" }, "Bodega")).statusCode).toBe(403);
    expect((await req("GET", "/api/proveedores", undefined, null)).statusCode).toBe(401);
  });
});

describe("ordenes_compra", () => {
  let numero: number;

  it("creates an order with the number asked for, the client by name, the work and costs; ultima_oc follows", async () => {
    expect((await req("GET", "/api/ultima_oc")).json()).toEqual({ ultimo: 0 });
    const audits = await t.count("auditoria");
    const res = await req("POST", "/api/ordenes_compra", orderBody({ numero_oc: 120 }));
    expect(res.statusCode).toBe(201);
    const o = res.json();
    numero = o.numero_oc;
    expect(o).toMatchObject({
      numero_oc: 120,
      proveedor_id: proveedorId,
      proveedor: "Aluminios del Sur",
      fecha: "2026-03-10",
      cliente_id: clienteId,
      cliente_nombre: "Constructora Andes",
      presupuesto_id: quoteId,
      numero_presupuesto: "P-100",
      observacion: "Edificio Los Robles",
      estado: "PENDIENTE",
      // 10 × 1500 + round(2.5 × 100.4 = 251)
      total_neto: 15_251,
    });
    expect(o.detalles).toHaveLength(2);
    expect(o.detalles[1]).toMatchObject({ codigo: "TOR-002", cantidad: 2.5, precio_unitario: 100.4, unidad: "UN", costo_neto: 251, cantidad_llegada: 0 });
    expect(await t.count("auditoria")).toBe(audits + 1);
    expect((await req("GET", "/api/ultima_oc")).json()).toEqual({ ultimo: 120 });
    // The number asked for is taken: the next free one.
    const again = await req("POST", "/api/ordenes_compra", orderBody({ numero_oc: 120, cliente_id: clienteId }));
    expect(again.json().numero_oc).toBe(121);
  });

  it("400 and nothing written: unknown supplier, no client/quote, no items, unknown material", async () => {
    const before = await t.count("ordenes_compra");
    const items = await t.count("items_oc");
    const audits = await t.count("auditoria");
    const bad = await req("POST", "/api/ordenes_compra", orderBody({ proveedor: "Nadie" }));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.proveedor).toEqual([MSG_PROVEEDOR_NO_VALIDO]);
    const noClient = await req("POST", "/api/ordenes_compra", orderBody({ cliente_id: "", numero_presupuesto: "" }));
    expect(noClient.statusCode).toBe(400);
    expect(noClient.json().errors.cliente_id).toEqual(["Debes seleccionar un cliente y un presupuesto antes de guardar la OC."]);
    const noItems = await req("POST", "/api/ordenes_compra", orderBody({ items: [] }));
    expect(noItems.json().errors.items).toEqual(["Por favor completa todos los campos del ítem."]);
    const badItem = await req("POST", "/api/ordenes_compra", orderBody({ items: [{ codigo: "PER-001", producto: "Perfil", cantidad: 0, precio_unitario: null }] }));
    expect(Object.keys(badItem.json().errors).sort()).toEqual(["items.0.cantidad", "items.0.precio_unitario"]);
    const unknown = await req("POST", "/api/ordenes_compra", orderBody({ items: [{ codigo: "NO-EXISTE", producto: "X", cantidad: 1, precio_unitario: 1 }] }));
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors["items.0.codigo"]).toEqual(["El material NO-EXISTE no existe: créelo antes de agregarlo a la OC."]);
    const wrongQuote = await req("POST", "/api/ordenes_compra", orderBody({ numero_presupuesto: "P-999" }));
    expect(wrongQuote.json().errors.numero_presupuesto).toBeDefined();
    expect(await t.count("ordenes_compra")).toBe(before);
    expect(await t.count("items_oc")).toBe(items);
    expect(await t.count("auditoria")).toBe(audits);
    expect((await req("POST", "/api/ordenes_compra", orderBody(), "Bodega")).statusCode).toBe(403);
  });

  it("a creation sent twice with one Idempotency-Key stores one order and answers the same number", async () => {
    const before = await t.count("ordenes_compra");
    const send = () => t.request({ method: "POST", url: "/api/ordenes_compra", as: "Adquisiciones", payload: orderBody(), headers: { "Idempotency-Key": "oc-reintento-1" } });
    const a = await send();
    const b = await send();
    expect(a.statusCode).toBe(201);
    expect(b.json().numero_oc).toBe(a.json().numero_oc);
    expect(await t.count("ordenes_compra")).toBe(before + 1);
  });

  it("50 simultaneous creations asking for the same number get 50 distinct numbers", async () => {
    const start = (await req("GET", "/api/ultima_oc")).json().ultimo + 1;
    const results = await Promise.all(Array.from({ length: 50 }, () => req("POST", "/api/ordenes_compra", orderBody({ numero_oc: start }))));
    expect(results.map((r) => r.statusCode)).toEqual(Array(50).fill(201));
    const numbers = results.map((r) => r.json().numero_oc).sort((a, b) => a - b);
    expect(new Set(numbers).size).toBe(50);
    expect(numbers).toEqual(Array.from({ length: 50 }, (_, i) => start + i));
  });

  it("GET ordenes_compra_estado reads estado in every spelling, pages with its total, and carries detalles", async () => {
    const total = await t.count("ordenes_compra");
    for (const e of ["Pendiente", "PENDIENTE", "pendientes", ""]) {
      const r = await req("GET", `/api/ordenes_compra_estado?estado=${e}&_start=0&_end=5`);
      expect(r.statusCode).toBe(200);
      expect(r.headers["x-total-count"]).toBe(String(total));
      expect(r.json()[0].detalles.length).toBeGreaterThan(0);
    }
    for (const e of ["Completa", "Completas", "COMPLETA"]) {
      const r = await req("GET", `/api/ordenes_compra_estado?estado=${e}`);
      expect(r.json()).toEqual([]);
    }
    const bad = await req("GET", "/api/ordenes_compra_estado?estado=abierta");
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.estado).toEqual([MSG_ESTADO_OC_INVALIDO]);
    const plain = await req("GET", "/api/ordenes_compra", undefined, "Bodega");
    expect(plain.json()).toHaveLength(total);
    expect(plain.json()[0].detalles).toBeUndefined();
    const search = await req("GET", "/api/ordenes_compra?q=120");
    expect(search.json().map((o: { numero_oc: number }) => o.numero_oc)).toEqual([120]);
    const sorted = await req("GET", "/api/ordenes_compra?_sort=numero_oc&_order=asc&_start=0&_end=3");
    expect(sorted.json().map((o: { numero_oc: number }) => o.numero_oc)).toEqual([120, 121, 122]);
    expect(sorted.headers["x-total-count"]).toBe(String(total));
    expect((await req("GET", "/api/ordenes_compra?bogus=1")).statusCode).toBe(400);
    expect((await req("GET", "/api/ordenes_compra_estado?_sort=realizado_porx")).statusCode).toBe(400);
    const byCode = await req("GET", "/api/ordenes_compra_estado?codigo_like=tor-002&_start=0&_end=1");
    expect(byCode.headers["x-total-count"]).toBe(String(total));
  });

  it("GET one order with the supplier's transfer data; PUT its comment; 404s", async () => {
    const r = await req("GET", `/api/ordenes_compra/${numero}`);
    expect(r.json()).toMatchObject({ numero_oc: numero, rut_proveedor: "76.086.428-5", rut: "76.086.428-5", banco: "Banco Estado", numero_cuenta: "123456", vendedor: "Pedro", contacto: null, dias_credito: 30, recepciones: [] });
    const put = await req("PUT", `/api/ordenes_compra/${numero}`, { comentario: "Urgente" });
    expect(put.statusCode).toBe(200);
    expect(put.json().comentario).toBe("Urgente");
    expect((await req("GET", "/api/ordenes_compra/999999")).statusCode).toBe(404);
    expect((await req("PUT", "/api/ordenes_compra/999999", { comentario: "x" })).statusCode).toBe(404);
    expect((await req("GET", "/api/items_oc/999999")).statusCode).toBe(404);
  });

  it("items_oc: add, update, delete; code fixed once arrived; 400/404/409", async () => {
    const add = await req("POST", "/api/items_oc", { numero_oc: numero, codigo: "VID-003", producto: "Vidrio 4mm", cantidad: 3, precio_unitario: 8000 });
    expect(add.statusCode).toBe(201);
    const item = add.json();
    expect(item).toMatchObject({ numero_oc: numero, costo_neto: 24_000, unidad: "UN" });
    const upd = await req("PUT", `/api/items_oc/${item.id}`, { codigo: "GOM-004", producto: "Goma EPDM", cantidad: 4, precio_unitario: 350 });
    expect(upd.json()).toMatchObject({ codigo: "GOM-004", costo_neto: 1400 });
    expect((await req("PUT", `/api/items_oc/${item.id}`, { codigo: "NOPE", producto: "x", cantidad: 1, precio_unitario: 1 })).statusCode).toBe(400);
    expect((await req("POST", "/api/items_oc", { numero_oc: 999999, codigo: "VID-003", producto: "Vidrio", cantidad: 1, precio_unitario: 1 })).statusCode).toBe(404);
    const items = (await req("GET", `/api/items_oc/${numero}`)).json();
    expect(items.map((i: { codigo: string }) => i.codigo)).toEqual(["PER-001", "TOR-002", "GOM-004"]);
    const del = await req("DELETE", `/api/items_oc/${item.id}`);
    expect(del.statusCode).toBe(200);
    const [a] = await q("select entidad, cambios from auditoria order by id desc limit 1");
    expect(a.entidad).toBe("items_oc");
    expect(a.cambios.eliminado.id).toBe(item.id);
    expect((await req("DELETE", `/api/items_oc/${item.id}`)).statusCode).toBe(404);
  });
});

describe("ingresar_factura", () => {
  let numero: number;
  let items: { id: number; codigo: string }[];

  beforeAll(async () => {
    const o = (await req("POST", "/api/ordenes_compra", orderBody())).json();
    numero = o.numero_oc;
    items = o.detalles;
  });

  const receipt = (llegadas: [number, number | string][], factura = "F-5531", fecha_factura = "2026-03-15", extra: object = {}) => ({
    ordenes: [{ numero_oc: numero, factura, fecha_factura, detalles: llegadas.map(([i, c]) => ({ id: items[i].id, cantidad_llegada: c, precio_unitario: i === 0 ? 1550 : undefined, observacion_ingreso: "ok", ...extra })) }],
  });

  it("moves the arrived difference into stock at the item's price; the same receipt twice changes stock once", async () => {
    const s0 = await stockOf("PER-001");
    const audits = await t.count("auditoria");
    const r = await req("POST", "/api/ingresar_factura", receipt([[0, 4]]), "Bodega");
    expect(r.statusCode).toBe(200);
    expect(r.json()).toMatchObject({ message: `Factura OC ${numero} ingresada exitosamente.`, ordenes: [{ numero_oc: numero, estado: "PENDIENTE", movimientos: 1 }] });
    expect(await stockOf("PER-001")).toEqual({ stock: s0.stock + 4, precio: 1550 });
    expect(await t.count("auditoria")).toBe(audits + 1);
    const [m] = await q("select tipo, cantidad::float8 c, precio_unitario::float8 p, numero_oc, documento from movimientos_stock order by id desc limit 1");
    expect(m).toEqual({ tipo: "INGRESO", c: 4, p: 1550, numero_oc: numero, documento: `OC ${numero} · Factura F-5531` });

    const again = await req("POST", "/api/ingresar_factura", receipt([[0, 4]]), "Bodega");
    expect(again.statusCode).toBe(200);
    expect(again.json().ordenes[0]).toMatchObject({ recepcion_id: null, movimientos: 0 });
    expect(await stockOf("PER-001")).toEqual({ stock: s0.stock + 4, precio: 1550 });
    expect(await t.count("auditoria")).toBe(audits + 1);
  });

  it("a second invoice completes the order; each receipt is kept on the order", async () => {
    const r = await req("POST", "/api/ingresar_factura", receipt([[0, 10], [1, 2.5]], "F-5600", "2026-03-20"), "Bodega");
    expect(r.json().ordenes[0]).toMatchObject({ estado: "COMPLETA", movimientos: 2 });
    expect((await stockOf("TOR-002")).stock).toBe(2.5);
    const o = (await req("GET", `/api/ordenes_compra/${numero}`, undefined, "Bodega")).json();
    expect(o).toMatchObject({ estado: "COMPLETA", factura: "F-5600", fecha_factura: "2026-03-20" });
    expect(o.recepciones.map((x: { factura: string; usuario_nombre: string | null }) => x.factura)).toEqual(["F-5531", "F-5600"]);
    expect(o.recepciones[1].items.map((x: { codigo: string; cantidad_anterior: number; diferencia: number }) => [x.codigo, x.cantidad_anterior, x.diferencia])).toEqual([
      ["PER-001", 4, 6],
      ["TOR-002", 0, 2.5],
    ]);
    expect(o.recepciones[0].usuario_nombre).toEqual(expect.any(String));
    // State and net are each order's own, whatever the other orders hold.
    const other = (await req("GET", "/api/ordenes_compra/120")).json();
    expect(other).toMatchObject({ estado: "PENDIENTE", total_neto: 15_251 });
    const completas = (await req("GET", "/api/ordenes_compra_estado?estado=Completas")).json();
    expect(completas.map((x: { numero_oc: number }) => x.numero_oc)).toEqual([numero]);
    // An item that arrived cannot be deleted, nor its code changed.
    expect((await req("DELETE", `/api/items_oc/${items[0].id}`)).statusCode).toBe(409);
    expect((await req("PUT", `/api/items_oc/${items[0].id}`, { codigo: "VID-003", producto: "Vidrio 4mm", cantidad: 10, precio_unitario: 1 })).statusCode).toBe(409);
  });

  it("400 and nothing written: a lower arrived quantity than before, missing invoice data, bad numbers", async () => {
    const stock = await stockOf("PER-001");
    const moves = await t.count("movimientos_stock");
    const recs = await t.count("recepciones_oc");
    const audits = await t.count("auditoria");
    const lower = await req("POST", "/api/ingresar_factura", receipt([[0, 3]]), "Bodega");
    expect(lower.statusCode).toBe(400);
    expect(lower.json().errors["ordenes.0.detalles.0.cantidad_llegada"]).toEqual(["La cantidad llegada de PER-001 no puede ser menor que la ya ingresada (10)."]);
    const noInvoice = await req("POST", "/api/ingresar_factura", receipt([[0, 11]], ""), "Bodega");
    expect(noInvoice.statusCode).toBe(400);
    expect(noInvoice.json().errors["ordenes.0.factura"]).toEqual([`Debe ingresar número y fecha de factura para la OC ${numero}.`]);
    const noDate = await req("POST", "/api/ingresar_factura", receipt([[0, 11]], "F-1", ""), "Bodega");
    expect(noDate.json().errors["ordenes.0.fecha_factura"]).toBeDefined();
    expect((await req("POST", "/api/ingresar_factura", receipt([[0, "mucho"]]), "Bodega")).statusCode).toBe(400);
    expect((await req("POST", "/api/ingresar_factura", { ordenes: [] }, "Bodega")).statusCode).toBe(400);
    expect(await stockOf("PER-001")).toEqual(stock);
    expect(await t.count("movimientos_stock")).toBe(moves);
    expect(await t.count("recepciones_oc")).toBe(recs);
    expect(await t.count("auditoria")).toBe(audits);
  });

  it("404 for an unknown order or an item of another order; 401 without a session", async () => {
    expect((await req("POST", "/api/ingresar_factura", { ordenes: [{ numero_oc: 999999, factura: "1", fecha_factura: "2026-03-01", detalles: [] }] }, "Bodega")).statusCode).toBe(404);
    expect((await req("POST", "/api/ingresar_factura", { ordenes: [{ numero_oc: 120, factura: "1", fecha_factura: "2026-03-01", detalles: [{ id: items[0].id, cantidad_llegada: 20 }] }] }, "Bodega")).statusCode).toBe(404);
    expect((await req("POST", "/api/ingresar_factura", receipt([[0, 11]]), null)).statusCode).toBe(401);
  });

  it("the stock of every product equals the sum of its movements", async () => {
    const rows = await q(
      "select m.codigo from materiales m left join (select codigo, sum(cantidad) s from movimientos_stock group by codigo) x on x.codigo = m.codigo where m.stock_actual <> coalesce(x.s, 0)",
    );
    expect(rows).toEqual([]);
  });
});

describe("ordenes_compra/borradores", () => {
  it("groups the shortage by each product's last supplier with its last price and the works that need it", async () => {
    await q("insert into pautas (categoria, cliente_id, presupuesto_id, numero_presupuesto, codigo, producto, cantidad, cantidad_original) values ('vidrio', $1, $2, 'P-100', 'VID-003', 'Vidrio 4mm', 3, 3)", [clienteId, quoteId]);
    const audits = await t.count("auditoria");
    const r = await req("POST", "/api/ordenes_compra/borradores", { faltantes: [{ codigo: "PER-001", cantidad: 6 }, { codigo: "VID-003", cantidad: 2.5 }, { codigo: "GOM-004", cantidad: 1 }] });
    expect(r.statusCode).toBe(200);
    const drafts = r.json();
    expect(drafts[0]).toMatchObject({ proveedor_id: proveedorId, proveedor: "Aluminios del Sur" });
    const per = drafts[0].items.find((i: { codigo: string }) => i.codigo === "PER-001");
    expect(per).toMatchObject({ cantidad: 6, precio_unitario: 1550 });
    const never = drafts.find((d: { proveedor: string | null }) => d.proveedor === null);
    expect(never.items.map((i: { codigo: string }) => i.codigo)).toEqual(["VID-003", "GOM-004"]);
    expect(never.items[0]).toMatchObject({ cantidad: 2.5, precio_unitario: 8000, obras: [{ presupuesto_id: quoteId, numero_presupuesto: "P-100", nombre_obra: "Edificio Los Robles", cliente_nombre: "Constructora Andes" }] });
    expect(await t.count("auditoria")).toBe(audits);
    const bad = await req("POST", "/api/ordenes_compra/borradores", { faltantes: [{ codigo: "NOPE", cantidad: 1 }] });
    expect(bad.statusCode).toBe(400);
    expect((await req("POST", "/api/ordenes_compra/borradores", { faltantes: [] })).statusCode).toBe(400);
  });
});

describe("issue 23: trustworthy receipts", () => {
  let bodegaId: number;
  beforeAll(async () => {
    bodegaId = await t.userIdFor("Bodega");
  });

  /** A fresh order of `items` (codigo, cantidad, precio) and its item ids in that order. */
  async function newOrder(items: [string, number, number][]): Promise<{ numero: number; ids: number[] }> {
    const res = await req("POST", "/api/ordenes_compra", orderBody({ items: items.map(([codigo, cantidad, precio_unitario]) => ({ codigo, producto: codigo, cantidad, precio_unitario })) }));
    expect(res.statusCode, res.body).toBe(201);
    return { numero: res.json().numero_oc, ids: res.json().detalles.map((d: { id: number }) => d.id) };
  }
  const counts = async () => ({
    movimientos: await t.count("movimientos_stock"),
    recepciones: await t.count("recepciones_oc"),
    lineas: await t.count("recepciones_oc_items"),
    auditoria: await t.count("auditoria"),
  });

  it("23.1 phantom stock: a repeated item id or order number in one receipt is a 400 naming the field, and the stock rises once", async () => {
    const { numero, ids } = await newOrder([["GOM-004", 15, 300]]);
    const s0 = await stockOf("GOM-004");
    const before = await counts();
    const line = { id: ids[0], cantidad_llegada: 15 };

    const twiceItem = await req("POST", "/api/ingresar_factura", { ordenes: [{ numero_oc: numero, factura: "F-1", fecha_factura: "2026-03-15", detalles: [line, line] }] }, "Bodega");
    expect(twiceItem.statusCode).toBe(400);
    expect(twiceItem.json().errors["ordenes.0.detalles.1.id"]).toEqual([`El ítem ${ids[0]} está repetido en la OC ${numero}: envíelo una sola vez.`]);

    const order = { numero_oc: numero, factura: "F-1", fecha_factura: "2026-03-15", detalles: [line] };
    const twiceOrder = await req("POST", "/api/ingresar_factura", { ordenes: [order, { ...order, detalles: [] }] }, "Bodega");
    expect(twiceOrder.statusCode).toBe(400);
    expect(twiceOrder.json().errors["ordenes.1.numero_oc"]).toEqual([`La OC ${numero} está repetida en el ingreso: envíela una sola vez.`]);

    expect(await stockOf("GOM-004")).toEqual(s0);
    expect(await counts()).toEqual(before);
    expect((await q("select cantidad_llegada::float8 c from items_oc where id = $1", [ids[0]]))[0].c).toBe(0);

    // The same receipt sent ten times at once moves the 15 units once.
    const all = await Promise.all(Array.from({ length: 10 }, () => req("POST", "/api/ingresar_factura", { ordenes: [order] }, "Bodega")));
    expect(all.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
    expect(all.filter((r) => r.json().ordenes[0].movimientos === 1)).toHaveLength(1);
    expect((await stockOf("GOM-004")).stock).toBe(s0.stock + 15);
    expect(await t.count("recepciones_oc_items")).toBe(before.lineas + 1);

    // Past the schema (a caller in-process), each line is still computed from its item row as
    // this transaction left it: the second copy of a line finds the units already arrived.
    const other = await newOrder([["GOM-004", 7, 300]]);
    const s1 = await stockOf("GOM-004");
    const twice = { id: other.ids[0], cantidad_llegada: 7, precio_unitario: 300, observacion_ingreso: null };
    const done = await ingresarFactura(
      { db: t.database.db, user: { id: bodegaId } as ServiceContext["user"], route: "test" },
      { ordenes: [{ numero_oc: other.numero, factura: "F-2", fecha_factura: "2026-03-15", detalles: [twice, twice] }] },
    );
    expect(done.ordenes[0].movimientos).toBe(1);
    expect((await stockOf("GOM-004")).stock).toBe(s1.stock + 7);

    // And the database refuses a second line of one item in one receipt.
    const [rec] = await q("select recepcion_id, item_id, codigo from recepciones_oc_items where item_id = $1", [ids[0]]);
    await expect(
      q("insert into recepciones_oc_items (recepcion_id, item_id, codigo, cantidad_anterior, cantidad_llegada, diferencia, precio_unitario) values ($1, $2, $3, 0, 15, 15, 300)", [rec.recepcion_id, rec.item_id, rec.codigo]),
    ).rejects.toThrow(/recepciones_oc_items_recepcion_item_uq/);
  });

  it("23.2 receipt price: a changed price on a line that receives nothing is a 400 naming the line; with a quantity it arrives, is kept on the receipt line and audited", async () => {
    const { numero, ids } = await newOrder([["VID-003", 10, 100], ["TOR-002", 5, 90]]);
    const inv = { numero_oc: numero, factura: "F-77", fecha_factura: "2026-03-16" };
    const before = await counts();
    const s0 = await stockOf("VID-003");

    // Bodega's 1 instead of 100, with nothing arriving (missing quantity, or the same cumulative 0).
    for (const detalle of [{ id: ids[0], precio_unitario: 1 }, { id: ids[0], cantidad_llegada: 0, precio_unitario: 1 }]) {
      const r = await req("POST", "/api/ingresar_factura", { ordenes: [{ ...inv, detalles: [{ id: ids[1], cantidad_llegada: 0, precio_unitario: 90 }, detalle] }] }, "Bodega");
      expect(r.statusCode).toBe(400);
      expect(r.json().errors["ordenes.0.detalles.1.precio_unitario"]).toEqual(["El precio de VID-003 solo puede cambiar cuando llega cantidad en este ingreso."]);
    }
    expect((await q("select precio_unitario::float8 p from items_oc where id = $1", [ids[0]]))[0].p).toBe(100);
    expect(await counts()).toEqual(before);
    expect(await stockOf("VID-003")).toEqual(s0);

    // 4 arrive at 120: the order's price becomes 120, the receipt line and the movement keep 120.
    const first = await req("POST", "/api/ingresar_factura", { ordenes: [{ ...inv, detalles: [{ id: ids[0], cantidad_llegada: 4, precio_unitario: 120 }, { id: ids[1], cantidad_llegada: 0, precio_unitario: 90 }] }] }, "Bodega");
    expect(first.statusCode, first.body).toBe(200);
    expect((await q("select precio_unitario::float8 p, costo_neto::float8 n from items_oc where id = $1", [ids[0]]))[0]).toEqual({ p: 120, n: 1200 });
    const [audit] = await q("select usuario_id, entidad, cambios from auditoria order by id desc limit 1");
    expect(audit.usuario_id).toBe(bodegaId);
    expect(audit.entidad).toBe("recepciones_oc");
    expect(audit.cambios.items).toEqual([{ id: ids[0], codigo: "VID-003", cantidad_anterior: 0, cantidad_llegada: 4, diferencia: 4, precio_unitario: 120, precio_oc: { antes: 100, despues: 120 } }]);

    // 6 more arrive at 130: the first receipt line still says 120.
    const second = await req("POST", "/api/ingresar_factura", { ordenes: [{ ...inv, factura: "F-78", detalles: [{ id: ids[0], cantidad_llegada: 10, precio_unitario: 130 }] }] }, "Bodega");
    expect(second.statusCode, second.body).toBe(200);
    const lines = await q("select precio_unitario::float8 p, diferencia::float8 d from recepciones_oc_items where item_id = $1 order by id", [ids[0]]);
    expect(lines).toEqual([{ p: 120, d: 4 }, { p: 130, d: 6 }]);
    const moves = await q("select precio_unitario::float8 p, cantidad::float8 c from movimientos_stock where numero_oc = $1 order by id", [numero]);
    expect(moves).toEqual([{ p: 120, c: 4 }, { p: 130, c: 6 }]);
    expect(await stockOf("VID-003")).toEqual({ stock: s0.stock + 10, precio: 130 });

    // Once everything arrived the price cannot move any more (nothing left to arrive with it).
    const late = await req("POST", "/api/ingresar_factura", { ordenes: [{ ...inv, detalles: [{ id: ids[0], cantidad_llegada: 10, precio_unitario: 1 }] }] }, "Bodega");
    expect(late.statusCode).toBe(400);
    expect((await q("select precio_unitario::float8 p from items_oc where id = $1", [ids[0]]))[0].p).toBe(130);
  });
});

describe("items_oc after a receipt", () => {
  it("an order line's quantity never goes below what already arrived: 409 naming cantidad, nothing written (found by the purchasing model)", async () => {
    const o = (await req("POST", "/api/ordenes_compra", orderBody())).json();
    const line = o.detalles[0] as { id: number; codigo: string };
    const r = await req("POST", "/api/ingresar_factura", { ordenes: [{ numero_oc: o.numero_oc, factura: "F-77", fecha_factura: "2026-03-15", detalles: [{ id: line.id, cantidad_llegada: 4 }] }] }, "Bodega");
    expect(r.statusCode).toBe(200);
    const audits = await t.count("auditoria");
    const below = await req("PUT", `/api/items_oc/${line.id}`, { codigo: line.codigo, producto: "Perfil 20x20", cantidad: 3.5, precio_unitario: 1500 });
    expect(below.statusCode).toBe(409);
    expect(below.json().errors.cantidad[0]).toMatch(/no puede ser menor que lo ya llegado \(4\)/);
    expect(await t.count("auditoria")).toBe(audits);
    const [row] = await q("select cantidad::float8 as cantidad from items_oc where id = $1", [line.id]);
    expect(row.cantidad).toBe(10);
    // Exactly what arrived is fine.
    expect((await req("PUT", `/api/items_oc/${line.id}`, { codigo: line.codigo, producto: "Perfil 20x20", cantidad: 4, precio_unitario: 1500 })).statusCode).toBe(200);
  });
});
