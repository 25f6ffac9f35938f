// Acceptance and claims of a supplier's factura at the SII (Ley 19.983, art. 3): the receiver
// has 8 calendar days from the document's reception AT THE SII to accept it (acuse de recibo)
// or claim it; past the 8th day without a claim it is irrevocably accepted ("aceptada
// tácitamente"). The reception at the SII is the RCV's Fecha Recepcion when Ventanal knows it;
// else Ventanal counts from the day the document was registered, and says so.
import { addDays, daysBetween } from "../dates/dates";
import { formatDate } from "../format/date";
import { PLAZO_ACEPTACION_DIAS, hasAcceptanceWindow } from "./dte-acceptance";

export const SII_DECISIONES = ["aceptada", "reclamada"] as const;
export type SiiDecision = (typeof SII_DECISIONES)[number];

/** The SII's claim codes (Registro de Aceptación o Reclamo de un DTE). */
export const SII_MOTIVOS_RECLAMO = ["RCD", "RFP", "RFT"] as const;
export type SiiMotivoReclamo = (typeof SII_MOTIVOS_RECLAMO)[number];
export const SII_MOTIVO_NOMBRES: Readonly<Record<SiiMotivoReclamo, string>> = {
  RCD: "Reclamo al contenido del documento",
  RFP: "Reclamo por falta parcial de mercaderías",
  RFT: "Reclamo por falta total de mercaderías",
};
/** The SII's acceptance: ACD acepta el contenido del documento (ERM, recibo de mercaderías, goes with it when goods came). */
export const SII_CODIGO_ACEPTACION = "ACD";

/** Days left at which the home card warns: from the 5th day of the 8. */
export const SII_AVISO_DIAS_RESTANTES = PLAZO_ACEPTACION_DIAS - 5;

export const SII_ESTADOS = ["Por aceptar", "Aceptada", "Reclamada", "Aceptada tácitamente"] as const;
export type SiiEstado = (typeof SII_ESTADOS)[number];

export interface SiiPlazo {
  estado: SiiEstado;
  /** The day the 8 days count from, and where it comes from. */
  fecha_inicio: string;
  fuente: "SII" | "registro";
  fecha_limite: string;
  /** 0 on the last day, negative once passed. */
  dias_restantes: number;
  /** Still to decide and within 3 days of the deadline (from day 5). */
  aviso: boolean;
}

export interface SiiPlazoInput {
  tipo: number | null;
  /** RCV's Fecha Recepcion. */
  fecha_recepcion_sii: string | null;
  /** The day it was registered in Ventanal. */
  fecha_registro: string;
  decision: SiiDecision | null;
  /** RCV's Fecha Acuse: accepted at the SII. */
  fecha_acuse: string | null;
}

/** The window and state of a supplier document on `today`; null for documents without one (guías, credit notes). */
export function siiPlazo(doc: SiiPlazoInput, today: string): SiiPlazo | null {
  if (doc.tipo !== null && !hasAcceptanceWindow(doc.tipo)) return null;
  const fuente = doc.fecha_recepcion_sii ? "SII" : "registro";
  const fecha_inicio = doc.fecha_recepcion_sii ?? doc.fecha_registro;
  const fecha_limite = addDays(fecha_inicio, PLAZO_ACEPTACION_DIAS);
  const dias_restantes = daysBetween(today, fecha_limite);
  const estado: SiiEstado =
    doc.decision === "reclamada" ? "Reclamada" : doc.decision === "aceptada" || doc.fecha_acuse ? "Aceptada" : dias_restantes < 0 ? "Aceptada tácitamente" : "Por aceptar";
  return { estado, fecha_inicio, fuente, fecha_limite, dias_restantes, aviso: estado === "Por aceptar" && dias_restantes <= SII_AVISO_DIAS_RESTANTES };
}

/** The window as a sentence: its start and where it comes from. */
export function siiPlazoTexto(p: SiiPlazo): string {
  const desde = p.fuente === "SII" ? `la recepción en el SII el ${formatDate(p.fecha_inicio)}` : `el registro en Ventanal el ${formatDate(p.fecha_inicio)} (sin fecha de recepción del SII)`;
  if (p.estado !== "Por aceptar") return `${p.estado}. Plazo: hasta el ${formatDate(p.fecha_limite)}, desde ${desde}.`;
  const quedan = p.dias_restantes === 0 ? "hoy es el último día" : p.dias_restantes === 1 ? "queda 1 día" : `quedan ${p.dias_restantes} días`;
  return `Por aceptar: ${quedan} (hasta el ${formatDate(p.fecha_limite)}), contados desde ${desde}.`;
}

/** What to do in the SII's site to record the same decision there. */
export function siiPasos(decision: SiiDecision, motivo: SiiMotivoReclamo | null): string[] {
  const accion =
    decision === "aceptada"
      ? `elija «Aceptar contenido del documento» (${SII_CODIGO_ACEPTACION}) y, si llegó la mercadería, «Otorgar recibo de mercaderías» (ERM)`
      : `elija «Reclamar» con el motivo «${motivo ? SII_MOTIVO_NOMBRES[motivo] : ""}» (${motivo ?? ""})`;
  return [
    "Ingrese a sii.cl → Servicios online → Factura electrónica → Registro de aceptación o reclamo de un DTE.",
    "Busque el documento por el RUT del proveedor, el tipo y el folio.",
    `${accion[0].toUpperCase()}${accion.slice(1)}, dentro de los 8 días desde su recepción en el SII.`,
  ];
}
