// The 8-day window to accept or claim a received electronic invoice (Ley 19.983, art. 3):
// after 8 calendar days from its reception without a claim, the invoice is irrevocably
// accepted. Here the reception date is the day the invoice is registered in Ventanal,
// and the window ends 8 calendar days after it: registered on 1 March, the last day to
// claim is 9 March. Only facturas (33, 34) are accepted or claimed in the SII's register;
// guías (52) and notas de crédito (61) have no window.
import { addDays, daysBetween } from "../dates/dates";
import { formatDate } from "../format/date";
import type { DteTipo } from "./dte-parse";

export const PLAZO_ACEPTACION_DIAS = 8;

export interface AcceptanceWindow {
  fecha_recepcion: string;
  /** Last day to accept or claim. */
  fecha_limite: string;
  /** Days from today to the last day: 0 on the last day; negative once passed. */
  dias_restantes: number;
  /** True once the last day has passed: the invoice counts as accepted. */
  vencido: boolean;
}

/** The document types with an acceptance window: facturas (33) and facturas exentas (34). */
export const TIPOS_CON_PLAZO_ACEPTACION = [33, 34] as const;

/** Whether a document type has an acceptance window. */
export function hasAcceptanceWindow(tipo: number): tipo is Extract<DteTipo, 33 | 34> {
  return (TIPOS_CON_PLAZO_ACEPTACION as readonly number[]).includes(tipo);
}

/** The window of a document received on `fechaRecepcion`, seen on `today`; null for 52 and 61. */
export function acceptanceWindow(tipo: number, fechaRecepcion: string, today: string): AcceptanceWindow | null {
  if (!hasAcceptanceWindow(tipo)) return null;
  const limite = addDays(fechaRecepcion, PLAZO_ACEPTACION_DIAS);
  const dias = daysBetween(today, limite);
  return { fecha_recepcion: fechaRecepcion, fecha_limite: limite, dias_restantes: dias, vencido: dias < 0 };
}

/** The window as a sentence for the screen. */
export function acceptanceWindowText(w: AcceptanceWindow): string {
  const limite = formatDate(w.fecha_limite);
  if (w.vencido) return `Plazo vencido el ${limite}: la factura se entiende aceptada.`;
  if (w.dias_restantes === 0) return `Hoy (${limite}) es el último día para aceptar o reclamar la factura.`;
  if (w.dias_restantes === 1) return `Queda 1 día para aceptar o reclamar la factura (hasta el ${limite}).`;
  return `Quedan ${w.dias_restantes} días para aceptar o reclamar la factura (hasta el ${limite}).`;
}
