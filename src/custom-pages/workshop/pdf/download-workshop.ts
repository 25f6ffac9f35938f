// The workshop PDFs, loaded only when asked for (the PDF library is its own chunk):
// with the issuer of api/empresa: the pay PDF of a period ("pago-taller-2026-03.pdf") and a worker's statement.
import { getEmpresa } from "../../platform/api/empresa";
import { fileNamePart } from "../../../domain/format/filename";
import { workshopPayPdfFileName } from "../../../domain/workshop/periods";
import { workerStatement } from "../../../domain/workshop/statement";
import { saveBlob } from "../../../components/save-blob";
import type { WorkshopPayData } from "./workshop-data";

export async function downloadWorkshopPayPdf(data: WorkshopPayData): Promise<string> {
  const [{ renderWorkshopPayPdf }, empresa] = await Promise.all([import("./WorkshopPayPdf"), getEmpresa()]);
  const blob = await renderWorkshopPayPdf(data, empresa);
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
  const [{ renderWorkerStatementPdf }, empresa] = await Promise.all([import("./WorkerStatementPdf"), getEmpresa()]);
  const blob = await renderWorkerStatementPdf(statement, empresa);
  const fileName = workerStatementFileName(data.periodo, nombre);
  saveBlob(blob, fileName);
  return fileName;
}
