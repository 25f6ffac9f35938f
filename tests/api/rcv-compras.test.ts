// The SII's Registro de Compras (issue 35): RCV files built in the SII's real format (header
// line, semicolons, both encodings, a credit note, an exempt invoice, a row only in the SII,
// a row only in Ventanal, a difference in IVA) imported through POST api/rcv/compras and
// reconciled with Facturas/Guías; "Registrar en Ventanal"; acceptance and claims
// (PUT api/facturas_guias/:id/sii). On PGlite and, with TEST_DATABASE_URL, PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { latin1 } from "../../src/domain/operations/dte.fixtures";
import { rcvCsv, rcvLatin1, rcvUtf8Bom, type RcvRowSpec } from "../../src/domain/operations/rcv.fixtures";
import { todayInSantiago } from "../../src/domain/dates/dates";
import { createTestServer, type TestServer } from "../helpers";

let t: TestServer;
const NOMBRE = "RCV_COMPRA_REGISTRO_76543210-3_202603.csv";
const b64 = (bytes: Uint8Array) => Buffer.from(bytes).toString("base64");
const upload = (contenido: Uint8Array | string, nombre = NOMBRE, as: "Contabilidad" | "Bodega" | null = "Contabilidad", registro?: string) =>
  t.request({ method: "POST", url: "/api/rcv/compras", as, payload: { nombre, contenido: typeof contenido === "string" ? contenido : b64(contenido), ...(registro ? { registro } : {}) } });
const counts = async () => ({ importaciones: await t.count("rcv_importaciones"), filas: await t.count("rcv_filas"), facturas: await t.count("facturas_guias"), auditoria: await t.count("auditoria") });
const ids: Record<string, number> = {};

// March 2026 in the SII: 1501 equal, 1502 with IVA 19.500 where Ventanal has 19.000, the exempt
// 77 of Vidrios Ñuble, the credit note 31, and 999 of a supplier Ventanal never registered.
const month: RcvRowSpec[] = [
  { rut: "76086428-5", razon: "Aluminios Peñalolén SpA", folio: 1501, fecha: "2026-03-05", recepcion: "2026-03-06", neto: 100000, iva: 19000, total: 119000 },
  { rut: "76086428-5", razon: "Aluminios Peñalolén SpA", folio: 1502, fecha: "2026-03-07", neto: 100000, iva: 19500, total: 119500 },
  { tipo: 34, rut: "96512340-7", razon: "Vidrios Ñuble S.A.", folio: 77, fecha: "2026-03-10", exento: 50000, total: 50000 },
  { tipo: 61, rut: "76086428-5", razon: "Aluminios Peñalolén SpA", folio: 31, fecha: "2026-03-12", neto: 10000, iva: 1900, total: 11900 },
  { rut: "77777777-7", razon: "Cerrajería Los Andes Ltda.", folio: 999, fecha: "2026-03-15", recepcion: "2026-03-16", neto: 20000, iva: 3800, total: 23800 },
];

beforeAll(async () => {
  t = await createTestServer();
  for (const role of ["Contabilidad", "Bodega"] as const) await t.tokenFor(role);
  const q = (s: string, p: unknown[] = []) => t.database.pool.query(s, p);
  const prov = (await q("insert into proveedores (proveedor, rut, dias_credito) values ('Aluminios Peñalolén', '76.086.428-5', 30) returning id")).rows[0].id;
  const doc = async (key: string, cols: string, vals: unknown[]) => {
    ids[key] = (await q(`insert into facturas_guias (${cols}, fecha_recepcion) values (${vals.map((_, i) => `$${i + 1}`).join(", ")}, '2026-03-09') returning id`, vals)).rows[0].id;
  };
  const c = "proveedor_id, proveedor, rut_proveedor, tipo_dte, numero_factura, fecha, monto_neto, iva, monto_total";
  await doc("f1501", c, [prov, "Aluminios Peñalolén", "76.086.428-5", 33, "1501", "2026-03-05", 100000, 19000, 119000]);
  await doc("f1502", c, [prov, "Aluminios Peñalolén", "76.086.428-5", 33, "1502", "2026-03-07", 100000, 19000, 119000]);
  await doc("f77", c, [null, "Vidrios Ñuble S.A.", "96.512.340-7", 34, "77", "2026-03-10", 50000, 0, 50000]);
  await doc("nc31", c, [prov, "Aluminios Peñalolén", "76.086.428-5", 61, "31", "2026-03-12", -10000, -1900, -11900]);
  // Only in Ventanal: a paper invoice of the month; and a guía (52), which the RCV never lists.
  await doc("f1600", c, [prov, "Aluminios Peñalolén", "76.086.428-5", 33, "1600", "2026-03-20", 5000, 950, 5950]);
  // Registered today, the SII's reception unknown: its 8 days count from today.
  ids.hoy = (await q("insert into facturas_guias (proveedor_id, proveedor, rut_proveedor, tipo_dte, numero_factura, fecha, monto_neto, iva, monto_total, fecha_recepcion) values ($1, 'Aluminios Peñalolén', '76.086.428-5', 33, '2001', $2, 1000, 190, 1190, $2) returning id", [prov, todayInSantiago()])).rows[0].id;
  await q("insert into facturas_guias (proveedor, rut_proveedor, tipo_dte, numero_guia, fecha, monto_neto, fecha_recepcion) values ('Aluminios Peñalolén', '76.086.428-5', 52, '88', '2026-03-03', 1000, '2026-03-03')");
});
afterAll(() => t.close());

