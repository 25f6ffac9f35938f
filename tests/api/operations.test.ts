// Operations (issue 12): every call of section 7 "Operations" — work tracking, works and
// materials summary, supplier invoices with their computed state, client payments — with
// success (and audit), 400 with nothing written, 404, 409 and 403. On PGlite and PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, todayInSantiago } from "../../src/domain/dates/dates";
import { utilityPercent } from "../../src/domain/operations";
import { WORK_STAGES } from "../../src/domain/sales/tracking";
import { createTestServer, recomputeDerived, type TestServer } from "../helpers";

type As = "Operaciones" | "Bodega" | "Ventas" | "Gerencia" | "Contabilidad" | null;

let t: TestServer;
let clienteA: number;
let clienteB: number;
let quoteA: number;
let quoteA2: number;
let quoteB: number;
let segA: number;
let segB: number;
let proveedorId: number;
const today = todayInSantiago();

const req = (method: "GET" | "POST" | "PUT", url: string, payload?: unknown, as: As = "Operaciones") =>
  t.request({ method, url, as, ...(payload === undefined ? {} : { payload: payload as object }) });
const get = (url: string, as: As = "Operaciones") => req("GET", url, undefined, as);
const put = (url: string, payload: unknown, as: As = "Operaciones") => req("PUT", url, payload, as);
const post = (url: string, payload: unknown, as: As = "Operaciones") => req("POST", url, payload, as);

async function counts(table: string) {
  return { rows: await t.count(table), auditoria: await t.count("auditoria") };
}
async function lastAudit() {
  const r = await t.database.pool.query("select entidad, entidad_id, ruta, cambios from auditoria order by id desc limit 1");
  return r.rows[0];
}

beforeAll(async () => {
  t = await createTestServer();
  clienteA = (await post("/api/clientes", { nombre: "Inmobiliaria Los Robles" }, "Ventas")).json().id;
  clienteB = (await post("/api/clientes", { nombre: "Casa Pérez" }, "Ventas")).json().id;
  quoteA = (await post("/api/presupuestos", { numero: "2025-0101", cliente_id: clienteA, nombre_obra: "Edificio Mirador", total_neto_presupuestado: 1_000_000 }, "Ventas")).json().id;
  quoteA2 = (await post("/api/presupuestos", { numero: "2025-0102", cliente_id: clienteA, nombre_obra: "Casa Norte" }, "Ventas")).json().id;
  quoteB = (await post("/api/presupuestos", { numero: "2025-0101", cliente_id: clienteB, nombre_obra: "Casa Pérez", total_neto_presupuestado: 200_000 }, "Ventas")).json().id;
  const seg = await t.database.pool.query("select id, presupuesto_id from seguimiento_obras");
  segA = seg.rows.find((r) => r.presupuesto_id === quoteA).id;
  segB = seg.rows.find((r) => r.presupuesto_id === quoteB).id;
  const p = await t.database.pool.query("insert into proveedores (proveedor, rut, dias_credito) values ('Aluminios del Sur', '76.123.456-0', 30) returning id");
  proveedorId = p.rows[0].id;
});
afterAll(() => t.close());

describe("GET api/seguimiento_obras", () => {
  it("one record per quote with its client, number and work, the 16 stages false and the 5-day deadline", async () => {
    const res = await get("/api/seguimiento_obras");
    expect(res.statusCode).toBe(200);
    const rows = res.json();
    expect(rows).toHaveLength(3);
    const a = rows.find((r: { id: number }) => r.id === segA);
    expect(a).toMatchObject({ presupuesto_id: quoteA, cliente_id: clienteA, cliente_nombre: "Inmobiliaria Los Robles", presupuesto_numero: "2025-0101", nombre_obra: "Edificio Mirador", rectificacion_plazo_dias: 5, rectificacion_fecha: null, comentario: null, completa: false });
    for (const s of WORK_STAGES) expect(a[s]).toBe(false);
  });

  it("pages, searches and filters on the server; undeclared parameters are 400", async () => {
    const page = await get("/api/seguimiento_obras?_start=0&_end=2&_sort=presupuesto_numero&_order=asc");
    expect(page.json()).toHaveLength(2);
    expect(page.headers["x-total-count"]).toBe("3");
    const q = await get("/api/seguimiento_obras?q=perez");
    expect(q.json().map((r: { id: number }) => r.id)).toEqual([segB]);
    expect((await get("/api/seguimiento_obras?completa=false")).headers["x-total-count"]).toBe("3");
    expect((await get("/api/seguimiento_obras?completa=true")).json()).toEqual([]);
    expect((await get("/api/seguimiento_obras?completa=quizas")).statusCode).toBe(400);
    expect((await get("/api/seguimiento_obras?color=rojo")).statusCode).toBe(400);
  });

  it("403 for Bodega (not in the Operaciones section); Contabilidad reads", async () => {
    expect((await get("/api/seguimiento_obras", "Bodega")).statusCode).toBe(403);
    expect((await get("/api/seguimiento_obras", "Contabilidad")).statusCode).toBe(200);
  });
});

