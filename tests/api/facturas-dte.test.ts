// Electronic invoice import (issue 12, beyond the specification): SII DTE XML files built
// here as the SII writes them (ISO-8859-1, EnvioDTE with signatures), previewed and
// registered through POST api/facturas_guias/dte/vista-previa and POST api/facturas_guias/dte.
import { monitorEventLoopDelay } from "node:perf_hooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, todayInSantiago } from "../../src/domain/dates/dates";
import { dteXml, envio, largeEnvio, latin1, withDecl, type DocSpec } from "../../src/domain/operations/dte.fixtures";
import { createTestServer, recomputeDerived, type TestServer } from "../helpers";

let t: TestServer;
let proveedorId: number;
const today = todayInSantiago();

const file = (nombre: string, xml: string) => ({ nombre, contenido: Buffer.from(latin1(withDecl(xml))).toString("base64") });
const post = (url: string, archivos: unknown, as: "Bodega" | "Contabilidad" | null = "Bodega") => t.request({ method: "POST", url, as, payload: { archivos } as object });
const counts = async () => ({ facturas: await t.count("facturas_guias"), auditoria: await t.count("auditoria") });

// Aluminios Peñalolén SpA (RUT 76.086.428-5 in the fixtures) invoices 10 profiles at $13.000
// (the order said $12.500) and 200 screws; the order 700 is cited as TpoDocRef 801.
const factura: DocSpec = {
  tipo: 33,
  folio: 1501,
  fecha: "2026-03-05",
  neto: 134000,
  iva: 25460,
  total: 159460,
  lines: [
    { codigo: "10001", nombre: "Perfil marco corredera", qty: 10, precio: 13000, monto: 130000 },
    { nombre: "Tornillo autoperforante 8x1", qty: 200, precio: 20, monto: 4000 },
  ],
  refs: [{ tipo: "801", folio: "700", razon: "Orden de compra" }],
};
const guia: DocSpec = { tipo: 52, folio: 88, neto: 50000, iva: 9500, total: 59500, lines: [{ codigo: "10001", nombre: "Perfil marco corredera", qty: 4, precio: 12500, monto: 50000 }] };
const notaCredito: DocSpec = {
  tipo: 61,
  folio: 31,
  neto: 10000,
  iva: 1900,
  total: 11900,
  lines: [{ nombre: "Descuento por diferencia de precio", monto: 10000 }],
  refs: [{ tipo: "33", folio: "1501", cod: 3, razon: "Corrige montos" }],
};
const otroProveedor: DocSpec = { tipo: 33, folio: 9, rut: "96512340-7", razon: "Vidrios Ñuble S.A.", neto: 1000, iva: 190, total: 1190, lines: [{ nombre: "Vidrio float", qty: 1, precio: 1000, monto: 1000 }] };

beforeAll(async () => {
  t = await createTestServer();
  for (const role of ["Bodega", "Contabilidad"] as const) await t.tokenFor(role);
  const q = (sql: string, params: unknown[] = []) => t.database.pool.query(sql, params);
  proveedorId = (await q("insert into proveedores (proveedor, rut, dias_credito) values ('Aluminios Peñalolén', '76.086.428-5', 30) returning id")).rows[0].id;
  await q("insert into materiales (codigo, producto, precio_unitario) values ('10001', 'Perfil marco corredera', 12500), ('30001', 'Tornillo autoperforante 8x1', 20)");
  await q("insert into ordenes_compra (numero_oc, proveedor_id, proveedor, fecha, realizado_por) values (700, $1, 'Aluminios Peñalolén', $2, 'Compras')", [proveedorId, addDays(today, -10)]);
  await q("insert into items_oc (numero_oc, codigo, producto, cantidad, precio_unitario) values (700, '10001', 'Perfil marco corredera', 10, 12500), (700, '30001', 'Tornillo autoperforante 8x1', 200, 20)");
  await recomputeDerived(t.database);
});
afterAll(() => t.close());