let first: { id: number };

describe("POST api/rcv/compras", () => {
  it("imports a month in ISO-8859-1 and reconciles it: four groups with counts and amounts, the month per type and the IVA crédito fiscal", async () => {
    const before = await counts();
    const res = await upload(rcvLatin1(month));
    expect(res.statusCode).toBe(201);
    const body = res.json();
    first = body;
    expect(body).toMatchObject({ periodo: "2026-03", registro: "REGISTRO", nombre_archivo: NOMBRE, filas: 5, coinciden: 3, con_diferencias: 1, solo_sii: 1, solo_ventanal: 1, anterior_id: null });
    expect(body.resumen.grupos).toEqual({
      coincide: { filas: 3, total: 119000 + 50000 - 11900 },
      con_diferencias: { filas: 1, total: 119500 },
      solo_sii: { filas: 1, total: 23800 },
      solo_ventanal: { filas: 1, total: 5950 },
    });
    // IVA crédito fiscal: 19.000 + 19.500 + 3.800 − 1.900 in the SII; 19.000 + 19.000 + 950 − 1.900 in Ventanal.
    expect(body.resumen.iva_credito).toEqual({ sii: 40400, ventanal: 37050, diferencia: 3350 });
    expect(body.resumen.tipos).toEqual([
      { tipo_doc: 33, sii: { documentos: 3, neto: 220000, exento: 0, iva_recuperable: 42300, iva_no_recuperable: 0, total: 262300 }, ventanal: { documentos: 3, neto: 205000, exento: 0, iva_recuperable: 38950, iva_no_recuperable: 0, total: 243950 } },
      { tipo_doc: 34, sii: { documentos: 1, neto: 0, exento: 50000, iva_recuperable: 0, iva_no_recuperable: 0, total: 50000 }, ventanal: { documentos: 1, neto: 0, exento: 50000, iva_recuperable: 0, iva_no_recuperable: 0, total: 50000 } },
      { tipo_doc: 61, sii: { documentos: 1, neto: 10000, exento: 0, iva_recuperable: 1900, iva_no_recuperable: 0, total: 11900 }, ventanal: { documentos: 1, neto: 10000, exento: 0, iva_recuperable: 1900, iva_no_recuperable: 0, total: 11900 } },
    ]);
    expect(await counts()).toEqual({ ...before, importaciones: before.importaciones + 1, filas: before.filas + 6, auditoria: before.auditoria + 1 });
  });

  it("gives every row with its result; a difference names each field with both values", async () => {
    const res = await t.request({ method: "GET", url: `/api/rcv/compras/${first.id}?_end=100`, as: "Contabilidad" });
    expect(res.statusCode).toBe(200);
    const { filas, total } = res.json();
    expect(total).toBe(6);
    const by = (folio: string) => filas.find((f: { folio: string }) => f.folio === folio);
    expect(by("1501")).toMatchObject({ resultado: "coincide", factura_id: ids.f1501, fecha_recepcion: "2026-03-06", diferencias: [] });
    expect(by("1502")).toMatchObject({ resultado: "con_diferencias", factura_id: ids.f1502, diferencias: [{ campo: "iva", sii: 19500, ventanal: 19000 }, { campo: "total", sii: 119500, ventanal: 119000 }] });
    expect(by("77")).toMatchObject({ resultado: "coincide", tipo_doc: 34 });
    expect(by("31")).toMatchObject({ resultado: "coincide", tipo_doc: 61, ventanal_total: 11900 });
    expect(by("999")).toMatchObject({ resultado: "solo_sii", factura_id: null, rut_proveedor: "77.777.777-7" });
    expect(by("1600")).toMatchObject({ resultado: "solo_ventanal", linea: null, factura_id: ids.f1600, ventanal_total: 5950 });
    const only = await t.request({ method: "GET", url: `/api/rcv/compras/${first.id}?resultado=solo_sii`, as: "Contabilidad" });
    expect(only.json().filas.map((f: { folio: string }) => f.folio)).toEqual(["999"]);
    const search = await t.request({ method: "GET", url: `/api/rcv/compras/${first.id}?q=cerrajer`, as: "Contabilidad" });
    expect(search.json().total).toBe(1);
    const list = await t.request({ method: "GET", url: "/api/rcv/compras", as: "Contabilidad" });
    expect(list.json()[0]).toMatchObject({ id: first.id, periodo: "2026-03", nombre_archivo: NOMBRE, usuario_nombre: expect.any(String), coinciden: 3 });
  });

  it("the same file twice answers the first import (200), nothing written; a POST with an Idempotency-Key (as the web sends it) answers the import", async () => {
    const keyed = await t.request({ method: "POST", url: "/api/rcv/compras", as: "Contabilidad", headers: { "idempotency-key": "rcv-e2e-0001" }, payload: { nombre: "RCV_COMPRA_PENDIENTE_76543210-3_202603.csv", contenido: b64(rcvLatin1([{ ...month[0], folio: 7001 }])) } });
    expect(keyed.statusCode).toBe(201);
    expect(keyed.json()).toMatchObject({ periodo: "2026-03", filas: 1 });
    const repeat = await t.request({ method: "POST", url: "/api/rcv/compras", as: "Contabilidad", headers: { "idempotency-key": "rcv-e2e-0001" }, payload: { nombre: "RCV_COMPRA_PENDIENTE_76543210-3_202603.csv", contenido: b64(rcvLatin1([{ ...month[0], folio: 7001 }])) } });
    expect(repeat.json().id).toBe(keyed.json().id);
    const before = await counts();
    const again = await upload(rcvLatin1(month));
    expect(again.statusCode).toBe(200);
    expect(again.json().id).toBe(first.id);
    expect(await counts()).toEqual(before);
  });

  it("a later export of the month (UTF-8 with BOM, amounts with dots) shows what changed since the previous one", async () => {
    const later = [...month.slice(0, 4), { ...month[0], folio: 1503, neto: 1000, iva: 190, total: 1190 }];
    const res = await upload(rcvUtf8Bom(later, { dots: true }));
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ anterior_id: first.id, filas: 5, coinciden: 3, con_diferencias: 1, solo_sii: 1, nuevas: 1, cambiadas: 0, desaparecidas: 1 });
    const rows = (await t.request({ method: "GET", url: `/api/rcv/compras/${res.json().id}?cambio=nueva`, as: "Contabilidad" })).json().filas;
    expect(rows.map((r: { folio: string }) => r.folio)).toEqual(["1503"]);
  });

  it("400 with a Spanish message, nothing written: not a CSV, a missing column, a bad RUT (line), mixed months, another company, bad base64", async () => {
    const before = await counts();
    const msg = async (res: Promise<{ statusCode: number; json(): { message: string } }>) => {
      const r = await res;
      expect(r.statusCode).toBe(400);
      return r.json().message;
    };
    expect(await msg(upload(latin1("%PDF-1.4 no es un csv")))).toContain("no es el CSV del Registro de Compras");
    expect(await msg(upload(latin1(rcvCsv(month).replace(";Monto Total;", ";Total;"))))).toBe("Falta la columna «Monto Total» en el encabezado del archivo.");
    expect(await msg(upload(rcvLatin1([{ ...month[0], rut: "76086428-0" }])))).toBe("Línea 2: el RUT no es válido en la columna «RUT Proveedor» («76086428-0»).");
    expect(await msg(upload(rcvLatin1([month[0], { ...month[1], fecha: "2026-04-02" }])))).toContain("mezcla meses");
    expect(await msg(upload(rcvLatin1(month), "RCV_COMPRA_REGISTRO_96512340-7_202603.csv"))).toBe(
      "El archivo es del RUT 96.512.340-7 y la empresa es 76.543.210-3 (Administración → Empresa): descargue el Registro de Compras de la empresa.",
    );
    expect(await msg(upload("@@no base64@@"))).toContain("base64");
    expect(await msg(upload(rcvLatin1(month), "compras.csv"))).toContain("Indique el registro");
    expect((await t.request({ method: "POST", url: "/api/rcv/compras", as: "Contabilidad", payload: { nombre: NOMBRE } })).statusCode).toBe(400);
    expect((await upload(rcvLatin1(month), NOMBRE, "Contabilidad", "OTRO")).statusCode).toBe(400);
    expect(await counts()).toEqual(before);
  });

  it("401 without a session, 403 for Bodega; 404 for an unknown import", async () => {
    expect((await upload(rcvLatin1(month), NOMBRE, null)).statusCode).toBe(401);
    expect((await upload(rcvLatin1(month), NOMBRE, "Bodega")).statusCode).toBe(403);
    expect((await t.request({ method: "GET", url: "/api/rcv/compras", as: "Bodega" })).statusCode).toBe(403);
    expect((await t.request({ method: "GET", url: "/api/rcv/compras/999999", as: "Contabilidad" })).statusCode).toBe(404);
    expect((await t.request({ method: "GET", url: `/api/rcv/compras/${first.id}?_start=10&_end=5`, as: "Contabilidad" })).statusCode).toBe(400);
  });
});

