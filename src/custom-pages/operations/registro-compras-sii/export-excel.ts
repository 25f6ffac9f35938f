// "Exportar Excel" of a reconciliation: every row of the import (not just the page), with
// its result and differences; write-excel-file is loaded only now, as its own chunk.
import type { RcvFila } from "../rcv-api";
import { RCV_RESULTADO_NOMBRES } from "../../../domain/operations/rcv";
import { saveBlob } from "../../../components/save-blob";
import { tipoNombre } from "./GroupSummary";

const HEADERS = ["Resultado", "Cambio", "Tipo", "RUT proveedor", "Razón social", "Folio", "Fecha docto.", "Recepción SII", "Neto", "Exento", "IVA", "Total SII", "Total Ventanal", "Diferencias"];

const date = (iso: string | null) => (iso ? { value: new Date(`${iso}T00:00:00Z`), type: Date, format: "dd-mm-yyyy" } : null);
const money = (n: number | null) => (n === null ? null : { value: n, type: Number, format: "#,##0" });
const text = (s: string | null) => (s ? { value: s, type: String } : null);

export async function exportRcvExcel(periodo: string, filas: RcvFila[]): Promise<string> {
  const { default: writeExcelFile } = await import("write-excel-file/browser");
  const data = [
    HEADERS.map((h) => ({ value: h, type: String, fontWeight: "bold" as const })),
    ...filas.map((f) => [
      text(RCV_RESULTADO_NOMBRES[f.resultado]),
      text(f.cambio === "nueva" ? "Nueva" : f.cambio === "cambio" ? "Cambió" : null),
      text(tipoNombre(f.tipo_doc)),
      text(f.rut_proveedor),
      text(f.razon_social),
      text(f.folio),
      date(f.fecha_docto ?? f.ventanal_fecha),
      date(f.fecha_recepcion),
      money(f.monto_neto),
      money(f.monto_exento),
      money(f.iva_recuperable),
      money(f.monto_total),
      money(f.ventanal_total),
      text(f.diferencias.map((d) => `${d.campo}: SII ${d.sii ?? "—"} / Ventanal ${d.ventanal ?? "—"}`).join("; ")),
    ]),
  ];
  const fileName = `Registro de Compras SII ${periodo}.xlsx`;
  const blob = await writeExcelFile([{ data, sheet: "Conciliación", columns: HEADERS.map((h) => ({ width: Math.max(12, h.length + 2) })), stickyRowsCount: 1 }] as unknown as Parameters<typeof writeExcelFile>[0]).toBlob();
  saveBlob(blob, fileName);
  return fileName;
}
