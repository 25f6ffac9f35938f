// Workshop production figures, specification sections 3 and 9: UTV records (counted
// windows weighted per unit), thermal panels (m2) and the company's own installations.
// Their sum is the month's workshop pay total that is split among the workers.
import { INSTALADOR_EMPRESA } from "../../config/empresa";
import { roundHalfAwayFromZero, roundPesos } from "../money/round";

/** UTV record types (section 3). First is the form's default. */
export const UTV_TIPOS = ["PVC", "Aluminio", "Ambos"] as const;
export type UtvTipo = (typeof UTV_TIPOS)[number];
export const UTV_TIPO_DEFAULT: UtvTipo = "PVC";

/** The count fields of a UTV record, in the form's order (section 3). */
export const UTV_CONTEOS = [
  "fijo",
  "doble_corredera_fijo",
  "proyectante",
  "oscilobatiente",
  "doble_corredera",
  "marco_puerta",
  "marcos_adicionales",
  "otro",
] as const;
export type UtvConteo = (typeof UTV_CONTEOS)[number];

/** UTV per counted unit in the workshop (section 9, "Workshop UTV weights per unit"). */
export const UTV_PESO_POR_UNIDAD: Readonly<Record<UtvConteo, number>> = {
  fijo: 0.5,
  doble_corredera_fijo: 2,
  proyectante: 1,
  oscilobatiente: 1,
  doble_corredera: 2,
  marco_puerta: 2.5,
  marcos_adicionales: 0.5,
  otro: 0.25,
};

/** Spanish labels of the count fields. */
export const UTV_CONTEO_ETIQUETAS: Readonly<Record<UtvConteo, string>> = {
  fijo: "Fijo",
  doble_corredera_fijo: "Doble corredera con fijo",
  proyectante: "Proyectante",
  oscilobatiente: "Oscilobatiente",
  doble_corredera: "Doble corredera",
  marco_puerta: "Marco puerta",
  marcos_adicionales: "Marcos adicionales",
  otro: "Otro",
};

/** Default pesos per UTV unit of a UTV record, and per m2 of a thermal panel (section 3). */
export const UTV_VALOR_M2_DEFAULT = 3000;
export const TERMOPANEL_VALOR_M2_DEFAULT = 1500;

type Num = number | null | undefined;

/** The figures of a UTV record these rules read (a stored row fits too). */
export type UtvRecordInput = Partial<Record<UtvConteo, Num>> & {
  /** Pesos per UTV unit; empty → 3000, an explicit 0 stays 0. */
  valor_m2?: Num;
  m2_instalador?: Num;
  instalador?: string | null;
};

/** An empty count is 0. */
const count = (v: Num): number => (typeof v === "number" && Number.isFinite(v) ? v : 0);
const orDefault = (v: Num, d: number): number => (typeof v === "number" && Number.isFinite(v) ? v : d);

/** UTV units of a record: Σ count × weight per unit, 2 decimals (empty counts are 0). */
export function utvUnits(record: UtvRecordInput): number {
  let units = 0;
  for (const campo of UTV_CONTEOS) units += count(record[campo]) * UTV_PESO_POR_UNIDAD[campo];
  return roundHalfAwayFromZero(units, 2);
}

/** The record's valor_m2, or 3000 when empty. */
export function utvValorM2(record: UtvRecordInput): number {
  return orDefault(record.valor_m2, UTV_VALOR_M2_DEFAULT);
}

/** UTV value of a record: units × valor_m2 (default 3000), whole pesos. */
export function utvValue(record: UtvRecordInput): number {
  return roundPesos(utvUnits(record) * utvValorM2(record));
}

// ---------------------------------------------------------------- Thermal panels

export interface TermopanelMedidas {
  ancho_mm: Num;
  alto_mm: Num;
  /** Empty → 1; an explicit 0 stays 0. */
  cantidad?: Num;
}

/**
 * m2 of a thermal panel line: ancho_mm × alto_mm / 1,000,000 × cantidad (default 1),
 * rounded to the 2 decimals the form shows and stores: 1200 × 1500 × 2 → 3.6 ("3,60").
 * An empty measure is 0.
 */
