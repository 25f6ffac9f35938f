// The SII's Registro de Compras (RCV) as its site exports it for one month: a CSV separated
// by semicolons, the first line the header, ISO-8859-1 or UTF-8 (with or without BOM), named
// like RCV_COMPRA_REGISTRO_76543210-3_202603.csv. The registers "Pendientes", "No Incluir"
// and "Reclamados" export with the same columns. Columns are found by their header names, in
// any order (case, accents and spaces do not matter); columns not used are ignored.
// Pure and total: any bytes give rows or a Spanish message naming the column or the line.
import { isIsoDate } from "../dates/dates";
import { normalizeRut } from "../fields/rut";
import { decodeLatin1 } from "./dte-decode";

export const RCV_REGISTROS = ["REGISTRO", "PENDIENTE", "NO_INCLUIR", "RECLAMADO"] as const;
export type RcvRegistro = (typeof RCV_REGISTROS)[number];
export const RCV_REGISTRO_NOMBRES: Readonly<Record<RcvRegistro, string>> = {
  REGISTRO: "Registro",
  PENDIENTE: "Pendientes",
  NO_INCLUIR: "No incluir",
  RECLAMADO: "Reclamados",
};

/** Most rows read from one file: a workshop's month is a few hundred; more is not a month of purchases. */
export const RCV_MAX_FILAS = 10_000;
/** Largest file read: 10,000 rows of some 300 bytes. */
export const RCV_MAX_BYTES = 4 * 1024 * 1024;

/** The columns read: the key stored, and the header as the SII writes it. */
export const RCV_COLUMNAS = {
  tipo_doc: "Tipo Doc",
  tipo_compra: "Tipo Compra",
  rut_proveedor: "RUT Proveedor",
  razon_social: "Razon Social",
  folio: "Folio",
  fecha_docto: "Fecha Docto",
  fecha_recepcion: "Fecha Recepcion",
  fecha_acuse: "Fecha Acuse",
  monto_exento: "Monto Exento",
  monto_neto: "Monto Neto",
  iva_recuperable: "Monto IVA Recuperable",
  iva_no_recuperable: "Monto Iva No Recuperable",
  monto_total: "Monto Total",
} as const;
type Columna = keyof typeof RCV_COLUMNAS;
/** Columns every register has; the others are read when present. */
const REQUERIDAS: readonly Columna[] = ["tipo_doc", "rut_proveedor", "razon_social", "folio", "fecha_docto", "monto_exento", "monto_neto", "monto_total"];

export interface RcvFila {
  /** The file's line (1 is the header). */
  linea: number;
  tipo_doc: number;
  tipo_compra: string | null;
  /** Normal form "76.086.428-5". */
  rut_proveedor: string;
  razon_social: string;
  folio: string;
  fecha_docto: string;
  /** The day the SII received the document (start of the 8-day window), when the register has it. */
  fecha_recepcion: string | null;
  fecha_acuse: string | null;
  monto_exento: number;
  monto_neto: number;
  iva_recuperable: number;
  iva_no_recuperable: number;
  monto_total: number;
}

export interface RcvArchivo {
  /** "2026-03". */
  periodo: string;
  registro: RcvRegistro;
  /** The RUT in the file name (normal form), null without one. */
  rut_empresa: string | null;
  filas: RcvFila[];
}

export type RcvParseResult = ({ ok: true } & RcvArchivo) | { ok: false; mensaje: string };

export const MSG_RCV_NO_CSV = "El archivo no es el CSV del Registro de Compras del SII: la primera línea debe ser el encabezado con sus columnas separadas por punto y coma (;).";
export const MSG_RCV_VACIO = "El archivo no trae documentos: solo el encabezado.";
export const MSG_RCV_DEMASIADAS_FILAS = `El archivo trae más de ${RCV_MAX_FILAS.toLocaleString("es-CL")} documentos: no es el Registro de Compras de un mes.`;
export const MSG_RCV_REGISTRO = "Indique el registro (Registro, Pendientes, No incluir o Reclamados): el nombre del archivo no lo dice.";
export const MSG_RCV_FALTA_COLUMNA = (cols: string[]) =>
  cols.length === 1 ? `Falta la columna «${cols[0]}» en el encabezado del archivo.` : `Faltan las columnas ${cols.map((c) => `«${c}»`).join(", ")} en el encabezado del archivo.`;
export const MSG_RCV_MESES = (periodo: string, linea: number, mes: string) =>
  `El archivo mezcla meses: es del período ${periodo} y la línea ${linea} es de ${mes}. Descargue el registro de un solo mes.`;

/** A header as compared: no accents, lower case, words separated by one space. */
export function normalizeHeader(h: string): string {
  return h
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, " ")
    .trim();
}

