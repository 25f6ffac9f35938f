// Bytes of an uploaded pauta CSV → text (specification section 5: "read as ISO-8859-1").
//
// Decisions where the specification is silent:
// - "ISO-8859-1" is read the way a browser reads it (the WHATWG Encoding standard maps that
//   label to windows-1252): bytes 0x80–0x9F become €, “ ” – … as Excel writes them, never
//   invisible control characters. Decoded here by hand, because Node's TextDecoder maps
//   "latin1" differently from browsers and the server must read a file as the screen does.
// - A file that is valid UTF-8 with at least one multi-byte character (a UTF-8 BOM, or
//   "ñ" stored as C3 B1) is read as UTF-8, with a warning. ISO-8859-1 text is almost
//   never valid UTF-8 by accident (an "ñ" is F1 followed by a plain letter, an invalid
//   sequence), while reading UTF-8 as ISO-8859-1 would load "PerfÃ­l" into the pauta.
// - Spreadsheets (xlsx, xls), PDFs, UTF-16 text and other binary files are refused with a
//   message saying what the file is and how to save it as CSV.
// - A UTF-8 file cut in the middle of a character is read up to the cut, with a warning.

/** What the user is told (es-CL). */
export const MSG_CSV_VACIO = "El archivo está vacío.";
export const MSG_CSV_EXCEL =
  "El archivo es una planilla de Excel, no un CSV. Guárdelo como «CSV (delimitado por punto y coma)» y vuelva a cargarlo.";
export const MSG_CSV_PDF = "El archivo es un PDF, no un CSV.";
export const MSG_CSV_UTF16 =
  "El archivo está en UTF-16 (texto Unicode). Guárdelo como «CSV (delimitado por punto y coma)» y vuelva a cargarlo.";
export const MSG_CSV_BINARIO = "El archivo no es un CSV de texto (parece un archivo binario).";
export const MSG_CSV_ILEGIBLE = "No se pudo leer el archivo.";
export const MSG_CSV_UTF8 = "El archivo viene en UTF-8 y no en ISO-8859-1: se leyó como UTF-8 para conservar tildes y eñes.";
export const MSG_CSV_CORTADO_CARACTER = "El archivo parece cortado: termina a mitad de un carácter.";

export type CsvEncoding = "iso-8859-1" | "utf-8";

export type DecodedCsv =
  | { ok: true; text: string; encoding: CsvEncoding; warnings: string[] }
  | { ok: false; error: string };

export type CsvBytes = Uint8Array | ArrayBuffer | ArrayBufferView;

function toBytes(input: CsvBytes): Uint8Array | null {
  if (input instanceof Uint8Array) return input;
  if (input instanceof ArrayBuffer) return new Uint8Array(input);
  if (ArrayBuffer.isView(input)) return new Uint8Array(input.buffer, input.byteOffset, input.byteLength);
  return null;
}

function startsWith(bytes: Uint8Array, prefix: readonly number[]): boolean {
  if (bytes.length < prefix.length) return false;
  return prefix.every((b, i) => bytes[i] === b);
}

// windows-1252 at 0x80–0x9F; the five bytes it leaves undefined keep their C1 code point,
// as the WHATWG decoder does.
const CP1252_HIGH = [
  0x20ac, 0x81, 0x201a, 0x0192, 0x201e, 0x2026, 0x2020, 0x2021, 0x02c6, 0x2030, 0x0160, 0x2039, 0x0152, 0x8d, 0x017d, 0x8f,
  0x90, 0x2018, 0x2019, 0x201c, 0x201d, 0x2022, 0x2013, 0x2014, 0x02dc, 0x2122, 0x0161, 0x203a, 0x0153, 0x9d, 0x017e, 0x0178,
];

/** ISO-8859-1 as browsers read it (windows-1252). */
export function decodeLatin1(bytes: Uint8Array): string {
  const CHUNK = 0x4000;
  const parts: string[] = [];
  const codes = new Uint16Array(Math.min(bytes.length, CHUNK));
  for (let start = 0; start < bytes.length; start += CHUNK) {
    const end = Math.min(bytes.length, start + CHUNK);
    for (let i = start; i < end; i++) {
      const b = bytes[i];
      codes[i - start] = b >= 0x80 && b <= 0x9f ? CP1252_HIGH[b - 0x80] : b;
    }
    parts.push(String.fromCharCode.apply(null, codes.subarray(0, end - start) as unknown as number[]));
  }
  return parts.join("");
}

