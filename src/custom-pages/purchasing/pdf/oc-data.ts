// What the purchase-order PDF shows (specification section 9), gathered by the screens
// from the order they have (a draft on Crear OC, a saved order elsewhere).
import type { Empresa } from "../../../domain/empresa/schemas";
import type { NumericValue } from "../../../domain/purchasing";

export interface OcPdfItem {
  codigo: string;
  producto: string;
  cantidad: NumericValue;
  precio_unitario: NumericValue;
  unidad?: string | null;
}

export interface OcPdfData {
  numero_oc: number | string;
  fecha: string;
  proveedor: {
    proveedor: string;
    rut?: string | null;
    vendedor?: string | null;
    contacto?: string | null;
    banco?: string | null;
    tipo_de_cuenta?: string | null;
    numero_cuenta?: string | null;
    /** Credit days: the payment condition ("Contado" when 0). */
    dias_credito?: number | null;
  };
  realizado_por: string;
  cliente_nombre?: string | null;
  numero_presupuesto?: string | null;
  observacion?: string | null;
  comentario?: string | null;
  items: readonly OcPdfItem[];
}

/** With the issuer (api/empresa), added by the download. */
export interface OcPdfDocument extends OcPdfData {
  empresa: Empresa;
}

/** "30 días de crédito" or "Contado". */
export function condicionPago(dias: number | null | undefined): string {
  return dias && dias > 0 ? `${dias} ${dias === 1 ? "día" : "días"} de crédito` : "Contado";
}
