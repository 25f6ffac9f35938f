// "Generar PDF" / "Imprimir / PDF": loads the PDF module (and @react-pdf/renderer) only now
// and saves the order as OC_{numero}_{proveedor}.pdf.
import { orderPdfFileName } from "../domain/purchasing";
import { saveBlob } from "./download-quote";
import type { OcPdfData } from "./oc-data";

export async function downloadOcPdf(data: OcPdfData): Promise<string> {
  const { renderPurchaseOrderPdf } = await import("./PurchaseOrderPdf");
  const blob = await renderPurchaseOrderPdf(data);
  const fileName = orderPdfFileName(data.numero_oc, data.proveedor.proveedor);
  saveBlob(blob, fileName);
  return fileName;
}
