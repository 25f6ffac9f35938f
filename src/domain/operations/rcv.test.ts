import { describe, expect, it } from "vitest";
import { latin1 } from "./dte.fixtures";
import { MSG_RCV_DEMASIADAS_FILAS, MSG_RCV_NO_CSV, MSG_RCV_REGISTRO, normalizeHeader, parseRcvAmount, parseRcvCsv, parseRcvDate, rcvFileName } from "./rcv";
import { RCV_HEADER, rcvCsv, rcvLatin1, rcvUtf8Bom, type RcvRowSpec } from "./rcv.fixtures";

const NOMBRE = "RCV_COMPRA_REGISTRO_76543210-3_202603.csv";
// A month: a factura, an exempt invoice (34), a credit note (61) of Aluminios Peñalolén.
const rows: RcvRowSpec[] = [
  { rut: "76086428-5", razon: "Aluminios Peñalolén SpA", folio: 1501, fecha: "2026-03-05", recepcion: "2026-03-06", neto: 1234567, iva: 234568, total: 1469135 },
  { tipo: 34, rut: "96512340-7", razon: "Vidrios Ñuble S.A.", folio: 77, fecha: "2026-03-10", exento: 50000, total: 50000 },
  { tipo: 61, rut: "76086428-5", razon: "Aluminios Peñalolén SpA", folio: 31, fecha: "2026-03-12", acuse: "2026-03-13", neto: 10000, iva: 1900, total: 11900 },
];

function ok(r: ReturnType<typeof parseRcvCsv>) {
  if (!r.ok) throw new Error(r.mensaje);
  return r;
}

describe("reading the SII's Registro de Compras (RCV)", () => {
  it("reads the real header and rows in ISO-8859-1: period and register from the file name", () => {
    const r = ok(parseRcvCsv(NOMBRE, rcvLatin1(rows)));
    expect(r).toMatchObject({ periodo: "2026-03", registro: "REGISTRO", rut_empresa: "76.543.210-3" });
    expect(r.filas).toEqual([
      { linea: 2, tipo_doc: 33, tipo_compra: "Del Giro", rut_proveedor: "76.086.428-5", razon_social: "Aluminios Peñalolén SpA", folio: "1501", fecha_docto: "2026-03-05", fecha_recepcion: "2026-03-06", fecha_acuse: null, monto_exento: 0, monto_neto: 1234567, iva_recuperable: 234568, iva_no_recuperable: 0, monto_total: 1469135 },
      expect.objectContaining({ tipo_doc: 34, rut_proveedor: "96.512.340-7", razon_social: "Vidrios Ñuble S.A.", monto_exento: 50000, monto_total: 50000 }),
      expect.objectContaining({ tipo_doc: 61, folio: "31", fecha_acuse: "2026-03-13", monto_neto: 10000, iva_recuperable: 1900 }),
    ]);
  });

  it("reads UTF-8 with a BOM and amounts with thousands dots (Excel) the same", () => {
    const plain = ok(parseRcvCsv(NOMBRE, rcvLatin1(rows)));
    expect(ok(parseRcvCsv(NOMBRE, rcvUtf8Bom(rows, { dots: true })))).toEqual(plain);
    expect(ok(parseRcvCsv(NOMBRE, new TextEncoder().encode(rcvCsv(rows))))).toEqual(plain);
    expect(parseRcvAmount("1.234.567")).toBe(1234567);
    expect(parseRcvAmount("1234567")).toBe(1234567);
    expect(parseRcvAmount("")).toBe(0);
    expect(parseRcvAmount("1234567,00")).toBe(1234567);
    expect(parseRcvAmount("12.34")).toBeNull();
    expect(parseRcvAmount("1,5")).toBeNull();
  });

  it("finds the columns by name in any order, whatever the case, accents and spaces", () => {
    const header = RCV_HEADER.split(";");
    const order = header.map((_, i) => i).reverse();
    const csv = rcvCsv(rows)
      .trim()
      .split("\r\n")
      .map((l, n) => order.map((i) => (n === 0 ? ` ${l.split(";")[i].toUpperCase().replace("RAZON", "Razón")} ` : l.split(";")[i])).join(";"))
      .join("\n");
    expect(ok(parseRcvCsv(NOMBRE, latin1(csv))).filas).toEqual(ok(parseRcvCsv(NOMBRE, rcvLatin1(rows))).filas);
    expect(normalizeHeader("  Razón   Social ")).toBe("razon social");
  });

  it("reads the register and period from the name, or takes the register chosen on upload", () => {
    expect(rcvFileName("RCV_COMPRA_RECLAMADO_76543210-3_202602.csv")).toEqual({ registro: "RECLAMADO", rut: "76.543.210-3", periodo: "2026-02" });
    expect(rcvFileName("compras marzo.csv")).toEqual({ registro: null, rut: null, periodo: null });
    expect(parseRcvCsv("compras.csv", rcvLatin1(rows))).toEqual({ ok: false, mensaje: MSG_RCV_REGISTRO });
    expect(ok(parseRcvCsv("compras.csv", rcvLatin1(rows), "PENDIENTE"))).toMatchObject({ registro: "PENDIENTE", periodo: "2026-03", rut_empresa: null });
  });

  it("dates: dd/mm/yyyy with or without time, dd-mm-yyyy, ISO", () => {
    expect(parseRcvDate("05/03/2026 10:14:55")).toBe("2026-03-05");
    expect(parseRcvDate("5-3-2026")).toBe("2026-03-05");
    expect(parseRcvDate("2026-03-05")).toBe("2026-03-05");
    expect(parseRcvDate("31/02/2026")).toBeNull();
  });
});

