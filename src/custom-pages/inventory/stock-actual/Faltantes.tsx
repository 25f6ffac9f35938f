// The "Faltantes" tab of Stock Actual (issue 10): products whose available stock (after
// the active works' reservations) is below 0 or below the minimum, with the works that
// need them and what to buy to reach the minimum again. "Crear OC" opens Crear Orden de
// Compra with the chosen products (or all shown) and those quantities:
// Crear OC with ?faltantes=CODIGO:CANTIDAD,CODIGO:CANTIDAD (purchasing reads it; the codes are encoded by faltantesQuery).
import { useEffect, useState } from "react";
import { useNavigate } from "react-router";
import { useGetIdentity } from "@refinedev/core";
import { Button, Card, Input } from "antd";
import type { ColumnsType } from "antd/es/table";
import { ResponsiveTable } from "../../../components/ResponsiveTable";
import { numberColumn, scrollX, textColumn } from "../../../components/columns";
import { ShoppingCartOutlined } from "@ant-design/icons";
import { fetchFaltantes, type Faltante } from "../api";
import { faltantesQuery } from "../../../domain/inventory";
import { canAccess } from "../../../domain/roles/roles";
import type { SessionUser } from "../../../providers/session";
import { formatNumber } from "../../../domain/format";
import { presupuestoLabel } from "../../sales/presupuestos/QuoteSelectors";
import { usePagedQuery } from "../../../data/query";
import { useFiltro } from "../../../components/useFiltro";
import { linkTo } from "../../screens";
import { inventoryKeys } from "../keys";

export const FALTANTES_PAGE = 50;
export const MSG_SIN_FALTANTES = "No hay faltantes: el stock disponible cubre las obras activas y los mínimos.";

interface Query {
  page: number;
  q: string;
  /** The home card's filter: only what the works need beyond stock (available below 0). */
  filtro: keyof typeof FALTANTES_FILTROS | null;
}

export const FALTANTES_FILTROS = { "para-obras": "Solo lo que piden las obras por sobre el stock disponible" } as const;

const disponible = (v: number) => <span className={v < 0 ? "vt-negativo" : undefined}>{formatNumber(v, 4)}</span>;

function obras(r: Faltante) {
  if (r.obras.length === 0) return <span className="vt-muted">—</span>;
  return (
    <ul className="vt-faltante-obras">
      {r.obras.map((o) => (
        <li key={o.presupuesto_id}>
          {presupuestoLabel({ numero: o.numero_presupuesto, nombre_obra: o.nombre_obra })} ({o.cliente_nombre}): {formatNumber(o.cantidad, 4)}
        </li>
      ))}
    </ul>
  );
}

const columns: ColumnsType<Faltante> = [
  { title: "Código", dataIndex: "codigo", key: "codigo", width: 72 },
  textColumn<Faltante>({ title: "Producto", dataIndex: "producto", key: "producto", width: 150 }),
  numberColumn<Faltante>({ title: "Stock actual", dataIndex: "stock_actual", key: "stock_actual", width: 80 }),
  numberColumn<Faltante>({ title: "Reservado", dataIndex: "stock_reservado", key: "stock_reservado", width: 84 }),
  numberColumn<Faltante>({ title: "Disponible", dataIndex: "stock_disponible", key: "stock_disponible", width: 88, render: disponible }),
  numberColumn<Faltante>({ title: "Mínimo", dataIndex: "stock_minimo", key: "stock_minimo", width: 76 }),
  numberColumn<Faltante>({ title: "Para obras", dataIndex: "para_obras", key: "para_obras", width: 80 }),
  numberColumn<Faltante>({ title: "A comprar", dataIndex: "a_comprar", key: "a_comprar", width: 84, render: (v: number) => <strong>{formatNumber(v, 4)}</strong> }),
  { title: "Obras que lo necesitan", key: "obras", width: 180, render: (_, r) => obras(r) },
];

export function Faltantes() {
  const navigate = useNavigate();
  const { filtro, notice } = useFiltro(FALTANTES_FILTROS);
  const { query, setQuery, text, setText, current } = usePagedQuery<Query, Faltante>(
    inventoryKeys.faltantes,
    { page: 1, q: "", filtro },
    (q) => {
      const start = (q.page - 1) * FALTANTES_PAGE;
      return fetchFaltantes({ start, end: start + FALTANTES_PAGE, q: q.q, soloParaObras: q.filtro === "para-obras" });
    },
    "No se pudieron cargar los faltantes",
  );
  useEffect(() => setQuery((q) => (q.filtro === filtro ? q : { ...q, filtro, page: 1 })), [filtro, setQuery]);
  const [selected, setSelected] = useState<ReadonlyMap<string, Faltante>>(new Map());

  // Orders are Adquisiciones' to write: the warehouse sees the shortages, the buyer turns them into orders.
  const { data: user } = useGetIdentity<SessionUser | null>();
  const canOrder = user?.rol ? canAccess(user.rol, "adquisiciones", "write") : false;
  const chosen = selected.size > 0 ? [...selected.values()] : (current?.rows ?? []);

  return (
    <>
      {notice}
      <Card size="small">
        <div className="vt-stock-filters">
          <Input.Search allowClear aria-label="Filtrar faltantes" placeholder="Filtrar por código o producto" value={text} onChange={(e) => setText(e.target.value)} />
          {canOrder ? (
            <>
              <Button
                type="primary"
                icon={<ShoppingCartOutlined />}
                disabled={chosen.length === 0}
                onClick={() => navigate(`${linkTo("crear-oc")}?faltantes=${faltantesQuery(chosen)}`)}
              >
                Crear OC
              </Button>
              <span className="vt-muted">{selected.size > 0 ? `${selected.size} producto(s) seleccionados` : "Sin selección: la OC lleva todos los de esta página"}</span>
            </>
          ) : (
            <span className="vt-muted">Adquisiciones crea las órdenes de compra de estos faltantes.</span>
          )}
        </div>
      </Card>
      <Card size="small">
        <ResponsiveTable<Faltante>
          rowKey="codigo"
          size="small"
          aria-label="Faltantes"
          dataSource={current?.rows ?? []}
          loading={!current}
          scroll={{ x: scrollX(columns, 32) }}
          locale={{ emptyText: current ? MSG_SIN_FALTANTES : "Cargando faltantes..." }}
          rowSelection={{
            selectedRowKeys: [...selected.keys()],
            onSelect: (r, on) =>
              setSelected((m) => {
                const next = new Map(m);
                if (on) next.set(r.codigo, r);
                else next.delete(r.codigo);
                return next;
              }),
            onSelectAll: (on, _rows, changed) =>
              setSelected((m) => {
                const next = new Map(m);
                for (const r of changed) {
                  if (on) next.set(r.codigo, r);
                  else next.delete(r.codigo);
                }
                return next;
              }),
          }}
          pagination={{ current: query.page, pageSize: FALTANTES_PAGE, total: current?.total ?? 0, showSizeChanger: false, onChange: (page) => setQuery((q) => ({ ...q, page })) }}
          columns={columns}
          card={{
            title: (r) => `${r.codigo} · ${r.producto}`,
            fields: (r) => [
              { label: "Stock actual", value: formatNumber(r.stock_actual, 4) },
              { label: "Reservado", value: formatNumber(r.stock_reservado, 4) },
              { label: "Disponible", value: disponible(r.stock_disponible) },
              { label: "A comprar", value: <strong>{formatNumber(r.a_comprar, 4)}</strong> },
              { label: "Obras que lo necesitan", value: obras(r) },
            ],
          }}
        />
      </Card>
    </>
  );
}
