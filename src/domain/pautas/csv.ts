// CSV pauta import (specification sections 5 and 9): the material list exported by the
// window-design software, semicolon-separated, read as ISO-8859-1, in sections whose
// title line names the category.
//
// Decisions where the specification is silent:
// - Same code, same category: the original quantities are added first and the total is
//   then rounded up once (bars of 5.8 m for perfiles and refuerzos). Lengths of one
//   profile are cut from bars for the whole work, so 2,9 m + 2,9 m is one bar, not two;
//   and the saved line keeps cantidad = ⌈cantidad_original / 5.8⌉ (or ⌈cantidad_original⌉),
//   so the quantity can always be explained from the original one.
// - A quantity of 0 or below, or an empty product name, skips the line (with the reason).
// - Quantities are read to 4 decimals; "1.234,5" is read the es-CL way (1234.5).
// - Every line that is not loaded is reported with its line number (where the line
//   starts in the file) and a reason, except empty lines and section titles.
// - A file that gives no pauta line at all gets one `error` saying why; problems that
//   leave the rest usable (UTF-8, data before the first title, a cut last line) are
//   `warnings`. The parser never throws.
import Papa from "papaparse";
import { parseNumberInput } from "../format/parse";
import { fromQtyUnits, toQtyUnits } from "../inventory/quantity";
import { PAUTA_CATEGORIES, pautaCantidad, type PautaCategory } from "./categories";
import { decodePautaCsvBytes, MSG_CSV_ILEGIBLE, MSG_CSV_VACIO, type CsvBytes, type CsvEncoding } from "./decode";

/** Section title (cells joined, lowercase, without spaces) → category (section 5). */
export const PAUTA_CSV_SECTION_TITLES: Readonly<Record<string, PautaCategory>> = {
  profiles: "perfiles",
  reinforcement: "refuerzos",
  glass: "vidrio",
  hardware: "herraje",
  accessories: "accesorios",
  gasketandbrushes: "gomascepillos",
  screws: "tornillos",
  installationmaterials: "instalacion",
};

export const CSV_MIN_COLUMNS = 11;
const CODE_PATTERN = /^\d{5}/;
const SPACES = /\s+/g;
const ACCENTS = /[\u0300-\u036f]/g;

/** One pauta line ready for `POST api/ot_pautas/{category}/lote`, plus where it came from. */
export interface PautaCsvItem {
  codigo: string;
  producto: string;
  /** Bars (perfiles, refuerzos) or the quantity rounded up. */
  cantidad: number;
  /** The quantity of the file (added up over the lines of the same code). */
  cantidad_original: number;
  /** File lines that gave this item. */
  lines: number[];
}

export type PautaCsvSkipKind = "header" | "columns" | "code" | "product" | "quantity" | "no_section" | "quotes" | "truncated";

export interface PautaCsvSkipped {
  line: number;
  kind: PautaCsvSkipKind;
  /** Why it was not loaded (es-CL). */
  reason: string;
  /** The line as read (cells joined with ";", at most 120 characters). */
  text: string;
}

export interface PautaCsvResult {
  /** Items per category, in order of first appearance; every category is present. */
  items: Record<PautaCategory, PautaCsvItem[]>;
  skipped: PautaCsvSkipped[];
  /** Section titles found, with their line. */
  sections: Array<{ categoria: PautaCategory; line: number }>;
  encoding: CsvEncoding | null;
  /** Lines in the file. */
  lineCount: number;
  /** File lines loaded (before lines of the same code are added up). */
  loadedLines: number;
  /** Set when nothing could be loaded: why (es-CL). */
  error: string | null;
  /** Problems that did not stop the rest from loading (es-CL). */
  warnings: string[];
}

export const MSG_CSV_SEPARADOR =
  "El archivo no está separado por punto y coma (;). Guárdelo como «CSV (delimitado por punto y coma)» y vuelva a cargarlo.";
export const MSG_CSV_SIN_TITULOS =
  "No se encontró ningún título de sección (Profiles, Reinforcement, Glass, Hardware, Accessories, Gasket and brushes, Screws, Installation materials).";
export const MSG_CSV_SIN_DATOS =
  "No se encontraron líneas de pauta en el archivo (código de 5 dígitos en la columna 5, producto en la 6 y cantidad en la 11).";