describe("POST api/rcv/compras/:id/registrar (Registrar en Ventanal)", () => {
  it("creates the document from the row, the supplier by RUT (created), in one transaction; the counts change; again is 409", async () => {
    const soloSii = (await t.request({ method: "GET", url: `/api/rcv/compras/${first.id}?resultado=solo_sii`, as: "Contabilidad" })).json().filas[0];
    const before = await counts();
    const res = await t.request({ method: "POST", url: `/api/rcv/compras/${first.id}/registrar`, as: "Contabilidad", payload: { filas: [soloSii.id] } });
    expect(res.statusCode).toBe(201);
    const { registradas, importacion } = res.json();
    expect(registradas).toHaveLength(1);
    expect(registradas[0]).toMatchObject({ proveedor: "Cerrajería Los Andes Ltda.", rut_proveedor: "77.777.777-7", tipo_dte: 33, numero_factura: "999", fecha: "2026-03-15", monto_neto: 20000, iva: 3800, monto_total: 23800 });
    expect(importacion).toMatchObject({ coinciden: 4, solo_sii: 0 });
    expect(await counts()).toMatchObject({ facturas: before.facturas + 1, auditoria: before.auditoria + 2 });
    expect((await t.database.pool.query("select count(*)::int as n from proveedores where rut = '77.777.777-7'")).rows[0].n).toBe(1);
    // Its 8-day window counts from the SII's reception (16-03-2026).
    const sii = await t.request({ method: "GET", url: `/api/facturas_guias/${registradas[0].id}/sii`, as: "Contabilidad" });
    expect(sii.json().plazo).toMatchObject({ fuente: "SII", fecha_inicio: "2026-03-16", fecha_limite: "2026-03-24" });
    const again = await t.request({ method: "POST", url: `/api/rcv/compras/${first.id}/registrar`, as: "Contabilidad", payload: { filas: [soloSii.id] } });
    expect(again.statusCode).toBe(409);
    expect((await t.request({ method: "POST", url: `/api/rcv/compras/${first.id}/registrar`, as: "Contabilidad", payload: { filas: [2_000_000] } })).statusCode).toBe(404);
    expect((await t.request({ method: "POST", url: `/api/rcv/compras/999999/registrar`, as: "Contabilidad", payload: { filas: [soloSii.id] } })).statusCode).toBe(404);
    expect((await t.request({ method: "POST", url: `/api/rcv/compras/${first.id}/registrar`, as: "Contabilidad", payload: { filas: [] } })).statusCode).toBe(400);
    expect((await t.request({ method: "POST", url: `/api/rcv/compras/${first.id}/registrar`, as: "Bodega", payload: { filas: [soloSii.id] } })).statusCode).toBe(403);
    expect((await t.request({ method: "POST", url: `/api/rcv/compras/${first.id}/registrar`, as: null, payload: { filas: [soloSii.id] } })).statusCode).toBe(401);
  });
});

