// Bytes of an XML file → text, honouring its declared encoding. SII electronic documents
// (DTE) are declared ISO-8859-1. Decoding is done by hand for Latin-1 so the result does
// not depend on the ICU data of the runtime (browsers, Node small-icu).

// Windows-1252 characters for bytes 0x80-0x9F (what "ISO-8859-1" means in practice,
// and what browsers decode for that label); unassigned bytes keep their code point.
const CP1252_HIGH = [
  0x20ac, 0x81, 0x201a, 0x0192, 0x201e, 0x2026, 0x2020, 0x2021, 0x02c6, 0x2030, 0x0160, 0x2039, 0x0152, 0x8d, 0x017d, 0x8f,
  0x90, 0x2018, 0x2019, 0x201c, 0x201d, 0x2022, 0x2013, 0x2014, 0x02dc, 0x2122, 0x0161, 0x203a, 0x0153, 0x9d, 0x017e, 0x0178,
];

/** Latin-1 (as windows-1252) bytes → text. */
export function decodeLatin1(bytes: Uint8Array): string {
  let out = "";
  const CHUNK = 8192;
  for (let i = 0; i < bytes.length; i += CHUNK) {
    const codes: number[] = [];
    const end = Math.min(bytes.length, i + CHUNK);
    for (let j = i; j < end; j++) {
      const b = bytes[j];
      codes.push(b >= 0x80 && b <= 0x9f ? CP1252_HIGH[b - 0x80] : b);
    }
    out += String.fromCharCode(...codes);
  }
  return out;
}

function decodeUtf8(bytes: Uint8Array, fatal: boolean): string {
  return new TextDecoder("utf-8", { fatal, ignoreBOM: false }).decode(bytes);
}

/** True when the bytes are valid UTF-8 and hold at least one multi-byte character. */
function isMultibyteUtf8(bytes: Uint8Array): boolean {
  if (!bytes.some((b) => b >= 0x80)) return false;
  try {
    decodeUtf8(bytes, true);
    return true;
  } catch {
    return false;
  }
}

const LATIN1_LABELS = new Set(["iso-8859-1", "iso8859-1", "iso_8859-1", "latin1", "latin-1", "l1", "windows-1252", "cp1252", "us-ascii", "ascii"]);

/** The encoding named in the XML declaration, lower-case; null without one. */
export function declaredEncoding(bytes: Uint8Array): string | null {
  const head = decodeLatin1(bytes.subarray(0, 200));
  const m = /^\s*<\?xml[^>]*?encoding\s*=\s*["']([A-Za-z0-9._:-]+)["']/.exec(head);
  return m ? m[1].toLowerCase() : null;
}

/**
 * Text of an XML file. A UTF-8 byte-order mark or an "UTF-8" declaration decodes as UTF-8
 * (Latin-1 when the bytes are not valid UTF-8);
 * ISO-8859-1 (and its aliases) as Latin-1; no declaration means UTF-8 as XML says, with
 * Latin-1 when the bytes are not valid UTF-8. A file declared ISO-8859-1 whose bytes are in
 * fact valid multi-byte UTF-8 (a frequent export mistake: "PeÃ±alolÃ©n") is read as UTF-8:
 * genuine Latin-1 text practically never forms valid UTF-8 sequences.
 */
export function decodeXmlBytes(bytes: Uint8Array): string {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return decodeUtf8(bytes.subarray(3), false);
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder("utf-16le").decode(bytes.subarray(2));
  const enc = declaredEncoding(bytes);
  // Declared UTF-8 but not valid UTF-8 (a Latin-1 file with a wrong declaration): read as
  // Latin-1, like an undeclared file, rather than storing U+FFFD for every accent.
  if (enc === "utf-8" || enc === "utf8") {
    try {
      return decodeUtf8(bytes, true);
    } catch {
      return decodeLatin1(bytes);
    }
  }
  if (enc === null || LATIN1_LABELS.has(enc)) {
    return isMultibyteUtf8(bytes) ? decodeUtf8(bytes, false) : decodeLatin1(bytes);
  }
  // Another declared encoding: the runtime's decoder if it has one, else Latin-1.
  try {
    return new TextDecoder(enc).decode(bytes);
  } catch {
    return decodeLatin1(bytes);
  }
}