describe("PUT api/seguimiento_obras/{id}/toggle", () => {
  it("flips the stage, answers the record and audits the change", async () => {
    const res = await put(`/api/seguimiento_obras/${segA}/toggle`, { campo: "perfiles" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: segA, perfiles: true, completa: false });
    expect(await lastAudit()).toMatchObject({ entidad: "seguimiento_obras", entidad_id: String(segA), ruta: "PUT /api/seguimiento_obras/:id/toggle", cambios: { perfiles: { antes: false, despues: true } } });
    expect((await put(`/api/seguimiento_obras/${segA}/toggle`, { campo: "perfiles" })).json().perfiles).toBe(false);
  });

  it("rectificacion on sets rectificacion_fecha to today", async () => {
    const res = await put(`/api/seguimiento_obras/${segB}/toggle`, { campo: "rectificacion" });
    expect(res.json()).toMatchObject({ rectificacion: true, rectificacion_fecha: today });
  });

  it("all 16 stages make the work complete (and completa=true finds it)", async () => {
    for (const s of WORK_STAGES) if (s !== "rectificacion") await put(`/api/seguimiento_obras/${segB}/toggle`, { campo: s });
    const rows = (await get("/api/seguimiento_obras?completa=true")).json();
    expect(rows.map((r: { id: number }) => r.id)).toEqual([segB]);
    await put(`/api/seguimiento_obras/${segB}/toggle`, { campo: "pago" });
    expect((await get("/api/seguimiento_obras?completa=true")).json()).toEqual([]);
  });

  it("400 for a name outside the 16 stages (nothing written), 404 for an unknown record, 403 for Bodega", async () => {
    const before = await counts("seguimiento_obras");
    for (const body of [{ campo: "comentario" }, { campo: "id" }, {}, { campo: 1 }]) {
      const res = await put(`/api/seguimiento_obras/${segA}/toggle`, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().errors.campo).toBeDefined();
    }
    expect(await counts("seguimiento_obras")).toEqual(before);
    expect((await put("/api/seguimiento_obras/99999/toggle", { campo: "pago" })).statusCode).toBe(404);
    expect((await put(`/api/seguimiento_obras/${segA}/toggle`, { campo: "pago" }, "Bodega")).statusCode).toBe(403);
    expect(await counts("seguimiento_obras")).toEqual(before);
  });
});

describe("PUT api/seguimiento_obras/{id}/rectificacion", () => {
  it("sets the toggle and the days; the date is today when it is switched on", async () => {
    const res = await put(`/api/seguimiento_obras/${segA}/rectificacion`, { rectificacion: true, rectificacion_plazo_dias: 10 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ rectificacion: true, rectificacion_plazo_dias: 10, rectificacion_fecha: today });
    expect((await lastAudit()).cambios).toMatchObject({ rectificacion_plazo_dias: { antes: 5, despues: 10 } });
    // Only the toggle: null days keep the stored ones.
    const off = await put(`/api/seguimiento_obras/${segA}/rectificacion`, { rectificacion: false, rectificacion_plazo_dias: null });
    expect(off.json()).toMatchObject({ rectificacion: false, rectificacion_plazo_dias: 10 });
  });

  it("400 for days that are not whole, negative or above 365 (nothing written); 404", async () => {
    const before = await counts("seguimiento_obras");
    for (const d of [-1, 2.5, 366, "cinco"]) {
      const res = await put(`/api/seguimiento_obras/${segA}/rectificacion`, { rectificacion: true, rectificacion_plazo_dias: d });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors.rectificacion_plazo_dias).toBeDefined();
    }
    expect(await counts("seguimiento_obras")).toEqual(before);
    expect((await put("/api/seguimiento_obras/99999/rectificacion", { rectificacion: true })).statusCode).toBe(404);
  });
});

