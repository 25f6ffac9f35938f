// Excel export of the purchase order list (specification section 9): file
// OC_{month}_{status}.xlsx with sheets "OC" and "Detalles", column widths between 10 and
// 60 characters from their content. The workbook is described here as plain data; the
// web app hands it to write-excel-file (loaded only when exporting).
import { formatDate } from "../format/date";
import { formatCLP, formatNumber } from "../format/number";
import { orderExcelFileName } from "./files";
import { totals } from "../money";
import { pendingQuantity, type OrderLine } from "./order-lines";
import { orderStateLabel, parseOrderStateFilter, type OrderState } from "./order-state";
import { calendarDate, toNumberOrNull, toQuantity, type NumericValue } from "./values";

export const MSG_NO_HAY_ORDENES = "No hay órdenes en el mes/estado seleccionados.";
export const MSG_MES_INVALIDO = "Mes inválido: use AAAA-MM.";

export const EXCEL_MIN_WIDTH = 10;
export const EXCEL_MAX_WIDTH = 60;

/**
 * How a column's cells are written: "number" plainly (an order number, no thousands
 * separator), money in whole pesos, quantities with up to 2 decimals, dates day-month-year.
 */
export type ExcelColumnKind = "text" | "number" | "money" | "quantity" | "date";
export type ExcelCell = string | number | null;

export interface ExcelColumn {
  header: string;
  kind: ExcelColumnKind;
  /** Characters, from the header and the cells as shown, clamped to 10-60. */
  width: number;
}

export interface ExcelSheet {
  name: string;
  columns: ExcelColumn[];
  /** One array per row, aligned with `columns`; a "date" cell is "YYYY-MM-DD". */
  rows: ExcelCell[][];
}

export interface ExportOrderItem extends OrderLine {
  codigo?: string | null;
  producto?: string | null;
  observacion_ingreso?: string | null;
  observacion?: string | null;
}

export interface ExportOrder {
  numero_oc: string | number;
  proveedor?: string | null;
  fecha?: string | Date | null;
  numero_presupuesto?: string | number | null;
  observacion?: string | null;
  estado?: string | null;
  total_neto?: NumericValue;
  detalles?: readonly ExportOrderItem[] | null;
}

/** Text of a cell as Excel shows it, to size its column. */
export function excelCellText(value: ExcelCell, kind: ExcelColumnKind): string {
  if (value === null || value === "") return "";
  switch (kind) {
    case "money":
      return formatCLP(value);
    case "quantity":
      return formatNumber(value, 2);
    case "number":
      return String(value);
    case "date":
      return formatDate(String(value));
    default:
      return String(value);
  }
}

/** Width of a column: its longest text (header included) plus 2, between 10 and 60. */
export function excelColumnWidth(header: string, values: readonly ExcelCell[], kind: ExcelColumnKind): number {
  let longest = header.length;
  for (const v of values) {
    for (const line of excelCellText(v, kind).split("\n")) longest = Math.max(longest, line.length);
  }
  return Math.min(EXCEL_MAX_WIDTH, Math.max(EXCEL_MIN_WIDTH, longest + 2));
}

function sheet(name: string, spec: readonly { header: string; kind: ExcelColumnKind }[], rows: ExcelCell[][]): ExcelSheet {
  return {
    name,
    columns: spec.map((c, i) =>
      ({ header: c.header, kind: c.kind, width: excelColumnWidth(c.header, rows.map((r) => r[i]), c.kind) }),
    ),
    rows,
  };
}

const OC_COLUMNS = [
  { header: "N° OC", kind: "number" },
  { header: "Proveedor", kind: "text" },
  { header: "Fecha", kind: "date" },
  { header: "N° Presupuesto", kind: "text" },
  { header: "Observación", kind: "text" },
  { header: "Neto", kind: "money" },
  { header: "IVA 19%", kind: "money" },
  { header: "Total", kind: "money" },
  { header: "Estado", kind: "text" },
] as const;