/** The file's text: UTF-8 (a BOM, or valid multi-byte UTF-8), else ISO-8859-1. */
export function decodeCsvBytes(bytes: Uint8Array): string {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return new TextDecoder("utf-8").decode(bytes.subarray(3));
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return decodeLatin1(bytes);
  }
}

/** What the file name says: RCV_COMPRA_<REGISTRO>_<RUT>_<AAAAMM>.csv. */
export function rcvFileName(nombre: string): { registro: RcvRegistro | null; rut: string | null; periodo: string | null } {
  const base = nombre.split(/[\\/]/).pop() ?? nombre;
  const m = /^RCV_COMPRA_(REGISTRO|PENDIENTE|NO_INCLUIR|RECLAMADO)_([0-9kK.-]+)_(\d{4})(\d{2})/i.exec(base);
  if (!m) return { registro: null, rut: null, periodo: null };
  const mes = Number(m[4]);
  return { registro: m[1].toUpperCase() as RcvRegistro, rut: normalizeRut(m[2]), periodo: mes >= 1 && mes <= 12 ? `${m[3]}-${m[4]}` : null };
}

/** One line's fields: semicolons, a field may be in double quotes ("" inside is a quote). */
function splitLine(line: string): string[] {
  if (!line.includes('"')) return line.split(";").map((f) => f.trim());
  const out: string[] = [];
  let cur = "";
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (quoted) {
      if (c === '"' && line[i + 1] === '"') {
        cur += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cur += c;
    } else if (c === '"') quoted = true;
    else if (c === ";") {
      out.push(cur.trim());
      cur = "";
    }
    else cur += c;
  }
  out.push(cur.trim());
  return out;
}

/** "1.234.567" (thousands with dots, as Excel leaves them), "1234567", "-5", "" (0); null when not whole pesos. */
export function parseRcvAmount(text: string): number | null {
  const t = text.trim();
  if (t === "") return 0;
  if (/^-?\d+$/.test(t)) return Number(t);
  if (/^-?\d{1,3}(\.\d{3})+$/.test(t)) return Number(t.replace(/\./g, ""));
  // "1234567,00" or "1234567.00": a spreadsheet's decimals of whole pesos.
  const dec = /^(-?\d+)[.,]0+$/.exec(t);
  return dec ? Number(dec[1]) : null;
}

/** "05/03/2026", "05-03-2026", "2026-03-05", with or without a time after → "2026-03-05"; null when not a date. */
export function parseRcvDate(text: string): string | null {
  const t = text.trim().split(/[\sT]/)[0] ?? "";
  let iso: string | null = null;
  const dmy = /^(\d{1,2})[/-](\d{1,2})[/-](\d{4})$/.exec(t);
  if (dmy) iso = `${dmy[3]}-${dmy[2].padStart(2, "0")}-${dmy[1].padStart(2, "0")}`;
  else if (/^\d{4}-\d{2}-\d{2}$/.test(t)) iso = t;
  return iso && isIsoDate(iso) ? iso : null;
}

/**
 * Reads an RCV file. `registro` chosen on upload wins over the file name's; the period is
 * the file name's, else the first row's. A row belongs to the month the SII received it
 * (Fecha Recepcion; Fecha Docto when the register has no reception date): a row of another
 * month is refused (mixed months).
 */
