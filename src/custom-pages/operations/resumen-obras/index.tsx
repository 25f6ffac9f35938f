// "Resumen de Obras y Materiales" (/ResumenObrasMatPage, Operaciones), specification 2.7, 3
// and 9: expandable per budget with its detail rows (code, product, reserved, left,
// pending, unit, price, net), the net totals and the utility % (one decimal, 0 without a
// budget), and a bar chart of budgeted vs actual net per work of the page shown. Budgets
// come a page at a time, searched on the server; a detail is loaded on first expansion.
import { useEffect, useState } from "react";
import { Card, Input, Table, Tag } from "antd";
import type { ColumnsType } from "antd/es/table";
import { fetchResumenDetalle, fetchResumenObras, type ResumenDetalle, type ResumenObra } from "../api";
import { formatCLP, formatNumber } from "../../../domain/format";
import { materialSummaryNet } from "../../../domain/operations";
import { Page } from "../../../components/Page";
import { usePagedQuery } from "../../../data/query";
import { BarChart } from "./BarChart";
import { useFiltro } from "../../../components/useFiltro";
import { RESUMEN_FILTROS, resumenFilterParams } from "../../../domain/hoy/links";
import "./resumen-obras.css";
import { totalText } from "../../../domain/format/total";
import { operationsKeys } from "../keys";

export const PAGE_SIZE = 10;
const CHART_PLACEHOLDER = Array.from({ length: PAGE_SIZE }, (_, i) => ({ key: i, label: "\u00a0", a: 1, b: 1 }));

interface Query {
  page: number;
  q: string;
  /** A home card's filter (`?filtro=`). */
  filtro: keyof typeof RESUMEN_FILTROS | null;
}

interface Detail {
  rows: ResumenDetalle[] | null;
  failed: boolean;
}

function utilidadTag(v: number) {
  return <Tag color={v < 0 ? "red" : v === 0 ? "default" : "green"}>{v.toLocaleString("es-CL", { minimumFractionDigits: 1, maximumFractionDigits: 1 })} %</Tag>;
}

const detailColumns: ColumnsType<ResumenDetalle> = [
  { title: "Código", dataIndex: "codigo", key: "codigo", width: 90 },
  { title: "Producto", dataIndex: "producto", key: "producto" },
  { title: "Reservado", dataIndex: "stock_reservado", key: "stock_reservado", align: "right", render: (v: number) => formatNumber(v, 4) },
  { title: "Llegado", dataIndex: "stock_llegado", key: "stock_llegado", align: "right", render: (v: number) => formatNumber(v, 4) },
  {
    title: "Pendiente",
    dataIndex: "pendiente",
    key: "pendiente",
    align: "right",
    render: (v: number) => <Tag color={v > 0 ? "red" : "green"}>{formatNumber(v, 4)}</Tag>,
  },
  { title: "Unidad", dataIndex: "unidad", key: "unidad", width: 70 },
  { title: "Precio", dataIndex: "precio", key: "precio", align: "right", render: (v: number) => formatCLP(v) },
  { title: "Total neto", dataIndex: "total_neto", key: "total_neto", align: "right", render: (v: number) => formatCLP(v) },
];

function DetailTable({ obra, detail }: { obra: ResumenObra; detail: Detail | undefined }) {
  if (!detail || detail.rows === null) return <p className="vt-muted">Cargando detalle...</p>;
  if (detail.failed) return <p className="vt-muted">No se pudo cargar el detalle.</p>;
  if (detail.rows.length === 0) return <p className="vt-muted">Este presupuesto no tiene pauta de materiales.</p>;
  return (
    <div className="vt-resumen-detail" aria-label={`Detalle ${obra.presupuesto_numero}`} role="region">
      <Table<ResumenDetalle>
        rowKey="codigo"
        size="small"
        columns={detailColumns}
        dataSource={detail.rows}
        pagination={false}
        scroll={{ x: 760 }}
        summary={(rows) => (
          <Table.Summary.Row>
            <Table.Summary.Cell index={0} colSpan={7} align="right">
              Total neto materiales
            </Table.Summary.Cell>
            <Table.Summary.Cell index={7} align="right">
              <strong>{formatCLP(materialSummaryNet(rows))}</strong>
            </Table.Summary.Cell>
          </Table.Summary.Row>
        )}
      />
    </div>
  );
}

