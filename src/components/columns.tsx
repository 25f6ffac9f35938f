// The table rule, once (issue 20): every table builds its columns with these helpers.
// - textColumn: long text on one line, cut with "…" and shown whole on hover.
// - dateColumn / moneyColumn / numberColumn: never wrap (class vt-nowrap, which the layout
//   test of tests/e2e/layout.e2e.ts measures).
// - actionsColumn: stays visible on the right (fixed) when the table scrolls sideways; a
//   list's row buttons are icons with a tooltip and an aria-label (`RowAction`).
// Every helper gives a width; `scrollX(columns)` is their sum, the table's scroll width:
// wider than its card the table scrolls sideways (a visible scrollbar, page.css), narrower
// it fills the card. A column may carry a `priority` (./fit-columns): in a list that fits
// its card (./ListColumns) the least needed step back first, and no header is narrower
// than its title (`headerWidth`).
import type { ReactNode } from "react";
import { Tooltip } from "antd";
import type { ColumnPriority } from "./fit-columns";
import type { ColumnType, ColumnsType } from "antd/es/table";
import { formatCLP, formatDate, formatDateTime, formatNumber } from "../domain/format";
import "./page.css";

type Col<T> = ColumnType<T>;
type Render<T> = NonNullable<Col<T>["render"]>;

/** Class of the cells that must stay on one line (dates, amounts). */
export const NOWRAP = "vt-nowrap";

function classes(...names: (string | undefined | false)[]): string {
  return names.filter(Boolean).join(" ");
}

/** What a cell shows, as text, for its hover tooltip. */
function asText(node: ReactNode): string | null {
  if (typeof node === "string" || typeof node === "number") return String(node);
  return null;
}

/**
 * Long text: one line cut with an ellipsis, the whole text in a tooltip on hover.
 * `text` gives the tooltip when the cell renders something other than a plain string.
 */
export function textColumn<T>(col: Col<NoInfer<T>> & { width: number }, text?: (row: NoInfer<T>) => string | null | undefined): Col<T> {
  const inner: Render<T> = col.render ?? ((v: unknown) => (v === null || v === undefined || v === "" ? "—" : String(v)));
  return {
    ...col,
    ellipsis: { showTitle: false },
    render: (value: unknown, row: T, index: number) => {
      const content = inner(value, row, index) as ReactNode;
      const title = text ? text(row) : asText(content);
      return (
        <Tooltip placement="topLeft" title={title || undefined} mouseEnterDelay={0.3}>
          <span className="vt-cell-text">{content}</span>
        </Tooltip>
      );
    },
  } as Col<T>;
}

/** A date (DD-MM-AAAA), or date and time with `withTime`; empty values show nothing. */
export function dateColumn<T>(col: Col<NoInfer<T>> & { withTime?: boolean }): Col<T> {
  const { withTime, ...rest } = col;
  return {
    width: withTime ? 140 : 108,
    render: (v: string | null | undefined) => (v ? (withTime ? formatDateTime(v) : formatDate(v)) : ""),
    ...rest,
    className: classes(NOWRAP, rest.className),
  } as Col<T>;
}

/** An amount in pesos ($1.234.567), right-aligned. */
export function moneyColumn<T>(col: Col<NoInfer<T>>): Col<T> {
  return {
    width: 124,
    align: "right",
    render: (v: number | string | null | undefined) => (v === null || v === undefined ? "" : formatCLP(v)),
    ...col,
    className: classes(NOWRAP, "vt-num", col.className),
  } as Col<T>;
}

/** A quantity, right-aligned (up to `decimals` decimals). */
export function numberColumn<T>(col: Col<NoInfer<T>> & { decimals?: number }): Col<T> {
  const { decimals = 4, ...rest } = col;
  return {
    width: 96,
    align: "right",
    render: (v: number | string | null | undefined) => (v === null || v === undefined ? "" : formatNumber(v, decimals)),
    ...rest,
    className: classes(NOWRAP, "vt-num", rest.className),
  } as Col<T>;
}

/** A column's priority when its list is short of width (default "useful"). */
export function priorityOf(col: object): ColumnPriority {
  return (col as { priority?: ColumnPriority }).priority ?? "useful";
}

/** The column with its priority (./fit-columns). */
export function withPriority<C extends object>(col: C, priority: ColumnPriority | undefined): C {
  return priority ? ({ ...col, priority } as C) : col;
}

let measurer: CanvasRenderingContext2D | null | undefined;

/** The pixels `text` takes in a table header (antd's: 600, 14 px); an estimate outside a browser. */
function textWidth(text: string): number {
  if (measurer === undefined) {
    measurer = typeof document === "undefined" ? null : document.createElement("canvas").getContext("2d");
    if (measurer) measurer.font = `600 14px ${getComputedStyle(document.body).fontFamily || "sans-serif"}`;
  }
  return measurer ? measurer.measureText(text).width : text.length * 8.5;
}

/** The least width of a column whose header shows `title` whole: the text, the cell's padding, the sort arrows. */
export function headerWidth(title: string, sortable: boolean): number {
  return Math.ceil(textWidth(title)) + 34 + (sortable ? 20 : 0);
}

/** The row's buttons, kept visible on the right while the table scrolls sideways. */
export function actionsColumn<T>(render: Render<T>, opts: { width?: number; title?: string } = {}): Col<T> {
  return {
    title: opts.title ?? "Acciones",
    key: "actions",
    fixed: "right",
    width: opts.width ?? 150,
    className: "vt-actions-cell",
    render,
  };
}

/** The table's scroll width: the sum of its columns' widths (plus selection/expand cells). */
export function scrollX<T>(columns: ColumnsType<T>, extra = 0): number {
  return columns.reduce((sum, c) => sum + (typeof c.width === "number" ? c.width : 120), extra);
}