export function parseRcvCsv(nombre: string, bytes: Uint8Array, registro?: RcvRegistro | null): RcvParseResult {
  if (bytes.length > RCV_MAX_BYTES) return { ok: false, mensaje: `El archivo pesa más de ${RCV_MAX_BYTES / 1024 / 1024} MiB: no es el Registro de Compras de un mes.` };
  const fromName = rcvFileName(nombre);
  const reg = registro ?? fromName.registro;
  if (!reg) return { ok: false, mensaje: MSG_RCV_REGISTRO };
  const text = decodeCsvBytes(bytes);
  if (text.includes("\u0000")) return { ok: false, mensaje: MSG_RCV_NO_CSV };
  const lines = text.split(/\r\n|\n|\r/);
  const header = splitLine(lines[0] ?? "");
  if (header.length < 2) return { ok: false, mensaje: MSG_RCV_NO_CSV };
  const index = new Map<string, number>();
  header.forEach((h, i) => {
    const k = normalizeHeader(h);
    if (!index.has(k)) index.set(k, i);
  });
  const col = Object.fromEntries(Object.entries(RCV_COLUMNAS).map(([k, h]) => [k, index.get(normalizeHeader(h)) ?? -1])) as Record<Columna, number>;
  const missing = REQUERIDAS.filter((k) => col[k] < 0).map((k) => RCV_COLUMNAS[k]);
  if (missing.length === REQUERIDAS.length) return { ok: false, mensaje: MSG_RCV_NO_CSV };
  if (missing.length) return { ok: false, mensaje: MSG_RCV_FALTA_COLUMNA(missing) };

  const filas: RcvFila[] = [];
  let periodo = fromName.periodo;
  // A month repeats its suppliers and days: each text is read once.
  const ruts = new Map<string, string | null>();
  const dates = new Map<string, string | null>();
  const rutOf = (t: string) => (ruts.has(t) ? ruts.get(t)! : (ruts.set(t, normalizeRut(t)), ruts.get(t)!));
  const dateOf = (t: string) => (dates.has(t) ? dates.get(t)! : (dates.set(t, parseRcvDate(t)), dates.get(t)!));
  for (let i = 1; i < lines.length; i++) {
    const raw = lines[i].trim();
    if (raw === "" || /^;*$/.test(raw)) continue;
    if (filas.length >= RCV_MAX_FILAS) return { ok: false, mensaje: MSG_RCV_DEMASIADAS_FILAS };
    const linea = i + 1;
    const f = splitLine(lines[i]);
    const cell = (k: Columna) => (col[k] >= 0 ? (f[col[k]] ?? "") : "");
    const bad = (k: Columna, why: string) => ({ ok: false as const, mensaje: `Línea ${linea}: ${why} en la columna «${RCV_COLUMNAS[k]}» («${cell(k)}»).` });
    const tipo = /^\d{1,3}$/.test(cell("tipo_doc")) ? Number(cell("tipo_doc")) : null;
    if (tipo === null) return bad("tipo_doc", "el tipo de documento no es un número");
    const rut = rutOf(cell("rut_proveedor"));
    if (!rut) return bad("rut_proveedor", "el RUT no es válido");
    const folio = cell("folio").replace(/^0+(?=\d)/, "");
    if (!/^\d{1,18}$/.test(folio)) return bad("folio", "el folio no es un número");
    const fecha = dateOf(cell("fecha_docto"));
    if (!fecha) return bad("fecha_docto", "la fecha no es válida");
    const optionalDate = (k: Columna): string | null | false => (cell(k) === "" ? null : (dateOf(cell(k)) ?? false));
    const recepcion = optionalDate("fecha_recepcion");
    if (recepcion === false) return bad("fecha_recepcion", "la fecha no es válida");
    const acuse = optionalDate("fecha_acuse");
    if (acuse === false) return bad("fecha_acuse", "la fecha no es válida");
    const montos = {} as Record<"monto_exento" | "monto_neto" | "iva_recuperable" | "iva_no_recuperable" | "monto_total", number>;
    for (const k of ["monto_exento", "monto_neto", "iva_recuperable", "iva_no_recuperable", "monto_total"] as const) {
      const v = parseRcvAmount(cell(k));
      if (v === null) return bad(k, "el monto no es un número de pesos");
      montos[k] = v;
    }
    const mes = (recepcion ?? fecha).slice(0, 7);
    periodo ??= mes;
    if (mes !== periodo) return { ok: false, mensaje: MSG_RCV_MESES(periodo, linea, mes) };
    filas.push({
      linea,
      tipo_doc: tipo,
      tipo_compra: cell("tipo_compra") || null,
      rut_proveedor: rut,
      razon_social: cell("razon_social"),
      folio,
      fecha_docto: fecha,
      fecha_recepcion: recepcion,
      fecha_acuse: acuse,
      ...montos,
    });
  }
  if (filas.length === 0 || !periodo) return { ok: false, mensaje: MSG_RCV_VACIO };
  return { ok: true, periodo, registro: reg, rut_empresa: fromName.rut, filas };
}

export const RCV_RESULTADOS = ["coincide", "con_diferencias", "solo_sii", "solo_ventanal"] as const;
export type RcvResultado = (typeof RCV_RESULTADOS)[number];
export const RCV_RESULTADO_NOMBRES: Readonly<Record<RcvResultado, string>> = {
  coincide: "Coinciden",
  con_diferencias: "Con diferencias",
  solo_sii: "Solo en el SII",
  solo_ventanal: "Solo en Ventanal",
};

/** The month's figures of one document type, as the SII counts them (credit notes positive). */
export interface RcvMontos {
  documentos: number;
  neto: number;
  exento: number;
  iva_recuperable: number;
  iva_no_recuperable: number;
  total: number;
}

/** What an import shows besides its rows: kept with it, rewritten when rows are registered. */
export interface RcvResumen {
  grupos?: Record<RcvResultado, { filas: number; total: number }>;
  tipos?: { tipo_doc: number; sii: RcvMontos; ventanal: RcvMontos }[];
  /** IVA crédito fiscal del mes (F29): IVA recuperable, credit notes subtracting. */
  iva_credito?: { sii: number; ventanal: number; diferencia: number };
}