export default function ResumenObrasPage() {
  const { filtro, notice } = useFiltro(RESUMEN_FILTROS);
  const { query, setQuery, text, setText, current } = usePagedQuery<Query, ResumenObra>(
    operationsKeys.worksSummary,
    { page: 1, q: "", filtro },
    (q) => {
      const start = (q.page - 1) * PAGE_SIZE;
      return fetchResumenObras({ start, end: start + PAGE_SIZE, q: q.q, filter: resumenFilterParams(q.filtro) });
    },
    "No se pudo cargar el resumen de obras",
  );
  useEffect(() => setQuery((q) => (q.filtro === filtro ? q : { ...q, filtro, page: 1 })), [filtro, setQuery]);
  const [details, setDetails] = useState<Record<number, Detail>>({});

  const expand = async (obra: ResumenObra) => {
    if (details[obra.presupuesto_id]) return;
    setDetails((d) => ({ ...d, [obra.presupuesto_id]: { rows: null, failed: false } }));
    try {
      const rows = await fetchResumenDetalle(obra.presupuesto_numero, obra.presupuesto_id);
      setDetails((d) => ({ ...d, [obra.presupuesto_id]: { rows, failed: false } }));
    } catch (error) {
      console.error("No se pudo cargar el detalle", error);
      setDetails((d) => ({ ...d, [obra.presupuesto_id]: { rows: [], failed: true } }));
    }
  };

  const columns: ColumnsType<ResumenObra> = [
    { title: "Presupuesto", dataIndex: "presupuesto_numero", key: "presupuesto_numero", width: 110 },
    { title: "Cliente", dataIndex: "cliente_nombre", key: "cliente_nombre" },
    { title: "Obra", dataIndex: "nombre_obra", key: "nombre_obra", responsive: ["md"] },
    { title: "Neto presupuestado", dataIndex: "total_neto_presupuestado", key: "p", align: "right", render: (v: number) => formatCLP(v) },
    { title: "Neto real", dataIndex: "total_neto_real", key: "r", align: "right", render: (v: number) => formatCLP(v) },
    { title: "Utilidad", dataIndex: "utilidad", key: "utilidad", align: "right", render: utilidadTag },
  ];

  return (
    <Page title="Resumen de Obras y Materiales" subtitle="Neto presupuestado y neto real (salidas de material a su precio) por obra; abra un presupuesto para ver su detalle.">
      {notice}
      <Card size="small">
        <Input.Search allowClear aria-label="Buscar presupuesto" placeholder="Buscar por presupuesto, obra o cliente" value={text} onChange={(e) => setText(e.target.value)} onSearch={(v) => setQuery((q) => ({ ...q, q: v.trim(), page: 1 }))} style={{ maxWidth: 480 }} />
      </Card>
      <Card size="small" title="Presupuestado vs real (neto)">
        {current && current.rows.length > 0 ? (
          <BarChart
            items={current.rows.map((r) => ({ key: r.presupuesto_id, label: `#${r.presupuesto_numero}`, title: r.nombre_obra ?? r.cliente_nombre, a: r.total_neto_presupuestado, b: r.total_neto_real }))}
            labelA="Presupuestado"
            labelB="Real"
          />
        ) : current ? (
          <p className="vt-muted">Sin datos.</p>
        ) : (
          // While the page loads, a grey chart of a full page's height: the table below stays
          // where the rows' chart will leave it (a "Cargando..." line let it jump, CLS 0.07).
          <div className="vt-bars-placeholder" role="status" aria-label="Cargando...">
            <div aria-hidden="true">
              <BarChart items={CHART_PLACEHOLDER} labelA="Presupuestado" labelB="Real" />
            </div>
          </div>
        )}
      </Card>
      <Card size="small">
        <Table<ResumenObra>
          rowKey="presupuesto_id"
          size="small"
          loading={!current}
          columns={columns}
          dataSource={current?.rows ?? []}
          scroll={{ x: 640 }}
          locale={{ emptyText: query.q ? "No hay presupuestos que coincidan con la búsqueda." : "No hay presupuestos." }}
          expandable={{
            expandedRowRender: (obra) => <DetailTable obra={obra} detail={details[obra.presupuesto_id]} />,
            onExpand: (open, obra) => open && void expand(obra),
            expandRowByClick: true,
          }}
          pagination={{
            current: query.page,
            pageSize: PAGE_SIZE,
            total: current?.total ?? 0,
            showSizeChanger: false,
            showTotal: (total) => totalText(total, current?.capped ?? false, "presupuesto"),
            onChange: (page) => setQuery((q) => ({ ...q, page })),
          }}
        />
      </Card>
    </Page>
  );
}