const DETALLES_COLUMNS = [
  { header: "N° OC", kind: "number" },
  { header: "Código", kind: "text" },
  { header: "Producto", kind: "text" },
  { header: "Cantidad total", kind: "quantity" },
  { header: "Cantidad llegada", kind: "quantity" },
  { header: "Cantidad pendiente", kind: "quantity" },
  { header: "Comentario", kind: "text" },
] as const;

const text = (v: string | number | null | undefined): string | null => (v === null || v === undefined || v === "" ? null : String(v));
/** An order number as a number when it is one (sorts and filters as such in Excel). */
const orderNumber = (v: string | number): ExcelCell => toNumberOrNull(v) ?? text(v);

/** The state shown for an order: the server's (kept from its items at write time). */
export function exportOrderState(order: ExportOrder): string {
  return orderStateLabel(order.estado);
}

/** Sheet "OC": one row per order with net, IVA 19%, total and state. */
export function ordersSheet(orders: readonly ExportOrder[]): ExcelSheet {
  const rows = orders.map((o): ExcelCell[] => {
    const t = totals(toNumberOrNull(o.total_neto) ?? 0); // the server's net
    return [orderNumber(o.numero_oc), text(o.proveedor), calendarDate(o.fecha ?? null), text(o.numero_presupuesto), text(o.observacion), t.neto, t.iva, t.total, exportOrderState(o)];
  });
  return sheet("OC", OC_COLUMNS, rows);
}

/**
 * Sheet "Detalles": one row per item with total, arrived and pending quantity and its
 * comment (the arrival comment, else the item's own observation).
 */
export function detailsSheet(orders: readonly ExportOrder[]): ExcelSheet {
  const rows: ExcelCell[][] = [];
  for (const o of orders) {
    for (const d of o.detalles ?? []) {
      rows.push([
        orderNumber(o.numero_oc),
        text(d.codigo),
        text(d.producto),
        toQuantity(d.cantidad),
        toQuantity(d.cantidad_llegada),
        pendingQuantity(d),
        text(d.observacion_ingreso) ?? text(d.observacion),
      ]);
    }
  }
  return sheet("Detalles", DETALLES_COLUMNS, rows);
}

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

/** Orders dated in the month ("YYYY-MM", Santiago calendar) and, when given, in the state. */
export function ordersForExport<T extends ExportOrder>(orders: readonly T[], month: string, estado: OrderState | null): T[] {
  return orders.filter((o) => {
    const d = calendarDate(o.fecha ?? null);
    if (!d || d.slice(0, 7) !== month) return false;
    if (!estado) return true;
    return parseState(o.estado) === estado;
  });
}

function parseState(estado: string | null | undefined): OrderState | null {
  const parsed = parseOrderStateFilter(estado);
  return parsed.valid ? parsed.estado : null;
}

export type OrdersWorkbook = { ok: true; fileName: string; sheets: [ExcelSheet, ExcelSheet] } | { ok: false; message: string };

/**
 * The whole export: the orders of the month and state, sorted by order number, as sheets
 * OC and Detalles; or the section 5 alert when there are none.
 */
export function buildOrdersWorkbook(orders: readonly ExportOrder[], month: string, estado: OrderState | null): OrdersWorkbook {
  if (!MONTH.test(month)) return { ok: false, message: MSG_MES_INVALIDO };
  const selected = ordersForExport(orders, month, estado).sort(byOrderNumber);
  if (selected.length === 0) return { ok: false, message: MSG_NO_HAY_ORDENES };
  return { ok: true, fileName: orderExcelFileName(month, estado), sheets: [ordersSheet(selected), detailsSheet(selected)] };
}

function byOrderNumber(a: ExportOrder, b: ExportOrder): number {
  const na = toNumberOrNull(a.numero_oc);
  const nb = toNumberOrNull(b.numero_oc);
  if (na !== null && nb !== null) return na - nb;
  return String(a.numero_oc).localeCompare(String(b.numero_oc), "es-CL", { numeric: true });
}
