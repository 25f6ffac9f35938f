// SII electronic tax documents (DTE) from a supplier's XML file: facturas (33), facturas
// exentas (34), guías de despacho (52) and notas de crédito (61). A file holds one <DTE>
// or an <EnvioDTE> with several. Pure and total: any input gives a result, never an
// exception; what cannot be read gets a Spanish message saying why.
import { XMLParser } from "fast-xml-parser";
import { isIsoDate } from "../dates/dates";
import { formatCLP } from "../format/number";
import { iva as ivaOf, roundPesos } from "../money";
import { normalizeRut } from "../fields";
import { decodeXmlBytes } from "./dte-decode";

export const DTE_TIPOS = [33, 34, 52, 61] as const;
export type DteTipo = (typeof DTE_TIPOS)[number];

export const DTE_TIPO_NOMBRES: Readonly<Record<DteTipo, string>> = {
  33: "Factura electrónica",
  34: "Factura exenta electrónica",
  52: "Guía de despacho electrónica",
  61: "Nota de crédito electrónica",
};

/**
 * Largest file read: 5 MiB. A factura with its signature and timbre weighs 3 to 15 KB and
 * carries at most 60 lines, and a supplier sends one document or a small EnvioDTE: 5 MiB
 * holds some 400 invoices of 60 lines, far beyond any real file, while a bigger upload
 * (a wrong file, an attack) is refused before it is read.
 */
export const DTE_MAX_BYTES = 5 * 1024 * 1024;

export const MSG_DTE_VACIO = "El archivo está vacío.";
export const MSG_DTE_DEMASIADO_GRANDE = "El archivo es demasiado grande para ser un DTE (máximo 5 MiB).";
/** The 413 of a file over DTE_MAX_BYTES, naming it and its size. */
export const MSG_DTE_ARCHIVO_DEMASIADO_GRANDE = (nombre: string, bytes: number) =>
  `${nombre} pesa ${(bytes / (1024 * 1024)).toFixed(1).replace(".", ",")} MiB: un DTE del SII no pasa de 5 MiB (una factura pesa unos pocos KB). Revise que sea el archivo XML correcto.`;
export const MSG_DTE_XML_INVALIDO = "El archivo no es un XML válido: está dañado o incompleto.";
export const MSG_DTE_NO_ES_DTE = "El archivo no es un documento tributario electrónico (DTE) del SII.";
export const MSG_DTE_SIN_DOCUMENTOS = "El archivo no contiene documentos tributarios.";
/** SII document types Ventanal does not register, named in the refusal. */
export const DTE_TIPOS_NO_REGISTRABLES: Readonly<Record<string, string>> = {
  "39": "boleta electrónica",
  "41": "boleta exenta electrónica",
  "43": "liquidación factura electrónica",
  "46": "factura de compra electrónica",
  "56": "nota de débito electrónica",
  "110": "factura de exportación electrónica",
  "111": "nota de débito de exportación electrónica",
  "112": "nota de crédito de exportación electrónica",
};
export const MSG_DTE_DOCTYPE = "El archivo declara un DOCTYPE o entidades XML: un DTE del SII no las trae y no se lee.";
export const MSG_DTE_TIPO_NO_SOPORTADO = (tipo: string) =>
  `El tipo de documento ${tipo}${DTE_TIPOS_NO_REGISTRABLES[tipo] ? ` (${DTE_TIPOS_NO_REGISTRABLES[tipo]})` : ""} no se puede registrar: se aceptan facturas (33), facturas exentas (34), guías de despacho (52) y notas de crédito (61).`;

export interface DteLinea {
  numero: number | null;
  /** Every VlrCodigo of the line's CdgItem, in order. */
  codigos: string[];
  /** The first code, if any. */
  codigo: string | null;
  nombre: string;
  descripcion: string | null;
  cantidad: number | null;
  unidad: string | null;
  precio_unitario: number | null;
  monto: number;
  /** IndExe present: the line is exempt or not billable. */
  exento: boolean;
}

export interface DteReferencia {
  /** TpoDocRef: "33", "52", "801" (purchase order), "HES"... */
  tipo: string;
  folio: string;
  fecha: string | null;
  /** CodRef of a credit note: 1 cancels, 2 corrects text, 3 corrects amounts. */
  codigo: string | null;
  razon: string | null;
}