export const MSG_CSV_ANTES_DE_SECCION = (n: number) =>
  `${n} línea(s) de datos antes del primer título de sección no se cargaron: no se sabe a qué categoría pertenecen.`;
export const MSG_CSV_CORTADO = (line: number) => `El archivo parece cortado: la última línea (${line}) está incompleta y no se cargó.`;
export const MSG_CSV_COMILLAS = (line: number) =>
  `Comillas sin cerrar desde la línea ${line}: el resto del archivo no se pudo leer (¿archivo cortado?).`;

export const REASON_HEADER = "Encabezado de columnas.";
export const REASON_COLUMNS = (n: number) => `Tiene ${n} columna(s); se necesitan al menos ${CSV_MIN_COLUMNS}.`;
export const REASON_CODE = (code: string) =>
  code === "" ? "Sin código en la columna 5." : `El código de la columna 5 («${code}») no empieza con 5 dígitos.`;
export const REASON_PRODUCT = "Falta el nombre del producto (columna 6).";
export const REASON_QUANTITY = (text: string) =>
  text === "" ? "Sin cantidad en la columna 11." : `Cantidad no válida en la columna 11: «${text}».`;
export const REASON_QUANTITY_NOT_POSITIVE = (text: string) => `La cantidad debe ser mayor que 0 (columna 11: «${text}»).`;
export const REASON_NO_SECTION = "Línea de datos antes del primer título de sección: no se sabe su categoría.";
export const REASON_QUOTES = "Comillas sin cerrar: desde aquí el archivo no se pudo leer.";
export const REASON_TRUNCATED = "Línea incompleta: el archivo parece cortado aquí.";

function emptyItems(): Record<PautaCategory, PautaCsvItem[]> {
  return Object.fromEntries(PAUTA_CATEGORIES.map((c) => [c, []])) as unknown as Record<PautaCategory, PautaCsvItem[]>;
}

function emptyResult(error: string | null, encoding: CsvEncoding | null = null): PautaCsvResult {
  return { items: emptyItems(), skipped: [], sections: [], encoding, lineCount: 0, loadedLines: 0, error, warnings: [] };
}

function lineText(cells: readonly string[]): string {
  const t = cells.join(";");
  return t.length > 120 ? `${t.slice(0, 119)}…` : t;
}

interface Accumulated {
  codigo: string;
  producto: string;
  units: number;
  lines: number[];
}

/**
 * Parses the bytes of an uploaded pauta CSV (a File's `arrayBuffer()`, or a request body).
 * Returns the items per category, the lines it skipped and why, and a message when the
 * file cannot be used. Never throws.
 */
export function parsePautaCsv(input: CsvBytes): PautaCsvResult {
  const decoded = decodePautaCsvBytes(input);
  if (!decoded.ok) return emptyResult(decoded.error);
  try {
    return parseText(decoded.text, decoded.encoding, decoded.warnings);
  } catch {
    // Not expected (papaparse reports problems instead of throwing); a file must never
    // break the screen or the server.
    return emptyResult(MSG_CSV_ILEGIBLE, decoded.encoding);
  }
}

