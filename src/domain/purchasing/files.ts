// File names of the purchasing documents (specification section 9), sanitised with the
// same rule as the quote PDF (src/domain/format/filename.ts): accents become plain letters
// ("Peñalolén" → "Penalolen"), which stays readable and is safe in every file system,
// zip tool and mail client, unlike "ñ" or "/" in a supplier's name.
import { fileNamePart } from "../format/filename";
import { ORDER_STATE_LABELS, type OrderState } from "./order-state";

/** `OC_{number}_{supplier}.pdf`. */
export function orderPdfFileName(numeroOc: string | number | null | undefined, proveedor: string | null | undefined): string {
  return `OC_${fileNamePart(numeroOc, "sin_numero", 30)}_${fileNamePart(proveedor, "proveedor")}.pdf`;
}

/** Status part of the Excel file name: the state's label, or "Todas" for every order. */
export function exportStatusLabel(estado: OrderState | null): string {
  return estado ? ORDER_STATE_LABELS[estado] : "Todas";
}

/** `OC_{month}_{status}.xlsx`, e.g. OC_2026-03_Pendiente.xlsx (month as YYYY-MM). */
export function orderExcelFileName(month: string, estado: OrderState | null): string {
  return `OC_${fileNamePart(month, "mes", 7)}_${exportStatusLabel(estado)}.xlsx`;
}