describe("PUT api/facturas_guias/:id/sii (Aceptar / Reclamar)", () => {
  it("a claim with the SII's reason, who and when, and the steps in the SII's site; a second decision is 409", async () => {
    const open = await t.request({ method: "GET", url: `/api/facturas_guias/${ids.hoy}/sii`, as: "Contabilidad" });
    expect(open.json().plazo).toMatchObject({ estado: "Por aceptar", fuente: "registro", fecha_inicio: todayInSantiago(), dias_restantes: 8, aviso: false });
    // Past day 8 (counted from the SII's reception, 07-03-2026): accepted tacitly, a claim is too late.
    const late = await t.request({ method: "PUT", url: `/api/facturas_guias/${ids.f1502}/sii`, as: "Contabilidad", payload: { decision: "reclamada", motivo: "RCD" } });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe("El plazo para reclamar venció el 15-03-2026: la factura se entiende aceptada (Ley 19.983).");
    const bad = await t.request({ method: "PUT", url: `/api/facturas_guias/${ids.hoy}/sii`, as: "Contabilidad", payload: { decision: "reclamada" } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.motivo).toBeDefined();
    const res = await t.request({ method: "PUT", url: `/api/facturas_guias/${ids.hoy}/sii`, as: "Contabilidad", payload: { decision: "reclamada", motivo: "RCD", comentario: "IVA mal calculado" } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ decision: "reclamada", motivo: "RCD", origen: "ventanal", decidido_por: expect.any(String), plazo: { estado: "Reclamada" } });
    expect(res.json().pasos[2]).toContain("(RCD)");
    const twice = await t.request({ method: "PUT", url: `/api/facturas_guias/${ids.hoy}/sii`, as: "Contabilidad", payload: { decision: "aceptada" } });
    expect(twice.statusCode).toBe(409);
    expect((await t.request({ method: "PUT", url: "/api/facturas_guias/999999/sii", as: "Contabilidad", payload: { decision: "aceptada" } })).statusCode).toBe(404);
    expect((await t.request({ method: "PUT", url: `/api/facturas_guias/${ids.nc31}/sii`, as: "Contabilidad", payload: { decision: "aceptada" } })).statusCode).toBe(409);
    expect((await t.request({ method: "PUT", url: `/api/facturas_guias/${ids.f1501}/sii`, as: "Bodega", payload: { decision: "aceptada" } })).statusCode).toBe(403);
    expect((await t.request({ method: "PUT", url: `/api/facturas_guias/${ids.f1501}/sii`, as: null, payload: { decision: "aceptada" } })).statusCode).toBe(401);
  });

  it("the Reclamados register marks its documents claimed; Fecha Acuse marks them accepted", async () => {
    const claimed = await upload(rcvLatin1([{ ...month[2], acuse: null }]), "RCV_COMPRA_RECLAMADO_76543210-3_202603.csv");
    expect(claimed.statusCode).toBe(201);
    expect((await t.request({ method: "GET", url: `/api/facturas_guias/${ids.f77}/sii`, as: "Contabilidad" })).json()).toMatchObject({ decision: "reclamada", origen: "rcv", plazo: { estado: "Reclamada" } });
    const accepted = await upload(rcvLatin1([{ ...month[0], acuse: "2026-03-08" }]), "RCV_COMPRA_REGISTRO_76543210-3_202603.csv");
    expect(accepted.statusCode).toBe(201);
    expect((await t.request({ method: "GET", url: `/api/facturas_guias/${ids.f1501}/sii`, as: "Contabilidad" })).json()).toMatchObject({ fecha_acuse: "2026-03-08", plazo: { estado: "Aceptada", fuente: "SII" } });
  });
});
