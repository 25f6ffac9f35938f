// A list a person also uses on a phone (issue 20): a table from 576 px up, one card per
// record below (antd Grid.useBreakpoint): the record's name, its key figures and its
// actions, with the same data, loading state and pagination as the table.
//   <ResponsiveTable<Cliente> columns={columns} dataSource={rows} pagination={…}
//     card={{ title: (c) => c.nombre, fields: (c) => [{ label: "RUT", value: c.rut }], actions: (c) => <Button …/> }} />
// The table's scroll width is its columns' (scrollX of ./columns); FitTable is the same table
// without cards.
import { useState, type Key, type ReactNode } from "react";
import { Button, Card, Empty, Grid, Pagination, Spin, Table, type TablePaginationConfig, type TableProps } from "antd";
import type { ColumnType, SorterResult } from "antd/es/table/interface";
import { scrollX } from "./columns";
import { FIRST_ROWS, useProgressiveRows } from "./progressive-rows";
import "./page.css";

export interface CardField {
  label: string;
  value: ReactNode;
}

export interface CardSpec<T> {
  title: (row: T) => ReactNode;
  /** Beside the title (a state tag). */
  extra?: (row: T) => ReactNode;
  /** The record's key figures, label and value. */
  fields: (row: T) => CardField[];
  actions?: (row: T) => ReactNode;
  /** Classes of the card (the colours the table gives the row). */
  className?: (row: T) => string;
  /** What the table shows when a row expands (an order's items): a toggle button on the card
   * (its text, e.g. "Ver ítems (3)"; "Ocultar ítems" when open) opens it below the fields. */
  detail?: { label: (row: T) => string; hideLabel?: string; render: (row: T) => ReactNode };
}

type Props<T> = Omit<TableProps<T>, "columns"> & {
  columns: NonNullable<TableProps<T>["columns"]>;
  card: CardSpec<T>;
};

function keyOf<T>(row: T, rowKey: TableProps<T>["rowKey"], index: number): Key {
  if (typeof rowKey === "function") return rowKey(row, index);
  const field = (rowKey ?? "key") as keyof T;
  const value = row[field];
  return typeof value === "string" || typeof value === "number" ? value : index;
}

/** The sort the table shows (a controlled column's sortOrder), so paging cards keeps it. */
function currentSorter<T>(columns: Props<T>["columns"]): SorterResult<T> {
  const col = columns.find((c): c is ColumnType<T> => "sortOrder" in c && Boolean(c.sortOrder));
  if (!col) return {};
  return { column: col, columnKey: col.key, field: col.dataIndex as SorterResult<T>["field"], order: col.sortOrder };
}

export function ResponsiveTable<T extends object>({ card, ...table }: Props<T>) {
  const screens = Grid.useBreakpoint();
  const phone = screens.sm === false;
  const [open, setOpen] = useState<ReadonlySet<Key>>(new Set());
  // A page just arrived is drawn in two steps (./progressive-rows): on a phone 8 cards fill the screen.
  const shown = useProgressiveRows(table.dataSource, (row, i) => keyOf(row, table.rowKey, i), phone ? 8 : FIRST_ROWS);
  if (!phone) return <Table<T> {...table} dataSource={shown} scroll={table.scroll ?? { x: scrollX(table.columns) }} />;

  const rows = (shown ?? []) as readonly T[];
  const loading = Boolean(table.loading);
  const pagination = table.pagination as false | TablePaginationConfig | undefined;
  const emptyText = (table.locale?.emptyText as ReactNode) ?? "Sin datos";
  const label = (table as { "aria-label"?: string })["aria-label"];

  const goTo = (page: number, pageSize: number) => {
    if (!pagination) return;
    pagination.onChange?.(page, pageSize);
    table.onChange?.({ ...pagination, current: page, pageSize }, {}, currentSorter(table.columns), { action: "paginate", currentDataSource: [...(table.dataSource ?? [])] });
  };

  return (
    <div className="vt-cards" role="list" aria-label={label} aria-busy={loading}>
      <Spin spinning={loading}>
        {rows.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={emptyText} />
        ) : (
          rows.map((row, i) => {
            const actions = card.actions?.(row);
            const key = keyOf(row, table.rowKey, i);
            const expanded = open.has(key);
            const toggle = () =>
              setOpen((prev) => {
                const next = new Set(prev);
                if (next.has(key)) next.delete(key);
                else next.add(key);
                return next;
              });
            return (
              <Card key={key} size="small" role="listitem" className={`vt-card ${card.className?.(row) ?? ""}`} title={card.title(row)} extra={card.extra?.(row)}>
                <dl className="vt-card__fields">
                  {card.fields(row).map((f) => (
                    <div key={f.label} className="vt-card__field">
                      <dt>{f.label}</dt>
                      <dd>{f.value}</dd>
                    </div>
                  ))}
                </dl>
                {actions && <div className="vt-actions vt-card__actions">{actions}</div>}
                {card.detail && (
                  <>
                    <Button type="link" size="small" className="vt-card__toggle" aria-expanded={expanded} onClick={toggle}>
                      {expanded ? (card.detail.hideLabel ?? "Ocultar detalle") : card.detail.label(row)}
                    </Button>
                    {expanded && <div className="vt-card__detail">{card.detail.render(row)}</div>}
                  </>
                )}
              </Card>
            );
          })
        )}
      </Spin>
      {pagination && (pagination.total ?? 0) > 0 && (
        <Pagination
          simple
          align="center"
          current={pagination.current}
          pageSize={pagination.pageSize}
          total={pagination.total}
          showTotal={pagination.showTotal}
          onChange={goTo}
        />
      )}
    </div>
  );
}

/** A table built with ./columns whose scroll width is its columns' (no cards on a phone). */
export function FitTable<T extends object>(props: Omit<TableProps<T>, "columns"> & { columns: NonNullable<TableProps<T>["columns"]> }) {
  const shown = useProgressiveRows(props.dataSource, (row, i) => keyOf(row, props.rowKey, i));
  return <Table<T> {...props} dataSource={shown} scroll={props.scroll ?? { x: scrollX(props.columns) }} />;
}
