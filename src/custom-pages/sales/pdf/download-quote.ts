// "Descargar PDF": loads the PDF module (and @react-pdf/renderer with it) only now, as a
// separate chunk, renders the quote and saves it as Presupuesto_{numero}_{cliente}.pdf.
import { quotePdfFileName } from "../../../domain/format/filename";
import { getEmpresa } from "../../platform/api/empresa";
import { getVendedor } from "../api";
import type { QuoteContent } from "./quote-data";
import { saveBlob } from "../../../components/save-blob";

/** Fetches the issuer (api/empresa) and the quote's salesperson, then draws and saves it. */
export async function downloadQuotePdf(presupuestoId: number, data: QuoteContent): Promise<string> {
  const [{ renderQuotePdf }, empresa, { vendedor }] = await Promise.all([import("./QuotePdf"), getEmpresa(), getVendedor(presupuestoId)]);
  const blob = await renderQuotePdf({ ...data, empresa, vendedor });
  const fileName = quotePdfFileName(data.presupuesto.numero, data.cliente.nombre);
  saveBlob(blob, fileName);
  return fileName;
}