function parseText(raw: string, encoding: CsvEncoding, decodeWarnings: readonly string[]): PautaCsvResult {
  const text = raw.replace(/\r\n?/g, "\n");
  const result = emptyResult(null, encoding);
  result.warnings.push(...decodeWarnings);
  if (text.trim() === "") {
    result.error = MSG_CSV_VACIO;
    return result;
  }

  const acc = new Map<PautaCategory, Map<string, Accumulated>>();
  let category: PautaCategory | null = null;
  let noSection = 0;
  let widestRow = 0;
  let line = 1; // line where the current row starts
  let scanned = 0; // text position up to which line breaks are counted
  let previousWasWide = false;
  // The last non-empty row, when it was too short: a cut file ends that way.
  const tail: { shortRow: { entry: PautaCsvSkipped; looksTruncated: boolean } | null } = { shortRow: null };

  const skip = (kind: PautaCsvSkipKind, reason: string, cells: readonly string[], at: number): PautaCsvSkipped => {
    const entry = { line: at, kind, reason, text: lineText(cells) };
    result.skipped.push(entry);
    return entry;
  };

  Papa.parse<string[]>(text, {
    delimiter: ";",
    newline: "\n",
    skipEmptyLines: false,
    step: (row) => {
      const rowLine = line;
      const cursor = row.meta.cursor;
      for (; scanned < cursor && scanned < text.length; scanned++) if (text.charCodeAt(scanned) === 10) line++;

      const cells = row.data;
      if (row.errors.some((e) => e.code === "MissingQuotes")) {
        skip("quotes", REASON_QUOTES, cells, rowLine);
        result.warnings.push(MSG_CSV_COMILLAS(rowLine));
        tail.shortRow = null;
        return;
      }
      if (cells.length > widestRow) widestRow = cells.length;
      const joined = cells.join("").toLowerCase().replace(SPACES, "");
      if (joined === "") return; // empty line

      const wide = cells.length >= CSV_MIN_COLUMNS;
      const wasWide = previousWasWide;
      previousWasWide = wide;
      tail.shortRow = null;

      const title = PAUTA_CSV_SECTION_TITLES[joined];
      if (title) {
        category = title;
        result.sections.push({ categoria: title, line: rowLine });
        return;
      }
      if (joined.includes("nombre") && joined.normalize("NFD").replace(ACCENTS, "").includes("codigo")) {
        skip("header", REASON_HEADER, cells, rowLine);
        return;
      }
      const codigo = (cells[4] ?? "").trim();
      if (!wide) {
        const entry = skip("columns", REASON_COLUMNS(cells.length), cells, rowLine);
        // A short last line right after data lines (or holding a code) is a cut file.
        tail.shortRow = { entry, looksTruncated: cells.length >= 2 && (wasWide || CODE_PATTERN.test(codigo)) };
        return;
      }
      if (!CODE_PATTERN.test(codigo)) {
        skip("code", REASON_CODE(codigo), cells, rowLine);
        return;
      }
      const producto = cells[5].trim();
      if (producto === "") {
        skip("product", REASON_PRODUCT, cells, rowLine);
        return;
      }
      const qtyText = cells[10].trim();
      const qty = parseNumberInput(qtyText);
      if (qty === null) {
        skip("quantity", REASON_QUANTITY(qtyText), cells, rowLine);
        return;
      }
      const units = toQtyUnits(qty);
      if (units <= 0) {
        skip("quantity", REASON_QUANTITY_NOT_POSITIVE(qtyText), cells, rowLine);
        return;
      }
      if (category === null) {
        noSection++;
        skip("no_section", REASON_NO_SECTION, cells, rowLine);
        return;
      }
      let byCode = acc.get(category);
      if (!byCode) acc.set(category, (byCode = new Map()));
      const seen = byCode.get(codigo);
      if (seen) {
        seen.units += units;
        seen.lines.push(rowLine);
      } else {
        byCode.set(codigo, { codigo, producto, units, lines: [rowLine] });
      }
      result.loadedLines++;
    },
  });

  for (; scanned < text.length; scanned++) if (text.charCodeAt(scanned) === 10) line++;
  result.lineCount = text.endsWith("\n") ? line - 1 : line;
  const short = tail.shortRow;
  if (short?.looksTruncated && !text.endsWith("\n")) {
    short.entry.kind = "truncated";
    short.entry.reason = REASON_TRUNCATED;
    result.warnings.push(MSG_CSV_CORTADO(short.entry.line));
  }
  if (noSection > 0) result.warnings.push(MSG_CSV_ANTES_DE_SECCION(noSection));

  for (const [cat, byCode] of acc) {
    result.items[cat] = [...byCode.values()].map((a) => {
      const original = fromQtyUnits(a.units);
      return { codigo: a.codigo, producto: a.producto, cantidad: pautaCantidad(cat, original), cantidad_original: original, lines: a.lines };
    });
  }

  if (result.loadedLines === 0) {
    if (widestRow < 2 && /[,\t]/.test(text)) result.error = MSG_CSV_SEPARADOR;
    else if (noSection > 0 && result.sections.length === 0) result.error = MSG_CSV_SIN_TITULOS;
    else result.error = MSG_CSV_SIN_DATOS;
  }
  return result;
}

/** Number of items per category (for the preview), and the total. */
export function pautaCsvSummary(result: PautaCsvResult): { porCategoria: Record<PautaCategory, number>; total: number } {
  const porCategoria = Object.fromEntries(PAUTA_CATEGORIES.map((c) => [c, result.items[c].length])) as Record<PautaCategory, number>;
  return { porCategoria, total: PAUTA_CATEGORIES.reduce((s, c) => s + porCategoria[c], 0) };
}
