// The workshop PDFs, loaded only when asked for (the PDF library is its own chunk):
// the pay PDF of a period ("pago-taller-2026-03.pdf") and a worker's statement.
import { fileNamePart } from "../domain/format/filename";
import { workshopPayPdfFileName } from "../domain/workshop/periods";
import { workerStatement } from "../domain/workshop/statement";
import { saveBlob } from "./download-quote";
import type { WorkshopPayData } from "./workshop-data";

export async function downloadWorkshopPayPdf(data: WorkshopPayData): Promise<string> {
  const { renderWorkshopPayPdf } = await import("./WorkshopPayPdf");
  const blob = await renderWorkshopPayPdf(data);
  const fileName = workshopPayPdfFileName(data.periodo);
  saveBlob(blob, fileName);
  return fileName;
}

/** "liquidacion-2026-03-Ana_Soto.pdf" */
export function workerStatementFileName(periodo: string, nombre: string): string {
  return `liquidacion-${periodo}-${fileNamePart(nombre)}.pdf`;
}

export async function downloadWorkerStatementPdf(data: WorkshopPayData, nombre: string): Promise<string> {
  const statement = workerStatement({ ...data, nombre });
  const { renderWorkerStatementPdf } = await import("./WorkerStatementPdf");
  const blob = await renderWorkerStatementPdf(statement);
  const fileName = workerStatementFileName(data.periodo, nombre);
  saveBlob(blob, fileName);
  return fileName;
}
