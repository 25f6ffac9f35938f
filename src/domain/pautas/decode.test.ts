import { describe, expect, it } from "vitest";
import { latin1, utf8 } from "./csv.fixtures";
import {
  decodeLatin1,
  decodePautaCsvBytes,
  MSG_CSV_BINARIO,
  MSG_CSV_CORTADO_CARACTER,
  MSG_CSV_EXCEL,
  MSG_CSV_PDF,
  MSG_CSV_UTF16,
  MSG_CSV_UTF8,
  MSG_CSV_VACIO,
} from "./decode";

function ok(bytes: Parameters<typeof decodePautaCsvBytes>[0]) {
  const d = decodePautaCsvBytes(bytes);
  if (!d.ok) throw new Error(`se esperaba texto: ${d.error}`);
  return d;
}

describe("decodePautaCsvBytes: ISO-8859-1", () => {
  it("reads accented Spanish product names from ISO-8859-1 bytes", () => {
    const d = ok(latin1("Tapa desagüe;Escuadra de alineación;Piñón;Ñandú;ÁÉÍÓÚ"));
    expect(d).toEqual({ ok: true, text: "Tapa desagüe;Escuadra de alineación;Piñón;Ñandú;ÁÉÍÓÚ", encoding: "iso-8859-1", warnings: [] });
  });

  it("reads bytes 0x80–0x9F as a browser does (windows-1252): €, curly quotes, dashes", () => {
    expect(decodeLatin1(new Uint8Array([0x80, 0x93, 0x41, 0x94, 0x96, 0x85]))).toBe("€“A”–…");
    expect(decodeLatin1(new Uint8Array([0x81, 0x8d, 0x8f, 0x90, 0x9d]))).toBe("\u0081\u008d\u008f\u0090\u009d");
    const all = new Uint8Array(256).map((_, i) => i);
    expect(decodeLatin1(all).length).toBe(256);
  });

  it("does not take ISO-8859-1 text for UTF-8 (ñ is F1 followed by a letter)", () => {
    const bytes = latin1("Piñón;Ángulo");
    expect(bytes[2]).toBe(0xf1);
    expect(ok(bytes).encoding).toBe("iso-8859-1");
    expect(ok(latin1("ñ")).text).toBe("ñ"); // a lone F1 at the very end is not a cut UTF-8 character
    expect(ok(latin1("Piñón;Ñandú;ñ"))).toMatchObject({ text: "Piñón;Ñandú;ñ", encoding: "iso-8859-1", warnings: [] });
  });

  it("reads plain ASCII without warnings", () => {
    expect(ok(utf8("Profiles;;\n"))).toEqual({ ok: true, text: "Profiles;;\n", encoding: "iso-8859-1", warnings: [] });
  });

  it("accepts an ArrayBuffer, a DataView and a view into a larger buffer", () => {
    const bytes = latin1("xxPiñónxx");
    expect(ok(bytes.slice().buffer).text).toBe("xxPiñónxx");
    expect(ok(new DataView(bytes.buffer, 2, 5)).text).toBe("Piñón");
    expect(ok(bytes.subarray(2, 7)).text).toBe("Piñón");
  });
});

describe("decodePautaCsvBytes: UTF-8 files are read as UTF-8, with a warning", () => {
  it("reads a UTF-8 file correctly instead of as mojibake", () => {
    const d = ok(utf8("Tapa desagüe;Piñón"));
    expect(d.text).toBe("Tapa desagüe;Piñón");
    expect(d.encoding).toBe("utf-8");
    expect(d.warnings).toEqual([MSG_CSV_UTF8]);
    expect(decodeLatin1(utf8("Piñón"))).toBe("PiÃ±Ã³n"); // what reading it as ISO-8859-1 would give
  });

  it("drops a UTF-8 BOM", () => {
    const d = ok(new Uint8Array([0xef, 0xbb, 0xbf, ...utf8("Profiles;;")]));
    expect(d.text).toBe("Profiles;;");
    expect(d.warnings).toEqual([MSG_CSV_UTF8]);
  });

  it("reads a UTF-8 file cut in the middle of a character up to the cut", () => {
    const full = utf8("Piñón;Ángulo ñ");
    const d = ok(full.subarray(0, full.length - 1));
    expect(d.text).toBe("Piñón;Ángulo ");
    expect(d.encoding).toBe("utf-8");
    expect(d.warnings).toEqual([MSG_CSV_UTF8, MSG_CSV_CORTADO_CARACTER]);
    const withBom = new Uint8Array([0xef, 0xbb, 0xbf, ...full.subarray(0, full.length - 1)]);
    expect(ok(withBom).warnings).toEqual([MSG_CSV_UTF8, MSG_CSV_CORTADO_CARACTER]);
  });
});

describe("decodePautaCsvBytes: files that are not a CSV", () => {
  it.each([
    ["empty", new Uint8Array(0), MSG_CSV_VACIO],
    ["xlsx (zip)", new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00, 0x06, 0x00]), MSG_CSV_EXCEL],
    ["xls", new Uint8Array([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0]), MSG_CSV_EXCEL],
    ["pdf", latin1("%PDF-1.7\n%âãÏÓ\n"), MSG_CSV_PDF],
    ["UTF-16 LE", new Uint8Array([0xff, 0xfe, 0x50, 0x00, 0x72, 0x00]), MSG_CSV_UTF16],
    ["UTF-16 BE", new Uint8Array([0xfe, 0xff, 0x00, 0x50, 0x00, 0x72]), MSG_CSV_UTF16],
    ["NUL bytes", latin1("Profiles;\u0000;\u0000"), MSG_CSV_BINARIO],
    ["control characters", new Uint8Array(Array.from({ length: 200 }, (_, i) => (i % 10 === 0 ? 0x01 : 0x41))), MSG_CSV_BINARIO],
  ])("%s", (_name, bytes, message) => {
    expect(decodePautaCsvBytes(bytes)).toEqual({ ok: false, error: message });
  });

  it("tolerates a few stray control characters and a DOS end-of-file mark", () => {
    const text = `${"A;B;C\r\n".repeat(50)}\u0002\u001a`;
    expect(ok(latin1(text)).text).toBe(text);
  });

  it("never throws on what is not bytes", () => {
    expect(decodePautaCsvBytes(null as unknown as Uint8Array)).toEqual({ ok: false, error: MSG_CSV_VACIO });
    expect(decodePautaCsvBytes("texto" as unknown as Uint8Array)).toEqual({ ok: false, error: MSG_CSV_VACIO });
  });
});
