// "Exportar Excel" of the purchase order list (specification section 9): the workbook is
// described by src/domain/purchasing/excel.ts (sheets OC and Detalles, widths 10-60);
// write-excel-file is loaded only now, as its own chunk.
import { buildOrdersWorkbook, type ExcelCell, type ExcelSheet, type ExportOrder, type OrderState } from "../../../domain/purchasing";
import { saveBlob } from "../../../components/save-blob";

type Cell = { value: string | number | Date; type?: typeof String | typeof Number | typeof Date; format?: string; fontWeight?: "bold" } | null;

function cellOf(value: ExcelCell, kind: ExcelSheet["columns"][number]["kind"]): Cell {
  if (value === null || value === "") return null;
  switch (kind) {
    case "money":
      return { value: Number(value), type: Number, format: "#,##0" };
    case "quantity":
      return { value: Number(value), type: Number };
    case "number":
      return typeof value === "number" ? { value, type: Number } : { value: String(value), type: String };
    case "date": {
      const [y, m, d] = String(value).split("-").map(Number);
      return { value: new Date(Date.UTC(y, m - 1, d)), type: Date, format: "dd-mm-yyyy" };
    }
    default:
      return { value: String(value), type: String };
  }
}

function sheetData(sheet: ExcelSheet): Cell[][] {
  const header: Cell[] = sheet.columns.map((c) => ({ value: c.header, type: String, fontWeight: "bold" }));
  return [header, ...sheet.rows.map((row) => row.map((v, i) => cellOf(v, sheet.columns[i].kind)))];
}

/** Writes and saves the month's workbook; returns the file name, or the "no orders" alert as { message }. */
export async function exportOrdersExcel(orders: readonly ExportOrder[], month: string, estado: OrderState | null): Promise<{ fileName: string } | { message: string }> {
  const book = buildOrdersWorkbook(orders, month, estado);
  if (!book.ok) return { message: book.message };
  const { default: writeExcelFile } = await import("write-excel-file/browser");
  const sheets = book.sheets.map((s) => ({ data: sheetData(s), sheet: s.name, columns: s.columns.map((c) => ({ width: c.width })), stickyRowsCount: 1 }));
  // The library's types want its own Cell union; ours is a subset of it.
  const blob = await writeExcelFile(sheets as unknown as Parameters<typeof writeExcelFile>[0]).toBlob();
  saveBlob(blob, book.fileName);
  return { fileName: book.fileName };
}
