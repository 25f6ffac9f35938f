// The "Stock" tab of Stock Actual (specification 2.5, 4 and 9): the products a page at a
// time from the server (GET api/inventario: filtered, sorted and paged there, so 5,000
// products never reach the browser at once), by reserved stock descending. A row click
// expands the product's active reservations (loaded on first expansion, then cached);
// rows with reserved stock are highlighted; "Kardex" opens the movement history. Reserved,
// available and Bajo Stock are the server's fields, never recomputed here.
import { useEffect, useState } from "react";
import { useSearchParams } from "react-router";
import { Button, Card, Checkbox, Input, Table, Tag } from "antd";
import { ResponsiveTable } from "../../../components/ResponsiveTable";
import { actionsColumn, moneyColumn, numberColumn, scrollX, textColumn } from "../../../components/columns";
import type { ColumnsType, SorterResult } from "antd/es/table/interface";
import { HistoryOutlined } from "@ant-design/icons";
import { fetchInventario, listReservasActivas, type InventarioItem, type ReservaActiva } from "../api";
import {
  LABEL_MOSTRAR_STOCK_CERO,
  MSG_STOCK_CARGANDO_RESERVAS,
  MSG_STOCK_SIN_PRODUCTOS,
  MSG_STOCK_SIN_RESERVAS,
  isReservedHighlighted,
  stockStatus,
} from "../../../domain/inventory";
import { formatNumber } from "../../../domain/format";
import { KardexDrawer } from "./KardexDrawer";
import { useApiQuery, usePagedQuery } from "../../../data/query";
import { totalText } from "../../../domain/format/total";
import { inventoryKeys } from "../keys";

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

