import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { declaredEncoding, decodeLatin1, decodeXmlBytes } from "./dte-decode";
import { matchInvoiceToOrders } from "./dte-match";
import { dteXml, envio, latin1, withDecl, type DocSpec } from "./dte.fixtures";
import {
  DTE_MAX_BYTES,
  dteInvoiceFields,
  dteKey,
  dtePurchaseOrderRefs,
  MSG_DTE_NO_ES_DTE,
  MSG_DTE_SIN_DOCUMENTOS,
  MSG_DTE_VACIO,
  MSG_DTE_XML_INVALIDO,
  parseDteXml,
  type Dte,
} from "./dte-parse";

// ---- Realistic SII XML from ./dte.fixtures (shared with the API and browser tests). ----

const utf8 = (text: string) => new TextEncoder().encode(text);

const factura: DocSpec = {
  tipo: 33,
  folio: 1201,
  neto: 100000,
  iva: 19000,
  total: 119000,
  lines: [
    { codigo: "AL-25", nombre: "Perfil marco 25 mm", qty: 10, precio: 5000, monto: 50000 },
    { codigo: "TOR-8", nombre: "Tornillo autoperforante 8x1\"", qty: 500, precio: 20, monto: 10000, unidad: "UN" },
    { nombre: "Burlete de goma EPDM", qty: 80, precio: 500, monto: 40000, unidad: "MT" },
  ],
  refs: [{ tipo: "801", folio: "1024", razon: "Orden de compra" }],
};

function only(result: ReturnType<typeof parseDteXml>): Dte {
  if (!result.ok) throw new Error(result.mensaje);
  expect(result.documentos).toHaveLength(1);
  return result.documentos[0];
}

describe("reading a factura (33) written in ISO-8859-1", () => {
  const bytes = latin1(withDecl(dteXml(factura)));

  it("really is Latin-1: ñ is the single byte 0xF1", () => {
    expect(bytes.includes(0xf1)).toBe(true);
    expect(bytes.includes(0xc3)).toBe(false);
  });

  it("reads the issuer, folio, date, amounts and lines", () => {
    const doc = only(parseDteXml(bytes));
    expect(doc).toMatchObject({
      tipo: 33,
      tipo_nombre: "Factura electrónica",
      folio: 1201,
      fecha_emision: "2026-03-05",
      rut_emisor: "76.086.428-5",
      razon_social_emisor: "Aluminios Peñalolén SpA",
      rut_receptor: "76.543.210-3",
      razon_social_receptor: "Ventanas Ñuble Ltda.",
      fecha_vencimiento: "2026-04-04",
      monto_neto: 100000,
      monto_exento: 0,
      iva: 19000,
      monto_total: 119000,
      avisos: [],
    });
    expect(doc.lineas).toEqual([
      { numero: 1, codigos: ["AL-25"], codigo: "AL-25", nombre: "Perfil marco 25 mm", descripcion: null, cantidad: 10, unidad: "UN", precio_unitario: 5000, monto: 50000, exento: false },
      { numero: 2, codigos: ["TOR-8"], codigo: "TOR-8", nombre: 'Tornillo autoperforante 8x1"', descripcion: null, cantidad: 500, unidad: "UN", precio_unitario: 20, monto: 10000, exento: false },
      { numero: 3, codigos: [], codigo: null, nombre: "Burlete de goma EPDM", descripcion: null, cantidad: 80, unidad: "MT", precio_unitario: 500, monto: 40000, exento: false },
    ]);
    expect(dtePurchaseOrderRefs(doc)).toEqual(["1024"]);
    expect(dteKey(doc)).toBe("76.086.428-5|33|1201");
  });

  it("accepts an ArrayBuffer, a UTF-8 file and already decoded text alike", () => {
    const expected = only(parseDteXml(bytes));
    expect(only(parseDteXml(bytes.slice().buffer))).toEqual(expected);
    expect(only(parseDteXml(utf8(withDecl(dteXml(factura), "UTF-8"))))).toEqual(expected);
    expect(only(parseDteXml(withDecl(dteXml(factura))))).toEqual(expected);
  });

  it("reads a file declared ISO-8859-1 but written in UTF-8 without mojibake", () => {
    expect(only(parseDteXml(utf8(withDecl(dteXml(factura))))).razon_social_emisor).toBe("Aluminios Peñalolén SpA");
  });

  it("decodes entities", () => {
    const doc = only(parseDteXml(latin1(withDecl(dteXml({ ...factura, razon: "Ferretería Ñuñoa &amp; Cía. Ltda." })))));
    expect(doc.razon_social_emisor).toBe("Ferretería Ñuñoa & Cía. Ltda.");
  });
});