export interface Dte {
  tipo: DteTipo;
  tipo_nombre: string;
  folio: number;
  fecha_emision: string;
  /** Normal form "76.086.428-5". */
  rut_emisor: string;
  razon_social_emisor: string;
  rut_receptor: string | null;
  razon_social_receptor: string | null;
  fecha_vencimiento: string | null;
  monto_neto: number;
  monto_exento: number;
  iva: number;
  monto_total: number;
  lineas: DteLinea[];
  referencias: DteReferencia[];
  /** Things worth a look that do not stop the document (totals that do not add up...). */
  avisos: string[];
}

export type DteParseResult =
  | { ok: true; documentos: Dte[]; /** Messages of documents of the file that could not be read. */ rechazados: string[] }
  | { ok: false; mensaje: string };

type Node = Record<string, unknown>;

const ARRAY_TAGS = new Set(["DTE", "Detalle", "CdgItem", "Referencia", "ImptoReten"]);

let parser: XMLParser | undefined;
/** Built on first use, so importing this area's rules costs a screen nothing until it reads a file. */
function xmlParser(): XMLParser {
  parser ??= new XMLParser({
    ignoreAttributes: true,
    removeNSPrefix: true, // SII files use the default namespace, signatures the ds: prefix
    parseTagValue: false, // folios, RUTs and amounts are read by hand, as text
    trimValues: true,
    ignoreDeclaration: true,
    ignorePiTags: true,
    isArray: (name) => ARRAY_TAGS.has(name),
  });
  return parser;
}

const isNode = (v: unknown): v is Node => typeof v === "object" && v !== null && !Array.isArray(v);
const node = (v: unknown): Node => (isNode(v) ? v : {});
const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : v === undefined || v === null ? [] : [v]);

/** Text of a leaf ("" when missing or not a leaf). */
function text(v: unknown): string {
  if (typeof v === "string") return v.trim();
  if (typeof v === "number") return String(v);
  if (isNode(v) && typeof v["#text"] === "string") return v["#text"].trim();
  return "";
}

const DECIMAL = /^-?\d+(?:\.\d+)?$/;
const INTEGER = /^-?\d+$/;

/** A quantity or unit price leaf (decimals allowed): null when missing or empty, NaN when not a number. */
function num(v: unknown): number | null {
  const t = text(v);
  if (t === "") return null;
  return DECIMAL.test(t) ? Number(t) : Number.NaN;
}

/** An amount leaf: whole pesos in the SII schema ("119.000" is not an amount there). */
function amount(v: unknown): number | null {
  const t = text(v);
  if (t === "") return null;
  return INTEGER.test(t) ? Number(t) : Number.NaN;
}

/** Bytes (a Uint8Array, Node Buffer or ArrayBuffer) or already decoded text. */
export type DteInput = Uint8Array | ArrayBuffer | string;

/** Reads every DTE of an XML file. */
export function parseDteXml(input: DteInput): DteParseResult {
  let xml: string;
  try {
    if (typeof input === "string") xml = input;
    else {
      const bytes = input instanceof Uint8Array ? input : new Uint8Array(input);
      if (bytes.length > DTE_MAX_BYTES) return { ok: false, mensaje: MSG_DTE_DEMASIADO_GRANDE };
      xml = decodeXmlBytes(bytes);
    }
  } catch {
    return { ok: false, mensaje: MSG_DTE_XML_INVALIDO };
  }
  if (xml.length > DTE_MAX_BYTES) return { ok: false, mensaje: MSG_DTE_DEMASIADO_GRANDE };
  if (xml.trim() === "") return { ok: false, mensaje: MSG_DTE_VACIO };
  // A DOCTYPE may declare entities (expansion bombs, external references): no real DTE has one.
  if (/<!DOCTYPE|<!ENTITY/i.test(xml)) return { ok: false, mensaje: MSG_DTE_DOCTYPE };

  let root: Node;
  try {
    root = node(xmlParser().parse(xml, true));
  } catch {
    return { ok: false, mensaje: MSG_DTE_XML_INVALIDO };
  }

  let dtes: unknown[];
  if ("DTE" in root) dtes = list(root.DTE);
  else if ("EnvioDTE" in root) dtes = list(node(node(root.EnvioDTE).SetDTE).DTE);
  else return { ok: false, mensaje: MSG_DTE_NO_ES_DTE };
  if (dtes.length === 0) return { ok: false, mensaje: MSG_DTE_SIN_DOCUMENTOS };

  const documentos: Dte[] = [];
  const rechazados: string[] = [];
  dtes.forEach((d, i) => {
    const r = readDocument(node(d), dtes.length > 1 ? `Documento ${i + 1}` : "El documento");
    if (typeof r === "string") rechazados.push(r);
    else documentos.push(r);
  });
  if (documentos.length === 0) {
    return { ok: false, mensaje: rechazados.length === 1 ? rechazados[0] : `Ningún documento del archivo se pudo leer. ${rechazados.join(" ")}` };
  }
  return { ok: true, documentos, rechazados };
}