/** Strict UTF-8, or null when the bytes are not valid UTF-8. */
function decodeUtf8Strict(bytes: Uint8Array): string | null {
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
}

/** Where an incomplete UTF-8 sequence at the very end starts, or -1. */
function incompleteUtf8Tail(bytes: Uint8Array): number {
  const n = bytes.length;
  for (let i = n - 1; i >= Math.max(0, n - 3); i--) {
    const b = bytes[i];
    if ((b & 0xc0) === 0x80) continue; // continuation byte: look further back
    const len = b >= 0xc2 && b <= 0xdf ? 2 : b >= 0xe0 && b <= 0xef ? 3 : b >= 0xf0 && b <= 0xf4 ? 4 : 0;
    return len > 0 && i + len > n ? i : -1;
  }
  return -1;
}

function hasHighByte(bytes: Uint8Array, end = bytes.length): boolean {
  for (let i = 0; i < end; i++) if (bytes[i] >= 0x80) return true;
  return false;
}

/** Reads the bytes of an uploaded CSV as text, or says why it cannot. Never throws. */
export function decodePautaCsvBytes(input: CsvBytes): DecodedCsv {
  try {
    const bytes = input ? toBytes(input) : null;
    if (!bytes || bytes.length === 0) return { ok: false, error: MSG_CSV_VACIO };
    if (startsWith(bytes, [0x50, 0x4b, 0x03, 0x04])) return { ok: false, error: MSG_CSV_EXCEL }; // xlsx (zip)
    if (startsWith(bytes, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) return { ok: false, error: MSG_CSV_EXCEL }; // xls
    if (startsWith(bytes, [0x25, 0x50, 0x44, 0x46, 0x2d])) return { ok: false, error: MSG_CSV_PDF }; // %PDF-
    if (startsWith(bytes, [0xff, 0xfe]) || startsWith(bytes, [0xfe, 0xff])) return { ok: false, error: MSG_CSV_UTF16 };

    // Text has no NUL and hardly any control characters (tab, line breaks, form feed
    // and the old DOS end-of-file mark aside).
    let controls = 0;
    let high = false;
    for (let i = 0; i < bytes.length; i++) {
      const b = bytes[i];
      if (b === 0) return { ok: false, error: MSG_CSV_BINARIO };
      if ((b < 0x20 && b !== 0x09 && b !== 0x0a && b !== 0x0c && b !== 0x0d && b !== 0x1a) || b === 0x7f) controls++;
      else if (b >= 0x80) high = true;
    }
    if (controls * 100 > bytes.length) return { ok: false, error: MSG_CSV_BINARIO };

    if (startsWith(bytes, [0xef, 0xbb, 0xbf])) {
      const body = bytes.subarray(3);
      const strict = decodeUtf8Strict(body);
      if (strict !== null) return { ok: true, text: strict, encoding: "utf-8", warnings: [MSG_CSV_UTF8] };
      const cut = incompleteUtf8Tail(body);
      const text = new TextDecoder("utf-8").decode(cut >= 0 ? body.subarray(0, cut) : body); // invalid bytes → U+FFFD
      return { ok: true, text, encoding: "utf-8", warnings: cut >= 0 ? [MSG_CSV_UTF8, MSG_CSV_CORTADO_CARACTER] : [MSG_CSV_UTF8] };
    }
    if (!high) return { ok: true, text: decodeLatin1(bytes), encoding: "iso-8859-1", warnings: [] };

    const utf8 = decodeUtf8Strict(bytes);
    if (utf8 !== null) return { ok: true, text: utf8, encoding: "utf-8", warnings: [MSG_CSV_UTF8] };
    const cut = incompleteUtf8Tail(bytes);
    if (cut >= 0 && hasHighByte(bytes, cut)) {
      const head = decodeUtf8Strict(bytes.subarray(0, cut));
      if (head !== null) return { ok: true, text: head, encoding: "utf-8", warnings: [MSG_CSV_UTF8, MSG_CSV_CORTADO_CARACTER] };
    }
    return { ok: true, text: decodeLatin1(bytes), encoding: "iso-8859-1", warnings: [] };
  } catch {
    return { ok: false, error: MSG_CSV_ILEGIBLE };
  }
}