describe("POST api/facturas_guias/dte/vista-previa", () => {
  it("reads every document of an EnvioDTE: fields, supplier by RUT, acceptance window and order matching; writes nothing", async () => {
    const before = await counts();
    const res = await post("/api/facturas_guias/dte/vista-previa", [file("envio.xml", envio([dteXml(factura), dteXml(guia)]))]);
    expect(res.statusCode).toBe(200);
    const { documentos, rechazados } = res.json();
    expect(rechazados).toEqual([]);
    expect(documentos).toHaveLength(2);
    const [f, g] = documentos;
    expect(f).toMatchObject({
      tipo: 33,
      folio: 1501,
      proveedor_id: proveedorId,
      proveedor_registrado: "Aluminios Peñalolén",
      dias_credito: 30,
      duplicado: null,
      campos: { proveedor: "Aluminios Peñalolén SpA", rut_proveedor: "76.086.428-5", numero_factura: "1501", fecha: "2026-03-05", monto_neto: 134000, iva: 25460, monto_total: 159460 },
      plazo: { fecha_recepcion: today, fecha_limite: addDays(today, 8), dias_restantes: 8, vencido: false },
    });
    expect(f.conciliacion.ordenes).toEqual([700]);
    expect(f.conciliacion.cuadra).toBe(false);
    // The profiles by code, with the price difference; the screws by name, exact.
    expect(f.conciliacion.lineas[0]).toMatchObject({ por: "codigo", asignaciones: [{ numero_oc: 700, cantidad: 10 }] });
    expect(f.conciliacion.lineas[0].diferencias).toEqual([expect.objectContaining({ tipo: "precio_distinto", precio_factura: 13000, precio_oc: 12500 })]);
    expect(f.conciliacion.lineas[1]).toMatchObject({ por: "nombre", diferencias: [] });
    expect(g).toMatchObject({ tipo: 52, campos: { numero_guia: "88", numero_factura: null }, plazo: null });
    expect(await counts()).toEqual(before);
  });

  it("400 for a file that is not a DTE, with the reason; the readable files of a batch still come with the rest named", async () => {
    const bad = await post("/api/facturas_guias/dte/vista-previa", [{ nombre: "foto.xml", contenido: Buffer.from("<html>hola</html>").toString("base64") }]);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain("foto.xml: El archivo no es un documento tributario electrónico (DTE) del SII.");
    const mixed = await post("/api/facturas_guias/dte/vista-previa", [file("f.xml", dteXml(factura)), { nombre: "roto.xml", contenido: Buffer.from("<DTE><Documento>").toString("base64") }]);
    expect(mixed.statusCode).toBe(200);
    expect(mixed.json().rechazados).toEqual(["roto.xml: El archivo no es un XML válido: está dañado o incompleto."]);
    expect((await post("/api/facturas_guias/dte/vista-previa", [])).statusCode).toBe(400);
    expect((await post("/api/facturas_guias/dte/vista-previa", [{ nombre: "x.xml", contenido: "no es base64 ¿" }])).statusCode).toBe(400);
    // A file that is not an object (found by the fuzzer): the Spanish message, not zod's English one.
    const notAFile = await post("/api/facturas_guias/dte/vista-previa", [12345]);
    expect(notAFile.statusCode).toBe(400);
    expect(notAFile.json().errors["archivos.0"]).toEqual(["Envíe entre 1 y 50 archivos XML (nombre y contenido en base64)"]);
  });
});

