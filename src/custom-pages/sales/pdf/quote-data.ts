// What the quote PDF prints, normalised from the API rows (numbers as numbers), and its
// totals. Pure and light: no react-pdf here.
import { quoteTotals, totals, type Totals } from "../../../domain/money";
import type { Empresa } from "../../../domain/empresa/schemas";
import type { ItemPresupuestoRow, VendedorPresupuesto } from "../../../domain/sales/schemas";

export type QuotePdfItem = Omit<ItemPresupuestoRow, "id" | "presupuesto_id" | "utv" | "utv_monto"> & { id?: number };

/** What the screen has of the quote; the download adds the issuer and the salesperson. */
export interface QuoteContent {
  presupuesto: {
    numero: string;
    fecha: string;
    nombre_obra: string | null;
    direccion: string | null;
    observacion: string | null;
    total_neto_presupuestado: number;
  };
  cliente: {
    nombre: string;
    rut: string | null;
    direccion: string | null;
    telefono?: string | null;
    correo?: string | null;
  };
  items: QuotePdfItem[];
  /** The client's acceptance through the link, when there is one (the PDF is then the signed copy). */
  aceptacion?: QuoteAcceptance | null;
}

/** The client's signed acceptance (issue 34): printed instead of the blank signature lines. */
export interface QuoteAcceptance {
  nombre: string;
  rut: string;
  /** SVG path data in a FIRMA_ANCHO × FIRMA_ALTO box, or a PNG data URL. */
  firma: string;
  aceptado_en: string;
  hash: string;
}

export interface QuotePdfData extends QuoteContent {
  /** The issuer (api/empresa): header, conditions, bank account. */
  empresa: Empresa;
  /** Who made the quote (api/presupuestos/{id}/vendedor). */
  vendedor: VendedorPresupuesto["vendedor"];
}

/**
 * Neto, IVA 19% and total of the document: from the items' line totals (domain
 * quoteTotals); a quote without items shows its net budgeted amount instead.
 */
export function quoteDocumentTotals(data: QuoteContent): Totals {
  return data.items.length > 0 ? quoteTotals(data.items) : totals(data.presupuesto.total_neto_presupuestado);
}