describe("PUT api/seguimiento_obras/{id}/comentario", () => {
  it("stores the comment with its date (now)", async () => {
    const t0 = Date.now();
    const res = await put(`/api/seguimiento_obras/${segA}/comentario`, { comentario: "  Falta vidrio templado  " });
    expect(res.statusCode).toBe(200);
    expect(res.json().comentario).toBe("Falta vidrio templado");
    expect(new Date(res.json().comentario_fecha).getTime()).toBeGreaterThanOrEqual(t0 - 1000);
    expect((await lastAudit()).entidad).toBe("seguimiento_obras");
  });

  it("400 for a comment too long or not text (nothing written); 404", async () => {
    const before = await counts("seguimiento_obras");
    expect((await put(`/api/seguimiento_obras/${segA}/comentario`, { comentario: "x".repeat(2001) })).statusCode).toBe(400);
    expect((await put(`/api/seguimiento_obras/${segA}/comentario`, { comentario: { a: 1 } })).statusCode).toBe(400);
    expect(await counts("seguimiento_obras")).toEqual(before);
    expect((await put("/api/seguimiento_obras/99999/comentario", { comentario: "x" })).statusCode).toBe(404);
  });
});

describe("GET api/resumen-materiales and the detail", () => {
  beforeAll(async () => {
    const q = (sql: string, params: unknown[] = []) => t.database.pool.query(sql, params);
    await q("insert into materiales (codigo, producto, unidad, precio_unitario) values ('10001', 'Perfil marco', 'TIRA', 12500), ('20001', 'Refuerzo acero', 'TIRA', 8000), ('70001', 'Termopanel', 'M2', 30000)");
    await q(
      `insert into pautas (categoria, cliente_id, presupuesto_id, numero_presupuesto, codigo, producto, cantidad, cantidad_original) values
       ('perfiles', $1, $2, '2025-0101', '10001', 'Perfil marco', 10, 58),
       ('refuerzos', $1, $2, '2025-0101', '20001', 'Refuerzo acero', 4, 23.2),
       ('vidrio', $1, $2, '2025-0101', '70001', 'Termopanel', 3, 2.5)`,
      [clienteA, quoteA],
    );
    // Exits for quote A: 6 profiles at 12,000 and 5 reinforcements at 8,000 (more than the pauta).
    await q(
      `insert into salidas_inventario (codigo, producto, cantidad, precio_neto, cliente_id, presupuesto_id, cliente_nombre, presupuesto_numero) values
       ('10001', 'Perfil marco', 4, 12000, $1, $2, 'Inmobiliaria Los Robles', '2025-0101'),
       ('10001', 'Perfil marco', 2, 12000, $1, $2, 'Inmobiliaria Los Robles', '2025-0101'),
       ('20001', 'Refuerzo acero', 5, 8000, $1, $2, 'Inmobiliaria Los Robles', '2025-0101')`,
      [clienteA, quoteA],
    );
    await recomputeDerived(t.database); // exits inserted by SQL: their works' figures from the definition
  });

  it("each budget with its budgeted net, the actual net of its exits and the utility % (one decimal, 0 without budget)", async () => {
    const res = await get("/api/resumen-materiales");
    expect(res.statusCode).toBe(200);
    const rows = res.json();
    const a = rows.find((r: { presupuesto_id: number }) => r.presupuesto_id === quoteA);
    // actual = 6 × 12,000 + 5 × 8,000 = 112,000; utility = (1,000,000 − 112,000) / 1,000,000 = 88.8 %
    expect(a).toEqual({ presupuesto_id: quoteA, cliente_id: clienteA, cliente_nombre: "Inmobiliaria Los Robles", presupuesto_numero: "2025-0101", nombre_obra: "Edificio Mirador", total_neto_presupuestado: 1_000_000, total_neto_real: 112_000, utilidad: 88.8 });
    expect(utilityPercent(1_000_000, 112_000)).toBe(88.8);
    expect(rows.find((r: { presupuesto_id: number }) => r.presupuesto_id === quoteA2)).toMatchObject({ total_neto_presupuestado: 0, total_neto_real: 0, utilidad: 0 });
    expect(rows.find((r: { presupuesto_id: number }) => r.presupuesto_id === quoteB)).toMatchObject({ total_neto_real: 0, utilidad: 100 });
    const page = await get("/api/resumen-materiales?_start=0&_end=1&_sort=total_neto_real&_order=desc");
    expect(page.json()[0].presupuesto_id).toBe(quoteA);
    expect(page.headers["x-total-count"]).toBe("3");
    expect((await get("/api/resumen-materiales?q=mirador")).json()).toHaveLength(1);
    expect((await get("/api/resumen-materiales?utilidad=5")).statusCode).toBe(400);
  });

  it("the detail per code: reserved = pauta, left, pending (not below 0), last price, net = left × price", async () => {
    const res = await get(`/api/resumen-materiales/detalle/2025-0101?presupuesto_id=${quoteA}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      { codigo: "10001", producto: "Perfil marco", unidad: "TIRA", stock_reservado: 10, stock_llegado: 6, pendiente: 4, precio: 12500, total_neto: 75000 },
      { codigo: "20001", producto: "Refuerzo acero", unidad: "TIRA", stock_reservado: 4, stock_llegado: 5, pendiente: 0, precio: 8000, total_neto: 40000 },
      { codigo: "70001", producto: "Termopanel", unidad: "M2", stock_reservado: 3, stock_llegado: 0, pendiente: 3, precio: 30000, total_neto: 0 },
    ]);
    // The client picks among budgets sharing the number.
    expect((await get(`/api/resumen-materiales/detalle/2025-0101?cliente_id=${clienteB}`)).json()).toEqual([]);
  });

  it("23.11 filter matching nothing is an empty list: the detail of a number with a quote or client that does not match it is 200 []", async () => {
    for (const url of [
      `/api/resumen-materiales/detalle/2025-0101?presupuesto_id=${quoteA2}`,
      `/api/resumen-materiales/detalle/2025-0101?presupuesto_id=999999`,
      `/api/resumen-materiales/detalle/2025-0102?cliente_id=${clienteB}`,
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.json(), url).toEqual([]);
    }
  });

  it("409 when the number is shared and nothing picks one; 404 for an unknown number; 400 for a bad id; 403 for Bodega", async () => {
    expect((await get("/api/resumen-materiales/detalle/2025-0101")).statusCode).toBe(409);
    expect((await get("/api/resumen-materiales/detalle/2025-0102")).statusCode).toBe(200);
    expect((await get("/api/resumen-materiales/detalle/9999-0000")).statusCode).toBe(404);
    expect((await get(`/api/resumen-materiales/detalle/2025-0101?presupuesto_id=abc`)).statusCode).toBe(400);
    expect((await get("/api/resumen-materiales", "Bodega")).statusCode).toBe(403);
  });
});

describe("POST api/facturas_guias", () => {
  it("registers it: supplier matched by name (any case), its days of credit, IVA and total from the net, vencimiento and state", async () => {
    const before = await counts("facturas_guias");
    const res = await post("/api/facturas_guias", { proveedor: "aluminios del sur", numero_factura: "1001", fecha: today, monto_neto: 100000 }, "Bodega");
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      proveedor_id: proveedorId,
      proveedor: "Aluminios del Sur",
      rut_proveedor: "76.123.456-0",
      numero_factura: "1001",
      fecha: today,
      monto_neto: 100000,
      iva: 19000,
      monto_total: 119000,
      dias_credito: 30,
      estado_pago: null,
      fecha_recepcion: today,
      vencimiento: addDays(today, 30),
      estado_calculado: "Vigente",
    });
    expect(await counts("facturas_guias")).toEqual({ rows: before.rows + 1, auditoria: before.auditoria + 1 });
    expect(await lastAudit()).toMatchObject({ entidad: "facturas_guias", entidad_id: String(res.json().id) });
  });

  it("keeps a VAT typed, the RUT in its normal form, sent days of credit, and an unknown supplier with 0 days is Contado", async () => {
    const res = await post("/api/facturas_guias", { proveedor: "Ferretería Central", rut_proveedor: "760864285", numero_guia: "G-77", fecha: today, monto_neto: 50000, iva: 0 }, "Bodega");
    expect(res.json()).toMatchObject({ proveedor_id: null, rut_proveedor: "76.086.428-5", iva: 0, monto_total: 50000, dias_credito: 0, estado_calculado: "Contado" });
    const sent = await post("/api/facturas_guias", { proveedor: "Aluminios del Sur", numero_factura: "1002", fecha: today, monto_neto: 1000, dias_credito: 0 }, "Bodega");
    expect(sent.json()).toMatchObject({ dias_credito: 0, estado_calculado: "Contado" });
  });

  it("409 for the same supplier's invoice number again (nothing written)", async () => {
    const before = await counts("facturas_guias");
    const res = await post("/api/facturas_guias", { proveedor: "ALUMINIOS DEL SUR", numero_factura: "1001", fecha: today, monto_neto: 5 }, "Bodega");
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe("La factura N° 1001 de Aluminios del Sur ya está registrada.");
    expect((await post("/api/facturas_guias", { proveedor: "Ferretería Central", numero_guia: "G-77", fecha: today }, "Bodega")).statusCode).toBe(409);
    expect(await counts("facturas_guias")).toEqual(before);
  });

  it("400 without supplier or date, with negative or fractional amounts, bad days, an invalid RUT (nothing written); 401", async () => {
    const before = await counts("facturas_guias");
    const bad = [
      [{ fecha: today }, "proveedor"],
      [{ proveedor: "X" }, "fecha"],
      [{ proveedor: "X", fecha: "2025-02-30" }, "fecha"],
      [{ proveedor: "X", fecha: today, monto_neto: -1 }, "monto_neto"],
      [{ proveedor: "X", fecha: today, monto_neto: 12.5 }, "monto_neto"],
      [{ proveedor: "X", fecha: today, monto_neto: "125" }, "monto_neto"],
      [{ proveedor: "X", fecha: today, dias_credito: -3 }, "dias_credito"],
      [{ proveedor: "X", fecha: today, rut_proveedor: "76.086.428-4" }, "rut_proveedor"],
      [{ proveedor: "X", fecha: today, rut_proveedor: "no es un rut" }, "rut_proveedor"],
    ] as const;
    for (const [body, field] of bad) {
      const res = await post("/api/facturas_guias", body, "Bodega");
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().errors[field]).toBeDefined();
    }
    expect(await counts("facturas_guias")).toEqual(before);
    expect((await post("/api/facturas_guias", { proveedor: "X", fecha: today }, null)).statusCode).toBe(401);
  });
});

describe("computed state at the boundary days and GET api/facturas_estado", () => {
  let dueToday: number;
  let dueYesterday: number;
  beforeAll(async () => {
    // 30 days of credit: dated 30 days ago → due today (Vigente); 31 days ago → due yesterday (Vencida).
    dueToday = (await post("/api/facturas_guias", { proveedor: "Aluminios del Sur", numero_factura: "2001", fecha: addDays(today, -30), monto_neto: 1000 }, "Bodega")).json().id;
    dueYesterday = (await post("/api/facturas_guias", { proveedor: "Aluminios del Sur", numero_factura: "2002", fecha: addDays(today, -31), monto_neto: 1000 }, "Bodega")).json().id;
  });

  it("due today is Vigente, due yesterday is Vencida", async () => {
    const rows = (await get("/api/facturas_estado")).json();
    expect(rows.find((r: { id: number }) => r.id === dueToday)).toMatchObject({ vencimiento: today, estado_calculado: "Vigente" });
    expect(rows.find((r: { id: number }) => r.id === dueYesterday)).toMatchObject({ vencimiento: addDays(today, -1), estado_calculado: "Vencida" });
  });

  it("estado_pago filters on the computed state; Pendiente is read as Vencida; proveedor filters", async () => {
    const ids = async (qs: string) => (await get(`/api/facturas_estado?${qs}`)).json().map((r: { id: number }) => r.id);
    expect(await ids("estado_pago=Vencida")).toEqual([dueYesterday]);
    expect(await ids("estado_pago=Pendiente")).toEqual([dueYesterday]);
    expect((await ids("estado_pago=Contado")).length).toBe(2);
    expect((await ids("estado_pago=")).length).toBe(5);
    expect((await ids("proveedor=Ferretería Central")).length).toBe(1);
    expect((await get("/api/facturas_estado?estado_pago=Quizás")).statusCode).toBe(400);
    // The Refine list's column filter: estado_calculado, one or several.
    expect(await ids("estado_calculado=Vencida&estado_calculado=Vigente")).toHaveLength(3);
    expect((await get("/api/facturas_guias?estado_calculado=Pendiente")).statusCode).toBe(400);
    expect((await get("/api/facturas_guias?proveedor=Aluminios del Sur", "Bodega")).json()).toHaveLength(4);
    expect((await get("/api/facturas_estado", "Bodega")).statusCode).toBe(403);
  });

  it("GET api/facturas_guias/proveedores: the suppliers of the list and of the invoices, once each, alphabetically", async () => {
    const res = await get("/api/facturas_guias/proveedores", "Bodega");
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(["Aluminios del Sur", "Ferretería Central"]);
  });

  it("PUT toggles Pagado (fecha_pago today) and back (both cleared); observations alone", async () => {
    const paid = await put(`/api/facturas_guias/${dueYesterday}`, { estado_pago: "Pagado" });
    expect(paid.statusCode).toBe(200);
    expect(paid.json()).toMatchObject({ estado_pago: "Pagado", fecha_pago: today, estado_calculado: "Pagado" });
    expect((await lastAudit()).cambios).toEqual({ estado_pago: { antes: null, despues: "Pagado" }, fecha_pago: { antes: null, despues: today } });
    expect((await get("/api/facturas_estado?estado_pago=Pendiente")).json()).toEqual([]);
    const unpaid = await put(`/api/facturas_guias/${dueYesterday}`, { estado_pago: null, fecha_pago: null });
    expect(unpaid.json()).toMatchObject({ estado_pago: null, fecha_pago: null, estado_calculado: "Vencida" });
    const obs = await put(`/api/facturas_guias/${dueYesterday}`, { observaciones_internas: "Reclamar nota de crédito" });
    expect(obs.json()).toMatchObject({ observaciones_internas: "Reclamar nota de crédito", estado_pago: null });
  });

  it("PUT: 400 for an unknown state or an empty body (nothing written), 404, 403 for Bodega", async () => {
    const before = await counts("facturas_guias");
    expect((await put(`/api/facturas_guias/${dueToday}`, { estado_pago: "Casi" })).statusCode).toBe(400);
    expect((await put(`/api/facturas_guias/${dueToday}`, {})).statusCode).toBe(400);
    expect((await put(`/api/facturas_guias/${dueToday}`, { fecha_pago: "ayer" })).statusCode).toBe(400);
    expect(await counts("facturas_guias")).toEqual(before);
    expect((await put("/api/facturas_guias/99999", { estado_pago: "Pagado" })).statusCode).toBe(404);
    expect((await put(`/api/facturas_guias/${dueToday}`, { estado_pago: "Pagado" }, "Bodega")).statusCode).toBe(403);
  });
});

describe("api/pagos_clientes", () => {
  it("POST registers a payment (with VAT) and audits it; the list and the summary follow", async () => {
    const before = await counts("pagos_clientes");
    const res = await post("/api/pagos_clientes", { cliente_id: clienteA, presupuesto_id: quoteA, fecha_pago: "2025-03-10", monto: 500000, estado: "Abono", observacion: "Transferencia" });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ cliente_id: clienteA, presupuesto_id: quoteA, fecha_pago: "2025-03-10", monto: 500000, estado: "Abono", observacion: "Transferencia" });
    expect(await counts("pagos_clientes")).toEqual({ rows: before.rows + 1, auditoria: before.auditoria + 1 });
    expect(await lastAudit()).toMatchObject({ entidad: "pagos_clientes", entidad_id: String(res.json().id) });
    // total = round(1,000,000 × 1.19) = 1,190,000; paid 500,000 → Parcial
    expect((await get(`/api/pagos_clientes/resumen?presupuesto_id=${quoteA}`)).json()).toEqual({ presupuesto_id: quoteA, total_neto_presupuestado: 1_000_000, total: 1_190_000, pagado: 500_000, saldo: 690_000, estado: "Parcial" });
    await post("/api/pagos_clientes", { cliente_id: clienteA, presupuesto_id: quoteA, monto: 690000 });
    expect((await get(`/api/pagos_clientes/resumen?presupuesto_id=${quoteA}`)).json()).toMatchObject({ saldo: 0, estado: "Pagado" });
    expect((await get(`/api/pagos_clientes/resumen?presupuesto_id=${quoteB}`)).json()).toMatchObject({ total: 238_000, pagado: 0, estado: "Pendiente" });
    const list = await get(`/api/pagos_clientes?presupuesto_id=${quoteA}`);
    expect(list.json().map((p: { monto: number }) => p.monto)).toEqual([690000, 500000]);
    expect(list.json()[0]).toMatchObject({ fecha_pago: today, cliente_nombre: "Inmobiliaria Los Robles", presupuesto_numero: "2025-0101", nombre_obra: "Edificio Mirador" });
    // The Refine list: searched by client and sorted on the server.
    const found = await get("/api/pagos_clientes?q=robles&_sort=monto&_order=asc&_start=0&_end=10");
    expect(found.json().map((p: { monto: number }) => p.monto)).toEqual([500000, 690000]);
    expect(found.headers["x-total-count"]).toBe("2");
  });

  it("400 for a quote of another client, no amount, 0 or a bad date (nothing written); 404 summary; 403 for Bodega", async () => {
    const before = await counts("pagos_clientes");
    const bad = [
      [{ cliente_id: clienteB, presupuesto_id: quoteA, monto: 1 }, "presupuesto_id"],
      [{ cliente_id: clienteA, presupuesto_id: 99999, monto: 1 }, "presupuesto_id"],
      [{ cliente_id: clienteA, presupuesto_id: quoteA }, "monto"],
      [{ cliente_id: clienteA, presupuesto_id: quoteA, monto: 0 }, "monto"],
      [{ cliente_id: clienteA, presupuesto_id: quoteA, monto: 5, fecha_pago: "10-03-2025" }, "fecha_pago"],
      [{ presupuesto_id: quoteA, monto: 5 }, "cliente_id"],
    ] as const;
    for (const [body, field] of bad) {
      const res = await post("/api/pagos_clientes", body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().errors[field]).toBeDefined();
    }
    expect(await counts("pagos_clientes")).toEqual(before);
    expect((await get("/api/pagos_clientes/resumen?presupuesto_id=99999")).statusCode).toBe(404);
    expect((await get("/api/pagos_clientes/resumen")).statusCode).toBe(400);
    expect((await post("/api/pagos_clientes", { cliente_id: clienteA, presupuesto_id: quoteA, monto: 5 }, "Bodega")).statusCode).toBe(403);
    expect((await get("/api/pagos_clientes", "Bodega")).statusCode).toBe(403);
  });
});

describe("GET api/seguimiento_obras/pistas (stage hints from data)", () => {
  it("hints a Material stage when its pauta is covered by exits or arrivals, and pago when the balance is 0", async () => {
    // Quote A: refuerzos 4 needed, 5 left → hinted; perfiles 10 needed, 6 left → not yet; paid in full → pago.
    let res = await get(`/api/seguimiento_obras/pistas?id=${segA}&id=${segB}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(expect.arrayContaining([{ id: segA, pistas: ["refuerzos", "pago"] }, { id: segB, pistas: [] }]));
    // A purchase order for the work brings the 10 profiles: perfiles is hinted too.
    await t.database.pool.query("insert into ordenes_compra (numero_oc, proveedor_id, proveedor, fecha, realizado_por, presupuesto_id) values (501, $1, 'Aluminios del Sur', $2, 'Compras', $3)", [proveedorId, today, quoteA]);
    await t.database.pool.query("insert into items_oc (numero_oc, codigo, producto, cantidad, precio_unitario, cantidad_llegada) values (501, '10001', 'Perfil marco', 10, 12500, 10)");
    res = await get(`/api/seguimiento_obras/pistas?id=${segA}`);
    expect(res.json()).toEqual([{ id: segA, pistas: ["perfiles", "refuerzos", "pago"] }]);
    // A stage already marked is not hinted.
    await put(`/api/seguimiento_obras/${segA}/toggle`, { campo: "refuerzos" });
    expect((await get(`/api/seguimiento_obras/pistas?id=${segA}`)).json()).toEqual([{ id: segA, pistas: ["perfiles", "pago"] }]);
  });

  it("400 without ids, with bad ids or too many; 403 for Bodega", async () => {
    expect((await get("/api/seguimiento_obras/pistas")).statusCode).toBe(400);
    expect((await get("/api/seguimiento_obras/pistas?id=abc")).statusCode).toBe(400);
    expect((await get(`/api/seguimiento_obras/pistas?${Array.from({ length: 101 }, (_, i) => `id=${i + 1}`).join("&")}`)).statusCode).toBe(400);
    expect((await get(`/api/seguimiento_obras/pistas?id=${segA}`, "Bodega")).statusCode).toBe(403);
    expect((await get("/api/seguimiento_obras/pistas?id=99999")).json()).toEqual([]);
  });
});