describe("an EnvioDTE with several documents", () => {
  const exenta: DocSpec = { tipo: 34, folio: 88, exe: 45000, total: 45000, lines: [{ nombre: "Flete a obra", monto: 45000, exento: true }] };
  const guia: DocSpec = {
    tipo: 52,
    folio: 3310,
    neto: 89000,
    iva: 16910,
    total: 105910,
    lines: [{ codigo: "VID-4", nombre: "Vidrio incoloro 4 mm", qty: 10, precio: 8900, monto: 89000, unidad: "M2" }],
  };
  const nc: DocSpec = {
    tipo: 61,
    folio: 55,
    neto: 10000,
    iva: 1900,
    total: 11900,
    lines: [{ codigo: "AL-25", nombre: "Perfil marco 25 mm", qty: 2, precio: 5000, monto: 10000 }],
    refs: [{ tipo: "33", folio: "1201", cod: 3, razon: "Devolución de mercadería dañada" }],
  };
  const file = latin1(withDecl(envio([dteXml(factura), dteXml(exenta), dteXml(guia), dteXml(nc)])));

  it("reads all four supported types", () => {
    const r = parseDteXml(file);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.rechazados).toEqual([]);
    expect(r.documentos.map((d) => [d.tipo, d.tipo_nombre, d.folio])).toEqual([
      [33, "Factura electrónica", 1201],
      [34, "Factura exenta electrónica", 88],
      [52, "Guía de despacho electrónica", 3310],
      [61, "Nota de crédito electrónica", 55],
    ]);
    const [, ex, gd, credit] = r.documentos;
    expect(ex).toMatchObject({ monto_neto: 0, monto_exento: 45000, iva: 0, monto_total: 45000, avisos: [] });
    expect(ex.lineas[0]).toMatchObject({ exento: true, cantidad: null, precio_unitario: null, monto: 45000 });
    expect(gd.lineas[0]).toMatchObject({ codigo: "VID-4", cantidad: 10, unidad: "M2", precio_unitario: 8900 });
    expect(credit.referencias).toEqual([{ tipo: "33", folio: "1201", fecha: "2026-03-01", codigo: "3", razon: "Devolución de mercadería dañada" }]);
  });

  it("maps each document to the invoice entry fields", () => {
    const r = parseDteXml(file);
    if (!r.ok) throw new Error(r.mensaje);
    const [fa, ex, gd, credit] = r.documentos.map(dteInvoiceFields);
    expect(fa).toEqual({
      proveedor: "Aluminios Peñalolén SpA",
      rut_proveedor: "76.086.428-5",
      numero_factura: "1201",
      numero_guia: null,
      fecha: "2026-03-05",
      monto_neto: 100000,
      iva: 19000,
      monto_total: 119000,
      observacion: "Factura electrónica N° 1201",
    });
    expect(ex).toMatchObject({ numero_factura: "88", monto_neto: 45000, iva: 0, monto_total: 45000 });
    expect(gd).toMatchObject({ numero_factura: null, numero_guia: "3310", monto_neto: 89000, iva: 16910, monto_total: 105910 });
    expect(credit).toMatchObject({
      numero_factura: "55",
      monto_neto: -10000,
      iva: -1900,
      monto_total: -11900,
      observacion: "Nota de crédito electrónica N° 55, corrige factura N° 1201 (Devolución de mercadería dañada)",
    });
  });

  it("keeps the readable documents and says why the others were refused", () => {
    const boleta: DocSpec = { tipo: 39, folio: 9, total: 1190, lines: [{ nombre: "Silicona", monto: 1190 }] };
    const badRut: DocSpec = { ...factura, folio: 1202, rut: "76086428-4" };
    const r = parseDteXml(latin1(withDecl(envio([dteXml(boleta), dteXml(factura), dteXml(badRut)]))));
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.documentos.map((d) => d.folio)).toEqual([1201]);
    expect(r.rechazados).toEqual([
      "Documento 1: El tipo de documento 39 (boleta electrónica) no se puede registrar: se aceptan facturas (33), facturas exentas (34), guías de despacho (52) y notas de crédito (61).",
      'Factura electrónica N° 1202: el RUT del emisor (RUTEmisor) falta o no es válido ("76086428-4").',
    ]);
  });
});

