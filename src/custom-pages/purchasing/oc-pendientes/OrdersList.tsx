// The purchase order list (specification 2.6 item 3): filters by order number, budget
// number, supplier and observation text, status (Pendiente, Completa, Todas) and a month
// for export; a row expands into its items (total, arrived and pending quantity, comment);
// "Exportar Excel" writes OC_{month}_{status}.xlsx. Paged and filtered on the server.
import { useEffect, useMemo, useState } from "react";
import { Button, Card, Form, Input, Select, Table } from "antd";
import type { ColumnsType } from "antd/es/table";
import { ResponsiveTable } from "../../../components/ResponsiveTable";
import { dateColumn, moneyColumn, scrollX, textColumn, NOWRAP } from "../../../components/columns";
import { fetchOrdenesEstado, type ItemOc, type OrdenCompra } from "../api";
import { useApiQuery } from "../../../data/query";
import type { Banner } from "../../../components/useBanner";
import { todayInSantiago } from "../../../domain/dates/dates";
import { formatCLP, formatDate, formatNumber } from "../../../domain/format";
import { totals } from "../../../domain/money";
import { MSG_EXCEL_ERROR, ORDER_STATE_FILTER_OPTIONS, orderStateLabel, parseOrderStateFilter, pendingQuantity } from "../../../domain/purchasing";
import { PendingBadge } from "../ordenes-compra/ReceiptCards";
import { exportOrdersExcel } from "../ordenes-compra/export-excel";
import { ReceiptHistory } from "../ordenes-compra/ReceiptHistory";
import { MonthField } from "../../../components/DateField";
import { useFiltro } from "../../../components/useFiltro";
import { ORDENES_FILTROS, ordenesFilterParams } from "../../../domain/hoy/links";
import { totalText } from "../../../domain/format/total";
import { purchasingKeys } from "../keys";

interface Filters {
  numero_oc?: string;
  numero_presupuesto?: string;
  proveedor?: string;
  observacion?: string;
  estado: string;
}

const PAGE = 20;

