// "Descargar PDF": loads the PDF module (and @react-pdf/renderer with it) only now, as a
// separate chunk, renders the quote and saves it as Presupuesto_{numero}_{cliente}.pdf.
import { quotePdfFileName } from "../domain/format/filename";
import type { QuotePdfData } from "./quote-data";

export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement("a");
  a.href = url;
  a.download = fileName;
  a.rel = "noopener";
  a.style.display = "none";
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

export async function downloadQuotePdf(data: QuotePdfData): Promise<string> {
  const { renderQuotePdf } = await import("./QuotePdf");
  const blob = await renderQuotePdf(data);
  const fileName = quotePdfFileName(data.presupuesto.numero, data.cliente.nombre);
  saveBlob(blob, fileName);
  return fileName;
}