describe("files that are not a readable DTE get a Spanish message", () => {
  it("refuses an empty, broken or foreign file", () => {
    expect(parseDteXml(new Uint8Array())).toEqual({ ok: false, mensaje: MSG_DTE_VACIO });
    expect(parseDteXml(latin1("   \n"))).toEqual({ ok: false, mensaje: MSG_DTE_VACIO });
    const full = withDecl(dteXml(factura));
    expect(parseDteXml(latin1(full.slice(0, full.length / 2)))).toEqual({ ok: false, mensaje: MSG_DTE_XML_INVALIDO });
    expect(parseDteXml(latin1("%PDF-1.4\n%âãÏÓ\n1 0 obj << /Type /Catalog >>"))).toEqual({ ok: false, mensaje: MSG_DTE_XML_INVALIDO });
    expect(parseDteXml(latin1(withDecl('<RespuestaDTE xmlns="http://www.sii.cl/SiiDte"><Resultado/></RespuestaDTE>')))).toEqual({ ok: false, mensaje: MSG_DTE_NO_ES_DTE });
    expect(parseDteXml(latin1(withDecl("<Factura><Folio>1</Folio></Factura>")))).toEqual({ ok: false, mensaje: MSG_DTE_NO_ES_DTE });
    expect(parseDteXml(latin1(withDecl(envio([]))))).toEqual({ ok: false, mensaje: MSG_DTE_SIN_DOCUMENTOS });
    expect(parseDteXml(new Uint8Array(DTE_MAX_BYTES + 1))).toEqual({ ok: false, mensaje: "El archivo es demasiado grande para ser un DTE (máximo 5 MiB)." });
  });

  it("names the missing or wrong field of a single document", () => {
    const msg = (d: DocSpec) => {
      const r = parseDteXml(latin1(withDecl(dteXml(d))));
      return r.ok ? "ok" : r.mensaje;
    };
    expect(msg({ ...factura, total: undefined })).toBe("Factura electrónica N° 1201: falta el monto total (MntTotal).");
    expect(msg({ ...factura, total: "119.000" })).toBe('Factura electrónica N° 1201: el monto MntTotal no es un número ("119.000").');
    expect(msg({ ...factura, folio: "A12" })).toBe('El documento: el folio (Folio) falta o no es un número válido ("A12").');
    expect(msg({ ...factura, fecha: "05-03-2026" })).toBe('Factura electrónica N° 1201: la fecha de emisión (FchEmis) falta o no es válida ("05-03-2026").');
    expect(msg({ ...factura, razon: "" })).toBe("Factura electrónica N° 1201: falta la razón social del emisor (RznSoc).");
    expect(msg({ ...factura, lines: [{ nombre: "Perfil", qty: 1, precio: 5000, monto: "5.000" as unknown as number }] })).toBe(
      'Factura electrónica N° 1201, línea 1: el valor MontoItem no es un número ("5.000").',
    );
  });

  it("warns when the totals do not add up", () => {
    const doc = only(parseDteXml(latin1(withDecl(dteXml({ ...factura, iva: 19500, total: 119000 })))));
    expect(doc.avisos).toEqual(["El total ($119.000) no cuadra con neto + exento + IVA ($119.500).", "El IVA ($19.500) no es el 19% del neto ($19.000)."]);
  });

  it("never throws, whatever the bytes", () => {
    const valid = withDecl(envio([dteXml(factura), dteXml({ ...factura, folio: 1300 })]));
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 400 }), (b) => typeof parseDteXml(b).ok === "boolean"),
      { numRuns: 300 },
    );
    fc.assert(
      fc.property(fc.integer({ min: 0, max: valid.length }), fc.integer({ min: 0, max: valid.length }), fc.string({ maxLength: 5 }), (a, b, junk) => {
        const [from, to] = a < b ? [a, b] : [b, a];
        const r = parseDteXml(valid.slice(0, from) + junk + valid.slice(to));
        return r.ok ? r.documentos.every((d) => d.rut_emisor === "76.086.428-5") : typeof r.mensaje === "string" && r.mensaje.length > 0;
      }),
      { numRuns: 300 },
    );
  });
});

describe("byte decoding", () => {
  it("reads the declared encoding", () => {
    expect(declaredEncoding(latin1('<?xml version="1.0" encoding="ISO-8859-1"?><a/>'))).toBe("iso-8859-1");
    expect(declaredEncoding(latin1("<?xml version='1.0' encoding='utf-8' standalone='yes'?><a/>"))).toBe("utf-8");
    expect(declaredEncoding(latin1("<a/>"))).toBeNull();
  });

  it("decodes Latin-1 as windows-1252, like browsers", () => {
    expect(decodeLatin1(Uint8Array.of(0x50, 0xe9, 0xf1, 0x80, 0xba))).toBe("Péñ€º");
    expect(decodeXmlBytes(Uint8Array.of(0xef, 0xbb, 0xbf, 0x3c, 0x61, 0x2f, 0x3e))).toBe("<a/>");
    expect(decodeXmlBytes(latin1("<a>Ñuñoa</a>"))).toBe("<a>Ñuñoa</a>"); // no declaration, not UTF-8 → Latin-1
    expect(decodeXmlBytes(utf8("<a>Ñuñoa</a>"))).toBe("<a>Ñuñoa</a>"); // no declaration, valid UTF-8
  });
});

