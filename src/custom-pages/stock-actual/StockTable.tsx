// The "Stock" tab of Stock Actual (specification 2.5, 4 and 9): the products a page at a
// time from the server (GET api/inventario: filtered, sorted and paged there, so 5,000
// products never reach the browser at once), by reserved stock descending. A row click
// expands the product's active reservations (loaded on first expansion, then cached);
// rows with reserved stock are highlighted; "Kardex" opens the movement history.
import { useRef, useState } from "react";
import { useSearchParams } from "react-router";
import { Button, Card, Checkbox, Input, Table, Tag } from "antd";
import type { ColumnsType, SorterResult } from "antd/es/table/interface";
import { HistoryOutlined } from "@ant-design/icons";
import { fetchInventario, listReservasActivas, type InventarioItem, type ReservaActiva } from "../../api/inventory";
import {
  LABEL_MOSTRAR_STOCK_CERO,
  MSG_STOCK_CARGANDO_RESERVAS,
  MSG_STOCK_SIN_PRODUCTOS,
  MSG_STOCK_SIN_RESERVAS,
  isReservedHighlighted,
  stockStatus,
} from "../../domain/inventory";
import { formatCLP, formatNumber } from "../../domain/format";
import { KardexDrawer } from "./KardexDrawer";
import { usePagedList } from "../../components/usePagedList";

export const STOCK_PAGE = 50;

interface Query {
  page: number;
  pageSize: number;
  q: string;
  mostrarStockCero: boolean;
  soloBajoStock: boolean;
  sort?: string;
  order?: "asc" | "desc";
}

const qty = (v: number) => <span className="vt-num">{formatNumber(v, 4)}</span>;

function Reservations({ rows }: { rows: ReservaActiva[] | undefined }) {
  if (!rows) return <p className="vt-muted vt-reservas__empty">{MSG_STOCK_CARGANDO_RESERVAS}</p>;
  if (rows.length === 0) return <p className="vt-muted vt-reservas__empty">{MSG_STOCK_SIN_RESERVAS}</p>;
  return (
    <Table<ReservaActiva>
      className="vt-reservas"
      rowKey="presupuesto_id"
      size="small"
      pagination={false}
      dataSource={rows}
      columns={[
        { title: "Cliente", dataIndex: "cliente_nombre", key: "cliente" },
        { title: "Presupuesto", dataIndex: "numero_presupuesto", key: "numero", width: 110 },
        { title: "Obra", dataIndex: "nombre_obra", key: "obra", render: (v: string | null) => v ?? "—" },
        { title: "Cantidad", dataIndex: "cantidad", key: "cantidad", width: 90, align: "right", render: qty },
      ]}
    />
  );
}