/** A product's active reservations: asked on its first expansion, then kept (section 4). */
function Reservations({ codigo }: { codigo: string }) {
  const rows = useApiQuery(inventoryKeys.reservations(codigo), () => listReservasActivas(codigo), {
    failMessage: "No se pudieron cargar las reservas activas",
    staleTime: Infinity,
  }).current;
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

/** Why a row is coloured: reserved by active works (yellow), below its minimum (red edge). */
function rowClass(r: InventarioItem): string {
  const classes = ["vt-stock-row"];
  if (isReservedHighlighted(r.stock_reservado)) classes.push("vt-row-reservado");
  if (r.bajo_stock) classes.push("vt-row-bajo-minimo");
  return classes.join(" ");
}

export function StockLegend() {
  return (
    <ul className="vt-stock-legend" aria-label="Leyenda de colores">
      <li>
        <span className="vt-swatch vt-swatch--reservado" aria-hidden="true" /> Con reservas
      </li>
      <li>
        <span className="vt-swatch vt-swatch--bajo-minimo" aria-hidden="true" /> Bajo el mínimo
      </li>
    </ul>
  );
}

/** `codigo` (the global search's ?codigo=): the table starts filtered to it and its kardex open. */
export function StockTable({ codigo }: { codigo?: string } = {}) {
  // ?bajo_stock=1 (the home's "Productos bajo el mínimo"): every product under its minimum, at 0 too.
  const [params] = useSearchParams();
  const bajo = params.get("bajo_stock") === "1";
  const { query, setQuery, text, setText, latest, current } = usePagedQuery<Query, InventarioItem>(
    inventoryKeys.stock,
    { page: 1, pageSize: STOCK_PAGE, q: codigo ?? "", mostrarStockCero: Boolean(codigo) || bajo, soloBajoStock: bajo },
    (q) => {
      const start = (q.page - 1) * q.pageSize;
      return fetchInventario({ start, end: start + q.pageSize, q: q.q, mostrarStockCero: q.mostrarStockCero, soloBajoStock: q.soloBajoStock, sort: q.sort, order: q.order });
    },
    "No se pudo cargar el inventario",
  );
  const [expanded, setExpanded] = useState<readonly string[]>([]);
  const [kardexOf, setKardexOf] = useState<{ codigo: string; producto: string } | null>(codigo ? { codigo, producto: "" } : null);
  // The product's name arrives with the first page.
  const named = current?.rows.find((r) => r.codigo === kardexOf?.codigo);
  useEffect(() => {
    if (named && kardexOf && kardexOf.producto === "") setKardexOf({ codigo: named.codigo, producto: named.producto });
  }, [named, kardexOf]);
  const toggle = (codigo: string) => setExpanded((keys) => (keys.includes(codigo) ? keys.filter((k) => k !== codigo) : [...keys, codigo]));

  const sortOf = (field: string) => (query.sort === field ? (query.order === "desc" ? "descend" : "ascend") : null);

  const kardex = (r: InventarioItem, label?: string) => (
    <Button
      size="small"
      icon={<HistoryOutlined />}
      aria-label={`Kardex ${r.codigo}`}
      onClick={(e) => {
        e.stopPropagation();
        setKardexOf({ codigo: r.codigo, producto: r.producto });
      }}
    >
      {label}
    </Button>
  );
  const estado = (r: InventarioItem) => {
    const s = stockStatus(r.bajo_stock);
    return <Tag color={s === "OK" ? "green" : "red"}>{s}</Tag>;
  };
  const disponible = (v: number) => <span className={v < 0 ? "vt-negativo" : undefined}>{formatNumber(v, 4)}</span>;

  const columns: ColumnsType<InventarioItem> = [
    { title: "Código", dataIndex: "codigo", key: "codigo", width: 88, sorter: true, sortOrder: sortOf("codigo") },
    textColumn<InventarioItem>({ title: "Producto", dataIndex: "producto", key: "producto", width: 120, sorter: true, sortOrder: sortOf("producto") }),
    // The unit goes with the current stock ("170 UN"): every header keeps its words whole.
    numberColumn<InventarioItem>({
      title: "Stock actual",
      dataIndex: "stock_actual",
      key: "stock_actual",
      width: 100,
      sorter: true,
      sortOrder: sortOf("stock_actual"),
      render: (v: number, r) => (
        <>
          {formatNumber(v, 4)} <span className="vt-muted">{r.unidad}</span>
        </>
      ),
    }),
    numberColumn<InventarioItem>({ title: "Reservado", dataIndex: "stock_reservado", key: "stock_reservado", width: 104, sorter: true, sortOrder: sortOf("stock_reservado") }),
    numberColumn<InventarioItem>({ title: "Disponible", dataIndex: "stock_disponible", key: "stock_disponible", width: 108, sorter: true, sortOrder: sortOf("stock_disponible"), render: disponible }),
    moneyColumn<InventarioItem>({ title: "Último precio", dataIndex: "precio_unitario", key: "precio_unitario", width: 100, sorter: true, sortOrder: sortOf("precio_unitario") }),
    numberColumn<InventarioItem>({ title: "Mínimo", dataIndex: "stock_minimo", key: "stock_minimo", width: 96, sorter: true, sortOrder: sortOf("stock_minimo") }),
    { title: "Estado", key: "estado", width: 92, render: (_, r) => estado(r) },
    actionsColumn<InventarioItem>((_, r) => kardex(r), { title: "Kardex", width: 68 }),
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
        <StockLegend />
        <ResponsiveTable<InventarioItem>
          rowKey="codigo"
          size="small"
          aria-label="Stock Actual"
          columns={columns}
          dataSource={current?.rows ?? []}
          loading={!current && { tip: "Cargando productos..." }}
          scroll={{ x: scrollX(columns, 48) }}
          locale={{ emptyText: current ? MSG_STOCK_SIN_PRODUCTOS : "Cargando productos..." }}
          rowClassName={rowClass}
          onRow={(r) => ({ onClick: () => toggle(r.codigo) })}
          expandable={{
            expandedRowKeys: expanded,
            onExpand: (_open, r) => toggle(r.codigo),
            expandedRowRender: (r) => <Reservations codigo={r.codigo} />,
          }}
          pagination={{
            current: query.page,
            pageSize: query.pageSize,
            total: current?.total ?? latest?.total ?? 0,
            showSizeChanger: true,
            pageSizeOptions: [25, 50, 100],
            showTotal: (total) => totalText(total, (current ?? latest)?.capped ?? false, "producto"),
          }}
          card={{
            title: (r) => `${r.codigo} · ${r.producto}`,
            extra: estado,
            fields: (r) => [
              { label: "Stock actual", value: `${formatNumber(r.stock_actual, 4)} ${r.unidad}` },
              { label: "Reservado", value: formatNumber(r.stock_reservado, 4) },
              { label: "Disponible", value: disponible(r.stock_disponible) },
              { label: "Stock mínimo", value: formatNumber(r.stock_minimo, 4) },
            ],
            actions: (r) => kardex(r, "Kardex"),
            className: rowClass,
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