describe("POST api/facturas_guias/dte", () => {
  it("registers the documents in one go: supplier's days of credit, numero_oc of the only matched order, credit notes negative, audit rows", async () => {
    const before = await counts();
    const res = await post("/api/facturas_guias/dte", [file("envio.xml", envio([dteXml(factura), dteXml(guia)])), file("nc.xml", dteXml(notaCredito)), file("otro.xml", dteXml(otroProveedor))]);
    expect(res.statusCode).toBe(201);
    const { registradas, duplicadas } = res.json();
    expect(duplicadas).toEqual([]);
    expect(registradas).toHaveLength(4);
    expect(registradas[0]).toMatchObject({
      proveedor_id: proveedorId,
      proveedor: "Aluminios Peñalolén",
      tipo_dte: 33,
      numero_factura: "1501",
      fecha: "2026-03-05",
      monto_neto: 134000,
      iva: 25460,
      monto_total: 159460,
      dias_credito: 30,
      vencimiento: "2026-04-04",
      numero_oc: 700,
      fecha_recepcion: today,
      observacion: "Factura electrónica N° 1501",
      plazo: { dias_restantes: 8 },
    });
    expect(registradas[1]).toMatchObject({ tipo_dte: 52, numero_guia: "88", numero_factura: null });
    expect(registradas[2]).toMatchObject({ tipo_dte: 61, numero_factura: "31", monto_neto: -10000, iva: -1900, monto_total: -11900 });
    expect(registradas[2].observacion).toContain("corrige factura N° 1501");
    // A supplier not in the list: the XML's name, no id, cash.
    expect(registradas[3]).toMatchObject({ proveedor_id: null, proveedor: "Vidrios Ñuble S.A.", rut_proveedor: "96.512.340-7", dias_credito: 0, estado_calculado: "Contado" });
    expect(await counts()).toEqual({ facturas: before.facturas + 4, auditoria: before.auditoria + 4 });
  });

  it("a document already registered is refused by name: 409 when nothing is new (nothing written), listed when others are new", async () => {
    const before = await counts();
    const again = await post("/api/facturas_guias/dte", [file("envio.xml", envio([dteXml(factura)]))]);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe("Todos los documentos ya estaban registrados. Factura electrónica N° 1501 de Aluminios Peñalolén ya está registrada.");
    expect(await counts()).toEqual(before);
    const preview = await post("/api/facturas_guias/dte/vista-previa", [file("envio.xml", envio([dteXml(factura)]))]);
    expect(preview.json().documentos[0].duplicado).toBe("Factura electrónica N° 1501 de Aluminios Peñalolén ya está registrada.");
    const partly = await post("/api/facturas_guias/dte", [file("dos.xml", envio([dteXml(factura), dteXml({ ...factura, folio: 1502, refs: [] })]))], "Contabilidad");
    expect(partly.statusCode).toBe(201);
    expect(partly.json().registradas.map((r: { numero_factura: string }) => r.numero_factura)).toEqual(["1502"]);
    expect(partly.json().duplicadas).toHaveLength(1);
  });

  it("23.8 many documents come in chunks: each registered once with its audit row, in file order, duplicates across chunks named", async () => {
    const before = await counts();
    const spec = (folio: number): DocSpec => ({ tipo: 33, folio, neto: 1000, iva: 190, total: 1190, lines: [{ codigo: "10001", nombre: "Perfil marco corredera", qty: 1, precio: 1000, monto: 1000 }] });
    // 47 documents (three chunks of the worker), two files; 8001 again in the second file is dropped as repeated.
    const first = Array.from({ length: 30 }, (_, i) => dteXml(spec(8001 + i)));
    const second = Array.from({ length: 17 }, (_, i) => dteXml(spec(8031 + i)));
    const res = await post("/api/facturas_guias/dte", [file("a.xml", envio(first)), file("b.xml", envio([...second, dteXml(spec(8001))]))]);
    expect(res.statusCode).toBe(201);
    const { registradas, rechazados } = res.json();
    expect(registradas.map((r: { numero_factura: string }) => Number(r.numero_factura))).toEqual(Array.from({ length: 47 }, (_, i) => 8001 + i));
    expect(registradas[0]).toMatchObject({ proveedor_id: proveedorId, proveedor: "Aluminios Peñalolén", vencimiento: expect.any(String), estado_calculado: expect.any(String), plazo: { dias_restantes: 8 } });
    expect(rechazados).toEqual(["b.xml: Factura electrónica N° 8001 viene repetida en los archivos."]);
    expect(await counts()).toEqual({ facturas: before.facturas + 47, auditoria: before.auditoria + 47 });
    const audited = await t.database.pool.query("select entidad_id, cambios->>'archivo' as archivo from auditoria where entidad = 'facturas_guias' order by id desc limit 47");
    expect(new Set(audited.rows.map((r: { entidad_id: string }) => Number(r.entidad_id)))).toEqual(new Set(registradas.map((r: { id: number }) => r.id)));
    // Again with one new document: the 47 are named as registered, the new one is written.
    const again = await post("/api/facturas_guias/dte", [file("a.xml", envio([...first, ...second, dteXml(spec(8048))]))]);
    expect(again.statusCode).toBe(201);
    expect(again.json().registradas.map((r: { numero_factura: string }) => r.numero_factura)).toEqual(["8048"]);
    expect(again.json().duplicadas).toHaveLength(47);
    const preview = await post("/api/facturas_guias/dte/vista-previa", [file("a.xml", envio([...first, dteXml(spec(8049))]))]);
    expect(preview.json().documentos.map((d: { duplicado: string | null }) => d.duplicado === null)).toEqual([...Array(30).fill(false), true]);
  });

  it("an invoice typed by hand first (same supplier and number) is also a duplicate", async () => {
    const manual = await t.request({ method: "POST", url: "/api/facturas_guias", as: "Bodega", payload: { proveedor: "Aluminios Peñalolén", numero_factura: "1600", fecha: today, monto_neto: 1000 } });
    expect(manual.statusCode).toBe(201);
    const res = await post("/api/facturas_guias/dte", [file("f.xml", dteXml({ ...factura, folio: 1600 }))]);
    expect(res.statusCode).toBe(409);
  });

  it("400 for unreadable files (nothing written); 401 without a session", async () => {
    const before = await counts();
    expect((await post("/api/facturas_guias/dte", [{ nombre: "vacío.xml", contenido: "" }])).statusCode).toBe(400);
    expect((await post("/api/facturas_guias/dte", { archivos: "x" })).statusCode).toBe(400);
    expect(await counts()).toEqual(before);
    expect((await post("/api/facturas_guias/dte", [file("f.xml", dteXml(guia))], null)).statusCode).toBe(401);
  });
});