function nextMonth(month: string): string {
  const [y, m] = month.split("-").map(Number);
  return m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, "0")}`;
}

function ItemsDetail({ orden }: { orden: OrdenCompra }) {
  return (
    <div>
      <Table<ItemOc> rowKey="id" size="small" pagination={false} dataSource={orden.detalles} scroll={{ x: "max-content" }} aria-label={`Ítems OC ${orden.numero_oc}`}>
        <Table.Column<ItemOc> dataIndex="codigo" title="Código" />
        <Table.Column<ItemOc> dataIndex="producto" title="Producto" />
        <Table.Column<ItemOc> title="Cantidad total" align="right" render={(_, d) => formatNumber(d.cantidad)} />
        <Table.Column<ItemOc> title="Cantidad llegada" align="right" render={(_, d) => formatNumber(d.cantidad_llegada)} />
        <Table.Column<ItemOc> title="Pendiente" align="right" render={(_, d) => <PendingBadge pendiente={pendingQuantity(d)} />} />
        <Table.Column<ItemOc> title="Comentario" render={(_, d) => d.observacion_ingreso ?? d.observacion ?? ""} />
      </Table>
      {orden.comentario && <p style={{ margin: "8px 0 0" }}>{`Comentario: ${orden.comentario}`}</p>}
      <ReceiptHistory numero={orden.numero_oc} />
    </div>
  );
}

/** The items of an order on a phone: one line each, no table to scroll sideways. */
function ItemsList({ orden }: { orden: OrdenCompra }) {
  return (
    <div>
      <ul className="vt-card__items" aria-label={`Ítems OC ${orden.numero_oc}`}>
        {orden.detalles.map((d) => (
          <li key={d.id}>
            <div className="vt-card__item-name">{[d.codigo, d.producto].filter(Boolean).join(" · ")}</div>
            <div className="vt-card__item-figures">
              <span className={NOWRAP}>{`Total ${formatNumber(d.cantidad)}`}</span>
              <span className={NOWRAP}>{`Llegada ${formatNumber(d.cantidad_llegada)}`}</span>
              <span className={NOWRAP}>
                Pendiente <PendingBadge pendiente={pendingQuantity(d)} />
              </span>
            </div>
            {(d.observacion_ingreso ?? d.observacion) && <div className="vt-card__item-note">{d.observacion_ingreso ?? d.observacion}</div>}
          </li>
        ))}
      </ul>
      {orden.comentario && <p style={{ margin: "8px 0 0" }}>{`Comentario: ${orden.comentario}`}</p>}
      <ReceiptHistory numero={orden.numero_oc} />
    </div>
  );
}

const orderColumns: ColumnsType<OrdenCompra> = [
  { dataIndex: "numero_oc", title: "N° OC", width: 72 },
  textColumn<OrdenCompra>({ dataIndex: "proveedor", title: "Proveedor", width: 170 }),
  dateColumn<OrdenCompra>({ dataIndex: "fecha", title: "Fecha", width: 104 }),
  { dataIndex: "numero_presupuesto", title: "N° Presupuesto", width: 124, className: NOWRAP },
  textColumn<OrdenCompra>({ dataIndex: "observacion", title: "Observación", width: 160 }),
  moneyColumn<OrdenCompra>({ key: "total", title: "Total", width: 120, render: (_: unknown, o: OrdenCompra) => formatCLP(totals(o.total_neto).total) }),
  { key: "estado", title: "Estado", width: 100, render: (_, o) => orderStateLabel(o.estado) },
];

export function OrdersList({ show }: { show: (b: Banner | null) => void }) {
  const [filters, setFilters] = useState<Filters>({ estado: "PENDIENTE" });
  const [month, setMonth] = useState(todayInSantiago().slice(0, 7));
  const [page, setPage] = useState(1);
  const [exporting, setExporting] = useState(false);

  // ?filtro=atrasadas (the home's "Órdenes de compra atrasadas"): pending orders older than the cut.
  const { filtro, notice } = useFiltro(ORDENES_FILTROS);
  useEffect(() => setPage(1), [filtro]);
  const params = useMemo(
    () => ({
      estado: filters.estado,
      numero_oc: (filters.numero_oc ?? "").replace(/\D/g, "") || undefined,
      numero_presupuesto_like: filters.numero_presupuesto?.trim(),
      proveedor_like: filters.proveedor?.trim(),
      observacion_like: filters.observacion?.trim(),
      ...(ordenesFilterParams(filtro, todayInSantiago()) as Record<string, string>),
    }),
    [filters, filtro],
  );
  const list = useApiQuery(
    purchasingKeys.orders(params, page),
    () => fetchOrdenesEstado({ ...params, _sort: "numero_oc", _order: "desc", _start: (page - 1) * PAGE, _end: page * PAGE }),
    { failMessage: "No se pudieron cargar las órdenes", keepPrevious: true },
  );
  const shown = list.failed ? { rows: [], total: 0, capped: false } : (list.current ?? list.latest ?? { rows: [], total: 0, capped: false });

  const exportar = async () => {
    if (exporting) return;
    setExporting(true);
    try {
      const { rows: all } = await fetchOrdenesEstado({ ...params, fecha_gte: `${month}-01`, fecha_lt: `${nextMonth(month)}-01`, _sort: "numero_oc", _order: "asc" });
      const parsed = parseOrderStateFilter(filters.estado);
      const result = await exportOrdersExcel(all, month, parsed.valid ? parsed.estado : null);
      if ("message" in result) window.alert(result.message);
    } catch (error) {
      console.error(MSG_EXCEL_ERROR, error);
      show({ type: "error", message: MSG_EXCEL_ERROR });
    } finally {
      setExporting(false);
    }
  };

  return (
    <>
      {notice}
      <Card>
        <Form
          layout="vertical"
          role="search"
          initialValues={filters}
          onFinish={(v: Filters) => {
            setPage(1);
            setFilters({ ...v });
          }}
        >
          <div className="vt-grid">
            <Form.Item className="span-3" name="numero_oc" label="N° OC">
              <Input inputMode="numeric" allowClear />
            </Form.Item>
            <Form.Item className="span-3" name="numero_presupuesto" label="N° Presupuesto">
              <Input allowClear />
            </Form.Item>
            <Form.Item className="span-3" name="proveedor" label="Proveedor">
              <Input allowClear />
            </Form.Item>
            <Form.Item className="span-3" name="observacion" label="Observación">
              <Input allowClear />
            </Form.Item>
            <Form.Item className="span-3" name="estado" label="Estado">
              <Select options={ORDER_STATE_FILTER_OPTIONS.map((o) => ({ value: o.value, label: o.label }))} />
            </Form.Item>
            <Form.Item className="span-3" label=" ">
              <Button htmlType="submit">Filtrar</Button>
            </Form.Item>
            <Form.Item className="span-3" label="Mes a exportar" htmlFor="oc-mes">
              <MonthField id="oc-mes" value={month} onChange={(v) => setMonth(v ?? "")} />
            </Form.Item>
            <Form.Item className="span-3" label=" ">
              <Button type="primary" loading={exporting} onClick={() => void exportar()}>
                Exportar Excel
              </Button>
            </Form.Item>
          </div>
        </Form>
      </Card>
      <Card>
        <ResponsiveTable<OrdenCompra>
          rowKey="numero_oc"
          size="middle"
          loading={list.loading}
          dataSource={shown.rows}
          columns={orderColumns}
          scroll={{ x: scrollX(orderColumns, 48) }}
          expandable={{ expandedRowRender: (o) => <ItemsDetail orden={o} />, expandRowByClick: true }}
          pagination={{ current: page, pageSize: PAGE, total: shown.total, showSizeChanger: false, onChange: setPage, showTotal: (t) => totalText(t, shown.capped, "orden", "órdenes") }}
          aria-label="Órdenes de compra"
          card={{
            title: (o) => `OC ${o.numero_oc} · ${o.proveedor}`,
            extra: (o) => orderStateLabel(o.estado),
            fields: (o) => [
              { label: "Fecha", value: formatDate(o.fecha) },
              { label: "Total", value: formatCLP(totals(o.total_neto).total) },
              { label: "N° Presupuesto", value: o.numero_presupuesto || "—" },
              { label: "Observación", value: o.observacion || "—" },
            ],
            detail: { label: (o) => `Ver ítems (${o.detalles.length})`, hideLabel: "Ocultar ítems", render: (o) => <ItemsList orden={o} /> },
          }}
        />
      </Card>
    </>
  );
}