export function StockTable() {
  // ?bajo_stock=1 (the home's "Productos bajo el mínimo"): every product under its minimum, at 0 too.
  const [params] = useSearchParams();
  const bajo = params.get("bajo_stock") === "1";
  const { query, setQuery, text, setText, answer, current } = usePagedList<Query, InventarioItem>(
    { page: 1, pageSize: STOCK_PAGE, q: "", mostrarStockCero: bajo, soloBajoStock: bajo },
    (q) => {
      const start = (q.page - 1) * q.pageSize;
      return fetchInventario({ start, end: start + q.pageSize, q: q.q, mostrarStockCero: q.mostrarStockCero, soloBajoStock: q.soloBajoStock, sort: q.sort, order: q.order });
    },
    "No se pudo cargar el inventario",
  );
  const [expanded, setExpanded] = useState<readonly string[]>([]);
  const [reservas, setReservas] = useState<ReadonlyMap<string, ReservaActiva[]>>(new Map());
  const [kardexOf, setKardexOf] = useState<{ codigo: string; producto: string } | null>(null);
  const asked = useRef(new Set<string>());

  /** Reservations are loaded on first expansion and then cached (section 4). */
  const loadReservas = (codigo: string) => {
    if (asked.current.has(codigo)) return;
    asked.current.add(codigo);
    void listReservasActivas(codigo).then((rows) => setReservas((m) => new Map(m).set(codigo, rows)));
  };

  const toggle = (codigo: string) => {
    setExpanded((keys) => (keys.includes(codigo) ? keys.filter((k) => k !== codigo) : [...keys, codigo]));
    loadReservas(codigo);
  };

  const sortOf = (field: string) => (query.sort === field ? (query.order === "desc" ? "descend" : "ascend") : null);

  const columns: ColumnsType<InventarioItem> = [
    { title: "Código", dataIndex: "codigo", key: "codigo", width: 90, sorter: true, sortOrder: sortOf("codigo") },
    { title: "Producto", dataIndex: "producto", key: "producto", sorter: true, sortOrder: sortOf("producto") },
    { title: "Stock actual", dataIndex: "stock_actual", key: "stock_actual", width: 100, align: "right", sorter: true, sortOrder: sortOf("stock_actual"), render: qty },
    { title: "Stock reservado", dataIndex: "stock_reservado", key: "stock_reservado", width: 110, align: "right", sorter: true, sortOrder: sortOf("stock_reservado"), render: qty },
    {
      title: "Stock disponible",
      dataIndex: "stock_disponible",
      key: "stock_disponible",
      width: 110,
      align: "right",
      sorter: true,
      sortOrder: sortOf("stock_disponible"),
      render: (v: number) => <span className={`vt-num${v < 0 ? " vt-negativo" : ""}`}>{formatNumber(v, 4)}</span>,
    },
    { title: "Unidad", dataIndex: "unidad", key: "unidad", width: 70 },
    { title: "Último precio", dataIndex: "precio_unitario", key: "precio_unitario", width: 110, align: "right", sorter: true, sortOrder: sortOf("precio_unitario"), render: (v: number) => <span className="vt-num">{formatCLP(v)}</span> },
    { title: "Stock mínimo", dataIndex: "stock_minimo", key: "stock_minimo", width: 100, align: "right", sorter: true, sortOrder: sortOf("stock_minimo"), render: qty },
    {
      title: "Estado",
      key: "estado",
      width: 100,
      render: (_, r) => {
        const s = stockStatus(r.stock_actual, r.stock_minimo);
        return <Tag color={s === "OK" ? "green" : "red"}>{s}</Tag>;
      },
    },
    {
      title: "Kardex",
      key: "kardex",
      width: 70,
      render: (_, r) => (
        <Button
          size="small"
          icon={<HistoryOutlined />}
          aria-label={`Kardex ${r.codigo}`}
          onClick={(e) => {
            e.stopPropagation();
            setKardexOf({ codigo: r.codigo, producto: r.producto });
          }}
        />
      ),
    },
  ];

  return (
    <>
      <Card size="small">
        <div className="vt-stock-filters">
          <Input.Search allowClear aria-label="Filtrar por código o producto" placeholder="Filtrar por código o producto" value={text} onChange={(e) => setText(e.target.value)} onSearch={(v) => setQuery((q) => ({ ...q, q: v.trim(), page: 1 }))} />
          <Checkbox checked={query.mostrarStockCero} onChange={(e) => setQuery((q) => ({ ...q, mostrarStockCero: e.target.checked, page: 1 }))}>
            {LABEL_MOSTRAR_STOCK_CERO}
          </Checkbox>
          <Checkbox checked={query.soloBajoStock} onChange={(e) => setQuery((q) => ({ ...q, soloBajoStock: e.target.checked, page: 1 }))}>
            Solo Bajo Stock
          </Checkbox>
        </div>
      </Card>
      <Card size="small">
        <Table<InventarioItem>
          rowKey="codigo"
          size="small"
          aria-label="Stock Actual"
          columns={columns}
          dataSource={current?.rows ?? []}
          loading={!current && { tip: "Cargando productos..." }}
          scroll={{ x: 1100 }}
          locale={{ emptyText: current ? MSG_STOCK_SIN_PRODUCTOS : "Cargando productos..." }}
          rowClassName={(r) => `vt-stock-row${isReservedHighlighted(r.stock_reservado) ? " vt-row-reservado" : ""}`}
          onRow={(r) => ({ onClick: () => toggle(r.codigo) })}
          expandable={{
            expandedRowKeys: expanded,
            onExpand: (_open, r) => toggle(r.codigo),
            expandedRowRender: (r) => <Reservations rows={reservas.get(r.codigo)} />,
          }}
          pagination={{
            current: query.page,
            pageSize: query.pageSize,
            total: current?.total ?? answer?.total ?? 0,
            showSizeChanger: true,
            pageSizeOptions: [25, 50, 100],
            showTotal: (total) => `${formatNumber(total, 0)} productos`,
          }}
          onChange={(pagination, _filters, sorter) => {
            const s = (Array.isArray(sorter) ? sorter[0] : sorter) as SorterResult<InventarioItem>;
            const field = s?.order ? String(s.field ?? s.columnKey) : undefined;
            setQuery((q) => {
              const sortChanged = field !== q.sort || (s?.order === "descend" ? "desc" : "asc") !== q.order;
              return {
                ...q,
                page: sortChanged && field !== q.sort ? 1 : (pagination.current ?? 1),
                pageSize: pagination.pageSize ?? q.pageSize,
                sort: field,
                order: field ? (s.order === "descend" ? "desc" : "asc") : undefined,
              };
            });
          }}
        />
      </Card>
      <KardexDrawer product={kardexOf} onClose={() => setKardexOf(null)} />
    </>
  );
}