describe("23.8 large XML files", () => {
  const MiB = 1024 * 1024;
  const big = (nombre: string, bytes: Uint8Array) => ({ nombre, contenido: Buffer.from(bytes).toString("base64") });

  it("23.8 a file over 5 MiB is refused with 413 in Spanish naming it, nothing written", async () => {
    const before = await counts();
    const xml = largeEnvio(5 * MiB + 1024, { firstFolio: 900_000 });
    for (const url of ["/api/facturas_guias/dte/vista-previa", "/api/facturas_guias/dte"]) {
      const res = await post(url, [file("chico.xml", dteXml(factura)), big("enorme.xml", xml)]);
      expect(res.statusCode).toBe(413);
      expect(res.json().message).toMatch(/^enorme\.xml pesa 5,0 MiB: un DTE del SII no pasa de 5 MiB/);
    }
    expect(await counts()).toEqual(before);
  });

  it("23.8 a 10 MiB import is read off the request thread: the event loop keeps answering", async () => {
    const files = [0, 1, 2, 3].map((i) => big(`envio-${i}.xml`, largeEnvio(2.5 * MiB, { firstFolio: 100_000 * (i + 1) })));
    const total = files.reduce((n, f) => n + Buffer.from(f.contenido, "base64").length, 0);
    expect(total).toBeGreaterThanOrEqual(10 * MiB);
    const token = await t.tokenFor("Bodega");
    const payload = JSON.stringify({ archivos: files });
    const delay = monitorEventLoopDelay({ resolution: 10 });
    delay.enable();
    const started = performance.now();
    const res = await t.app.inject({ method: "POST", url: "/api/facturas_guias/dte/vista-previa", headers: { authorization: `Bearer ${token}`, "content-type": "application/json" }, payload });
    const tookMs = performance.now() - started;
    delay.disable();
    expect(res.statusCode).toBe(200);
    expect(res.json().documentos.length).toBeGreaterThan(500);
    const worstMs = delay.max / 1e6;
    console.info(`23.8: 10 MiB preview (${(total / MiB).toFixed(1)} MiB XML) in ${tookMs.toFixed(0)} ms, longest event-loop stall ${worstMs.toFixed(0)} ms`);
    // Read on the request thread, the files stall it for most of the request (6 s of a 10 s
    // request on a loaded 2-core machine); off it, only scheduling noise remains.
    expect(worstMs).toBeLessThan(Math.min(1000, tookMs / 4));
  });
});

describe("issue 35 §4: refusals the import used to skip", () => {
  it("a DTE addressed to another company (RUTRecep is not Empresa's) is refused naming both RUTs, nothing written", async () => {
    const before = await counts();
    const ajeno: DocSpec = { ...factura, folio: 3501, refs: [], receptor: "96512340-7" };
    const res = await post("/api/facturas_guias/dte", [file("ajeno.xml", dteXml(ajeno))]);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain("ajeno.xml: Factura electrónica N° 3501 está emitida a 96.512.340-7 y la empresa es 76.543.210-3");
    expect(await counts()).toEqual(before);
    const preview = await post("/api/facturas_guias/dte/vista-previa", [file("ajeno.xml", envio([dteXml(ajeno), dteXml({ ...factura, folio: 3502, refs: [] })]))]);
    expect(preview.statusCode).toBe(200);
    expect(preview.json().documentos.map((d: { folio: number }) => d.folio)).toEqual([3502]);
    expect(preview.json().rechazados).toEqual(["ajeno.xml: Factura electrónica N° 3501 está emitida a 96.512.340-7 y la empresa es 76.543.210-3 (Administración → Empresa): no se registra."]);
  });

  it("two copies of one document with different amounts: in one upload, and against the registered one, both totals are shown", async () => {
    const a: DocSpec = { ...factura, folio: 3601, refs: [], neto: 1000, iva: 190, total: 1190, lines: [{ nombre: "Perfil", monto: 1000 }] };
    const b: DocSpec = { ...a, neto: 2000, iva: 380, total: 2380, lines: [{ nombre: "Perfil", monto: 2000 }] };
    const res = await post("/api/facturas_guias/dte", [file("a.xml", dteXml(a)), file("b.xml", dteXml(b))]);
    expect(res.statusCode).toBe(201);
    expect(res.json().rechazados).toEqual(["b.xml: Factura electrónica N° 3601 viene dos veces con montos distintos: total $1.190 en a.xml y $2.380 en b.xml; se tomó la de a.xml."]);
    const again = await post("/api/facturas_guias/dte", [file("b.xml", dteXml(b))]);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toContain("Factura electrónica N° 3601 de Aluminios Peñalolén ya está registrada con un total de $1.190; este archivo dice $2.380.");
  });
});