/** A document, or the message saying why it cannot be read. */
function readDocument(dte: Node, label: string): Dte | string {
  const doc = dte.Documento;
  if (!isNode(doc)) return `${label}: no es un documento tributario legible (falta Documento).`;
  const enc = node(doc.Encabezado);
  const idDoc = node(enc.IdDoc);
  const emisor = node(enc.Emisor);
  const receptor = node(enc.Receptor);
  const tot = node(enc.Totales);

  const tipoText = text(idDoc.TipoDTE);
  if (tipoText === "") return `${label}: falta el tipo de documento (TipoDTE).`;
  const tipo = Number(tipoText) as DteTipo;
  if (!DTE_TIPOS.includes(tipo)) return `${label}: ${MSG_DTE_TIPO_NO_SOPORTADO(tipoText)}`;

  const folioText = text(idDoc.Folio);
  const folio = /^\d{1,10}$/.test(folioText) ? Number(folioText) : 0;
  if (folio <= 0) return `${label}: el folio (Folio) falta o no es un número válido${folioText ? ` ("${folioText}")` : ""}.`;
  const name = `${DTE_TIPO_NOMBRES[tipo]} N° ${folio}`;

  const fecha = text(idDoc.FchEmis);
  if (!isIsoDate(fecha)) return `${name}: la fecha de emisión (FchEmis) falta o no es válida${fecha ? ` ("${fecha}")` : ""}.`;

  const rutText = text(emisor.RUTEmisor);
  const rut = normalizeRut(rutText);
  if (!rut) return `${name}: el RUT del emisor (RUTEmisor) falta o no es válido${rutText ? ` ("${rutText}")` : ""}.`;
  // A guía or a boleta-type issuer may use RznSocEmisor instead of RznSoc.
  const razon = text(emisor.RznSoc) || text(emisor.RznSocEmisor);
  if (!razon) return `${name}: falta la razón social del emisor (RznSoc).`;

  const amounts = {
    MntNeto: amount(tot.MntNeto),
    MntExe: amount(tot.MntExe),
    IVA: amount(tot.IVA),
    MntTotal: amount(tot.MntTotal),
  };
  for (const [field, v] of Object.entries(amounts)) {
    if (v !== null && Number.isNaN(v)) return `${name}: el monto ${field} no es un número ("${text(tot[field])}").`;
  }
  if (amounts.MntTotal === null) return `${name}: falta el monto total (MntTotal).`;
  // The SII schema types these amounts as non-negative (a credit note is positive too).
  for (const field of ["MntNeto", "MntExe", "MntTotal"] as const) {
    const v = amounts[field];
    if (v !== null && v < 0) return `${name}: el monto ${field} no puede ser negativo (${v}).`;
  }

  const lineas: DteLinea[] = [];
  for (const [i, raw] of list(doc.Detalle).entries()) {
    const l = readLine(node(raw));
    if (typeof l === "string") return `${name}, línea ${i + 1}: ${l}`;
    lineas.push(l);
  }

  const referencias = list(doc.Referencia).map((raw): DteReferencia => {
    const r = node(raw);
    const f = text(r.FchRef);
    return {
      tipo: text(r.TpoDocRef),
      folio: text(r.FolioRef),
      fecha: isIsoDate(f) ? f : null,
      codigo: text(r.CodRef) || null,
      razon: text(r.RazonRef) || null,
    };
  });

  const neto = amounts.MntNeto ?? 0;
  const exento = amounts.MntExe ?? 0;
  const iva = amounts.IVA ?? 0;
  const total = amounts.MntTotal;
  const avisos: string[] = [];
  const otherTaxes = list(tot.ImptoReten).length > 0 || text(tot.IVANoRet) !== "" || text(tot.CredEC) !== "" || text(tot.MntNoFact) !== "";
  if (!otherTaxes && neto + exento + iva !== total) {
    avisos.push(`El total (${formatCLP(total)}) no cuadra con neto + exento + IVA (${formatCLP(neto + exento + iva)}).`);
  }
  if (tipo !== 34 && tipo !== 52 && neto > 0 && Math.abs(ivaOf(neto) - iva) > 1) {
    avisos.push(`El IVA (${formatCLP(iva)}) no es el 19% del neto (${formatCLP(ivaOf(neto))}).`);
  }
  const venc = text(idDoc.FchVenc);
  const rutRecep = normalizeRut(text(receptor.RUTRecep));

  return {
    tipo,
    tipo_nombre: DTE_TIPO_NOMBRES[tipo],
    folio,
    fecha_emision: fecha,
    rut_emisor: rut,
    razon_social_emisor: razon,
    rut_receptor: rutRecep,
    razon_social_receptor: text(receptor.RznSocRecep) || null,
    fecha_vencimiento: isIsoDate(venc) ? venc : null,
    monto_neto: neto,
    monto_exento: exento,
    iva,
    monto_total: total,
    lineas,
    referencias,
    avisos,
  };
}

