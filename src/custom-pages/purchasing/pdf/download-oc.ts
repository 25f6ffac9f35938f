// "Generar PDF" / "Imprimir / PDF": loads the PDF module (and @react-pdf/renderer) only now
// with the issuer's data (api/empresa) and saves the order as OC_{numero}_{proveedor}.pdf.
import { getEmpresa } from "../../platform/api/empresa";
import { orderPdfFileName } from "../../../domain/purchasing";
import { saveBlob } from "../../../components/save-blob";
import type { OcPdfData } from "./oc-data";

export async function downloadOcPdf(data: OcPdfData): Promise<string> {
  const [{ renderPurchaseOrderPdf }, empresa] = await Promise.all([import("./PurchaseOrderPdf"), getEmpresa()]);
  const blob = await renderPurchaseOrderPdf({ ...data, empresa });
  const fileName = orderPdfFileName(data.numero_oc, data.proveedor.proveedor);
  saveBlob(blob, fileName);
  return fileName;
}