export function termopanelM2(input: TermopanelMedidas): number {
  const cantidad = orDefault(input.cantidad, 1);
  return roundHalfAwayFromZero(((count(input.ancho_mm) * count(input.alto_mm)) / 1_000_000) * cantidad, 2);
}

export interface TermopanelRecordInput {
  /** The record's m2 (2 decimals, as termopanelM2 gives). */
  m2: Num;
  /** Pesos per m2; empty → 1500, an explicit 0 stays 0. */
  valor_m2?: Num;
}

/** The record's valor_m2, or 1500 when empty. */
export function termopanelValorM2(record: TermopanelRecordInput): number {
  return orDefault(record.valor_m2, TERMOPANEL_VALOR_M2_DEFAULT);
}

/** Thermal value of a record: m2 × valor_m2 (default 1500), whole pesos. */
export function termopanelValue(record: TermopanelRecordInput): number {
  return roundPesos(count(record.m2) * termopanelValorM2(record));
}

// ---------------------------------------------------------------- Installations

/**
 * True when the installer is the company itself (EMPRESA's trade name in
 * src/config/empresa.ts). Spaces around and letter case are ignored; "Retiro en planta",
 * the other installers and an empty installer are false.
 */
export function isCompanyInstaller(instalador: string | null | undefined): boolean {
  if (typeof instalador !== "string") return false;
  return instalador.trim().toLocaleLowerCase("es-CL") === INSTALADOR_EMPRESA.toLocaleLowerCase("es-CL");
}

export interface InstallationFigures {
  /** The record's installer m2 (empty → 0). */
  m2_rectificacion: number;
  /** The record's valor_m2 (empty → 3000, as for its UTV value). */
  valor_m2: number;
  /** m2_rectificacion × valor_m2, whole pesos. */
  valor_instalacion: number;
}

/**
 * Installation figures of one UTV record, or null when the company did not install it
 * (only the company's own installs count, section 9).
 */
export function installationOf(record: UtvRecordInput): InstallationFigures | null {
  if (!isCompanyInstaller(record.instalador)) return null;
  const m2_rectificacion = count(record.m2_instalador);
  const valor_m2 = utvValorM2(record);
  return { m2_rectificacion, valor_m2, valor_instalacion: roundPesos(m2_rectificacion * valor_m2) };
}

// ---------------------------------------------------------------- Period totals

export interface WorkshopTotals {
  utv: { registros: number; unidades: number; valor: number };
  termopanel: { registros: number; m2: number; valor: number };
  instalacion: { registros: number; m2: number; valor: number };
  /** UTV value + thermal value + installation value: the pay total to split (section 9). */
  total: number;
}

/**
 * The month's summary. Each value is the sum of the per-record values (each already in
 * whole pesos), so the summary always equals the sum of the rows the tables show.
 * Units and m2 are summed and rounded to 2 decimals.
 */
export function workshopTotals(utvs: readonly UtvRecordInput[], termopaneles: readonly TermopanelRecordInput[]): WorkshopTotals {
  let unidades = 0;
  let valorUtv = 0;
  let m2Inst = 0;
  let valorInst = 0;
  let registrosInst = 0;
  for (const r of utvs) {
    unidades += utvUnits(r);
    valorUtv += utvValue(r);
    const inst = installationOf(r);
    if (inst) {
      registrosInst++;
      m2Inst += inst.m2_rectificacion;
      valorInst += inst.valor_instalacion;
    }
  }
  let m2Termo = 0;
  let valorTermo = 0;
  for (const t of termopaneles) {
    m2Termo += count(t.m2);
    valorTermo += termopanelValue(t);
  }
  return {
    utv: { registros: utvs.length, unidades: roundHalfAwayFromZero(unidades, 2), valor: valorUtv },
    termopanel: { registros: termopaneles.length, m2: roundHalfAwayFromZero(m2Termo, 2), valor: valorTermo },
    instalacion: { registros: registrosInst, m2: roundHalfAwayFromZero(m2Inst, 2), valor: valorInst },
    total: valorUtv + valorTermo + valorInst,
  };
}