describe("what the RCV import refuses, in Spanish, with the column or the line", () => {
  const msg = (bytes: Uint8Array, nombre = NOMBRE) => {
    const r = parseRcvCsv(nombre, bytes);
    return r.ok ? "ok" : r.mensaje;
  };
  it("not a CSV, or a missing column named", () => {
    expect(msg(latin1("%PDF-1.4 binario"))).toBe(MSG_RCV_NO_CSV);
    expect(msg(latin1("a,b,c\n1,2,3"))).toBe(MSG_RCV_NO_CSV);
    const noFolio = rcvCsv(rows).replace(";Folio;", ";Numero;");
    expect(msg(latin1(noFolio))).toBe("Falta la columna «Folio» en el encabezado del archivo.");
    expect(msg(latin1(RCV_HEADER + "\r\n"))).toBe("El archivo no trae documentos: solo el encabezado.");
  });
  it("a bad RUT, date or amount names the line and column", () => {
    expect(msg(rcvLatin1([{ ...rows[0], rut: "76086428-4" }]))).toBe("Línea 2: el RUT no es válido en la columna «RUT Proveedor» («76086428-4»).");
    const badDate = rcvCsv([rows[0], rows[1]]).replace("10/03/2026", "2026/13/45");
    expect(msg(latin1(badDate))).toBe("Línea 3: la fecha no es válida en la columna «Fecha Docto» («2026/13/45»).");
    const badAmount = rcvCsv([rows[0]]).replace(";1469135;", ";1.469,135;");
    expect(msg(latin1(badAmount))).toBe("Línea 2: el monto no es un número de pesos en la columna «Monto Total» («1.469,135»).");
  });
  it("mixed months are refused", () => {
    expect(msg(rcvLatin1([...rows, { ...rows[0], folio: 1502, fecha: "2026-04-01", recepcion: "2026-04-01" }]))).toBe(
      "El archivo mezcla meses: es del período 2026-03 y la línea 5 es de 2026-04. Descargue el registro de un solo mes.",
    );
  });
  it("more than 10,000 rows are refused", () => {
    const many = Array.from({ length: 10_001 }, (_, i) => ({ ...rows[0], folio: i + 1 }));
    expect(msg(rcvLatin1(many))).toBe(MSG_RCV_DEMASIADAS_FILAS);
    expect(ok(parseRcvCsv(NOMBRE, rcvLatin1(many.slice(0, 10_000)))).filas).toHaveLength(10_000);
  });
});