describe("from the XML to the purchase orders", () => {
  it("matches the parsed factura to the order it cites", () => {
    const doc = only(parseDteXml(latin1(withDecl(dteXml(factura)))));
    const orderLines = [
      { numero_oc: 1020, id: 1, codigo: "AL-25", producto: "Perfil marco 25 mm", cantidad: 10, cantidad_llegada: 0, precio_unitario: 5000 },
      { numero_oc: 1024, id: 7, codigo: "AL-25", producto: "Perfil marco 25 mm", cantidad: 10, cantidad_llegada: 0, precio_unitario: 5000 },
      { numero_oc: 1024, id: 8, codigo: "TOR-8", producto: "Tornillo autoperforante 8x1\"", cantidad: 500, cantidad_llegada: 0, precio_unitario: 18 },
      { numero_oc: 1024, id: 9, codigo: "GOM-1", producto: "Burlete de goma EPDM", cantidad: 100, cantidad_llegada: 0, precio_unitario: 500 },
    ];
    const m = matchInvoiceToOrders(doc.lineas, orderLines, dtePurchaseOrderRefs(doc));
    expect(m.ordenes).toEqual([1024]);
    expect(m.lineas.map((l) => [l.por, l.asignaciones.map((a) => a.item_id), l.diferencias.map((d) => d.tipo)])).toEqual([
      ["codigo", [7], []],
      ["codigo", [8], ["precio_distinto"]],
      ["nombre", [9], ["cantidad_menor"]],
    ]);
  });
});

describe("issue 35 §4: what the import must not accept silently", () => {
  const msg = (xml: string | Uint8Array) => {
    const r = parseDteXml(typeof xml === "string" ? latin1(xml) : xml);
    return r.ok ? (r.rechazados[0] ?? "ok") : r.mensaje;
  };

  it("refuses negative MntNeto, MntExe or MntTotal (the SII schema types them as non-negative)", () => {
    expect(msg(withDecl(dteXml({ ...factura, neto: -100000, total: -81000 })))).toBe("Factura electrónica N° 1201: el monto MntNeto no puede ser negativo (-100000).");
    expect(msg(withDecl(dteXml({ ...factura, exe: -5, total: 118995 })))).toBe("Factura electrónica N° 1201: el monto MntExe no puede ser negativo (-5).");
    expect(msg(withDecl(dteXml({ ...factura, neto: 0, iva: 0, total: -1 })))).toBe("Factura electrónica N° 1201: el monto MntTotal no puede ser negativo (-1).");
  });

  it("refuses a file with a DOCTYPE or entity declarations (a real DTE has none)", () => {
    const doctype = `<?xml version="1.0" encoding="ISO-8859-1"?>\n<!DOCTYPE DTE [<!ENTITY e "x">]>\n${dteXml(factura)}`;
    expect(msg(doctype)).toBe("El archivo declara un DOCTYPE o entidades XML: un DTE del SII no las trae y no se lee.");
    expect(msg(`<?xml version="1.0"?><!DOCTYPE DTE SYSTEM "http://x/dte.dtd">${dteXml(factura)}`)).toBe("El archivo declara un DOCTYPE o entidades XML: un DTE del SII no las trae y no se lee.");
  });

  it("reads bytes that are not UTF-8 under a UTF-8 declaration as ISO-8859-1 (no U+FFFD stored)", () => {
    const doc = only(parseDteXml(latin1(withDecl(dteXml(factura), "UTF-8"))));
    expect(doc.razon_social_emisor).toBe("Aluminios Peñalolén SpA");
    expect(decodeXmlBytes(latin1('<?xml version="1.0" encoding="UTF-8"?><a>Ñuñoa</a>'))).toBe('<?xml version="1.0" encoding="UTF-8"?><a>Ñuñoa</a>');
  });

  it("names export documents (110, 111, 112) and the other SII types it cannot register", () => {
    const tipo = (t: number) => msg(withDecl(dteXml({ tipo: t, folio: 5, total: 1000, lines: [{ nombre: "Perfil", monto: 1000 }] })));
    expect(tipo(110)).toBe("El documento: El tipo de documento 110 (factura de exportación electrónica) no se puede registrar: se aceptan facturas (33), facturas exentas (34), guías de despacho (52) y notas de crédito (61).");
    expect(tipo(111)).toContain("111 (nota de débito de exportación electrónica)");
    expect(tipo(112)).toContain("112 (nota de crédito de exportación electrónica)");
    expect(tipo(46)).toContain("46 (factura de compra electrónica)");
    expect(tipo(56)).toContain("56 (nota de débito electrónica)");
  });
});