function readLine(d: Node): DteLinea | string {
  const nombre = text(d.NmbItem);
  if (!nombre) return "falta el nombre del ítem (NmbItem).";
  const fields = { QtyItem: num(d.QtyItem), PrcItem: num(d.PrcItem), MontoItem: amount(d.MontoItem), NroLinDet: amount(d.NroLinDet) };
  for (const [field, v] of Object.entries(fields)) {
    if (v !== null && Number.isNaN(v)) return `el valor ${field} no es un número ("${text(d[field])}").`;
  }
  const codigos = list(d.CdgItem)
    .map((c) => text(node(c).VlrCodigo))
    .filter((c) => c !== "");
  return {
    numero: fields.NroLinDet,
    codigos,
    codigo: codigos[0] ?? null,
    nombre,
    descripcion: text(d.DscItem) || null,
    cantidad: fields.QtyItem,
    unidad: text(d.UnmdItem) || null,
    precio_unitario: fields.PrcItem,
    // A line without MontoItem (allowed on some guías) is worth its quantity × price, if known.
    monto: fields.MontoItem ?? roundPesos((fields.QtyItem ?? 0) * (fields.PrcItem ?? 0)),
    exento: text(d.IndExe) !== "",
  };
}

/** Identity of a DTE: SII numbers folios per issuer and document type. */
export function dteKey(doc: Pick<Dte, "rut_emisor" | "tipo" | "folio">): string {
  return `${doc.rut_emisor}|${doc.tipo}|${doc.folio}`;
}

/** Purchase order numbers the document cites (Referencia with TpoDocRef 801). */
export function dtePurchaseOrderRefs(doc: Pick<Dte, "referencias">): string[] {
  return doc.referencias.filter((r) => r.tipo === "801" && r.folio !== "").map((r) => r.folio);
}

/** The fields of "Registro de Facturas/Guías" taken from a DTE. */
export interface DteInvoiceFields {
  proveedor: string;
  rut_proveedor: string;
  numero_factura: string | null;
  numero_guia: string | null;
  fecha: string;
  monto_neto: number;
  iva: number;
  monto_total: number;
  observacion: string;
}

/**
 * A DTE as an invoice-or-delivery-note entry: a guía (52) fills numero_guia, the others
 * numero_factura. The net is everything before VAT (affected + exempt), so neto + IVA
 * = total for the usual documents. A credit note (61) is entered with negative amounts:
 * it lowers what is owed to the supplier. The observation names the document and, for
 * a credit note, what it corrects.
 */
export function dteInvoiceFields(doc: Dte): DteInvoiceFields {
  const sign = doc.tipo === 61 ? -1 : 1;
  const folio = String(doc.folio);
  let observacion = `${doc.tipo_nombre} N° ${folio}`;
  if (doc.tipo === 61) {
    const refs = doc.referencias
      .filter((r) => r.tipo !== "801" && r.folio !== "")
      .map((r) => `${r.tipo === "33" || r.tipo === "34" ? "factura" : `documento ${r.tipo}`} N° ${r.folio}${r.razon ? ` (${r.razon})` : ""}`);
    if (refs.length > 0) observacion += `, corrige ${refs.join("; ")}`;
  }
  const neg = (n: number) => (n === 0 ? 0 : sign * n);
  return {
    proveedor: doc.razon_social_emisor,
    rut_proveedor: doc.rut_emisor,
    numero_factura: doc.tipo === 52 ? null : folio,
    numero_guia: doc.tipo === 52 ? folio : null,
    fecha: doc.fecha_emision,
    monto_neto: neg(doc.monto_neto + doc.monto_exento),
    iva: neg(doc.iva),
    monto_total: neg(doc.monto_total),
    observacion,
  };
}
