// What the electronic invoice import sends and answers, shared by the server's service and
// the web's API module.
import { z } from "zod";
import type { AcceptanceWindow } from "./dte-acceptance";
import type { InvoiceMatch } from "./dte-match";
import type { DteInvoiceFields } from "./dte-parse";

/** One uploaded XML file. */
export interface DteFile {
  nombre: string;
  /** The file's bytes in base64 (the XML keeps its own encoding, usually ISO-8859-1). */
  contenido: string;
}

/** One document of the files, as the preview shows it before it is registered (a type, so
 * the route's response schema accepts it). */
export type DtePreview = {
  clave: string;
  archivo: string;
  tipo: number;
  tipo_nombre: string;
  folio: number;
  campos: DteInvoiceFields;
  proveedor_id: number | null;
  /** The supplier's name in Ventanal (null: not in the list; the XML's name is used). */
  proveedor_registrado: string | null;
  dias_credito: number;
  duplicado: string | null;
  plazo: AcceptanceWindow | null;
  /** Matching to the supplier's open purchase orders (null without a known supplier). */
  conciliacion: InvoiceMatch | null;
  avisos: string[];
};

export const MSG_DTE_ARCHIVOS = "Envíe entre 1 y 50 archivos XML (nombre y contenido en base64)";

/** The body of both DTE routes. Base64 and size are checked file by file when the files are read. */
export const dteBody = z.object(
  {
    archivos: z
      .array(
        z.object({
          nombre: z.string({ error: MSG_DTE_ARCHIVOS }).trim().min(1, MSG_DTE_ARCHIVOS).max(255, MSG_DTE_ARCHIVOS),
          contenido: z.string({ error: MSG_DTE_ARCHIVOS }),
        }, { error: MSG_DTE_ARCHIVOS }),
        { error: MSG_DTE_ARCHIVOS },
      )
      .min(1, MSG_DTE_ARCHIVOS)
      .max(50, MSG_DTE_ARCHIVOS),
  },
  { error: MSG_DTE_ARCHIVOS },
);
