// "Ajuste de Stock/Inventario" (/AjusteStock), specification 2.7, 5, 6 and 8: a searchable,
// sortable table of products (a page at a time from GET api/ajuste_stock/inventario_join)
// with current stock, an editable name, a "Stock Real" input and the last adjustment
// (date and comment). "Ajustar" posts the difference real − current with the acting user's
// name (stored name, else the token's claims, else "Usuario"); it is disabled while the
// field is empty, not a number, or equal to the current stock. It also sends the stock
// shown (`stock_visto`): when the stock changed since (another adjustment, an exit) the
// server refuses with 409, the screen shows why, reloads that row and clears the count.
// A read of the list that ran during a save (a search typed meanwhile, read by the server
// before the save committed) is asked again when the save ends (`write`'s `from`).
import { useState } from "react";
import { Button, Card, Input } from "antd";
import type { ColumnsType, SorterResult } from "antd/es/table/interface";
import { fetchInventarioJoin, fetchInventarioJoinRow, postAjuste, renameMaterial, type InventarioJoin } from "../api";
import {
  MSG_AJUSTE_CARGANDO,
  MSG_AJUSTE_ERROR,
  MSG_AJUSTE_NOMBRE_ERROR,
  MSG_AJUSTE_NOMBRE_OK,
  ajusteUsuario,
  canSubmitAjuste,
  checkAjuste,
  formatDiferencia,
  msgAjusteRealizado,
  validateNombreProducto,
} from "../../../domain/inventory";
import { formatDateTime } from "../../../domain/format";
import { Page } from "../../../components/Page";
import { FitTable } from "../../../components/ResponsiveTable";
import { numberColumn } from "../../../components/columns";
import { useBanner } from "../../../components/useBanner";
import { useBusy } from "../../../components/useBusy";
import { usePagedQuery, useWrite } from "../../../data/query";
import { toHttpError } from "../../../providers/http";
import { getStoredName, getToken } from "../../../providers/session";
import "./ajuste-stock.css";
import { inventoryKeys, stockMoves } from "../keys";

export const AJUSTE_PAGE = 25;

interface Query {
  page: number;
  q: string;
  sort?: string;
  order?: "asc" | "desc";
}

export default function AjusteStockPage() {
  const { query, setQuery, text, setText, latest, setRows, listKey, current } = usePagedQuery<Query, InventarioJoin>(
    inventoryKeys.adjustments,
    { page: 1, q: "" },
    (q) => {
      const start = (q.page - 1) * AJUSTE_PAGE;
      return fetchInventarioJoin({ start, end: start + AJUSTE_PAGE, q: q.q, sort: q.sort, order: q.order });
    },
    "No se pudieron cargar los productos",
  );
  const write = useWrite();
  const [names, setNames] = useState<ReadonlyMap<string, string>>(new Map());
  const [reals, setReals] = useState<ReadonlyMap<string, string>>(new Map());
  const { busy, during } = useBusy();
  const { banner, show, clear } = useBanner();

  const firstLoad = latest === null;

  const setIn = (set: typeof setNames, codigo: string, value: string | null) =>
    set((m) => {
      const next = new Map(m);
      if (value === null) next.delete(codigo);
      else next.set(codigo, value);
      return next;
    });

  const patchRow = (codigo: string, patch: Partial<InventarioJoin>) =>
    setRows((rows) => rows.map((r) => (r.codigo === codigo ? { ...r, ...patch } : r)));

  const saveName = (row: InventarioJoin) =>
    during(row.codigo, async () => {
      const check = validateNombreProducto(names.get(row.codigo) ?? row.producto);
      if (!check.ok) {
        show({ type: "error", message: check.message });
        return;
      }
      try {
        const saved = await write(() => renameMaterial(row.codigo, check.producto), {
          from: listKey,
          invalidates: [[inventoryKeys.stock], [inventoryKeys.productSuggestions]],
        });
        patchRow(row.codigo, { producto: saved.producto });
        setIn(setNames, row.codigo, null);
        show({ type: "success", message: MSG_AJUSTE_NOMBRE_OK });
      } catch (error) {
        const e = toHttpError(error);
        show({ type: "error", message: MSG_AJUSTE_NOMBRE_ERROR, description: e.statusCode === 409 ? e.message : undefined });
      }
    });

  /** The row as the server has it now; the count typed against the old stock is cleared. */
  const reloadRow = async (codigo: string) => {
    try {
      const fresh = await fetchInventarioJoinRow(codigo);
      if (fresh) patchRow(codigo, fresh);
      setIn(setReals, codigo, null);
    } catch (error) {
      console.error("No se pudo recargar el producto", error);
    }
  };

  const adjust = (row: InventarioJoin) =>
    during(row.codigo, async () => {
      const check = checkAjuste(row.stock_actual, reals.get(row.codigo));
      if (check.kind === "invalid") {
        show({ type: "error", message: check.message });
        return;
      }
      if (check.kind !== "ok") return; // spec 5: nothing is sent for a difference of 0
      try {
        const saved = await write(() =>
          postAjuste({
            codigo: row.codigo,
            producto: row.producto,
            diferencia: check.diferencia,
            usuario: ajusteUsuario(getStoredName(), getToken()),
            stock_visto: row.stock_actual,
          }),
          { from: listKey, invalidates: stockMoves },
        );
        patchRow(row.codigo, { stock_actual: saved.stock_nuevo, fecha: saved.fecha, comentario: saved.comentario });
        setIn(setReals, row.codigo, null);
        show({ type: "success", message: msgAjusteRealizado(check.diferencia) });
      } catch (error) {
        const e = toHttpError(error);
        show({ type: "error", message: MSG_AJUSTE_ERROR, description: e.statusCode === 409 ? e.message : undefined });
        if (e.statusCode === 409 && e.errors?.stock_visto) await reloadRow(row.codigo);
      }
    });

  const sortOf = (field: string) => (query.sort === field ? (query.order === "desc" ? "descend" : "ascend") : null);

  const columns: ColumnsType<InventarioJoin> = [
    { title: "Código", dataIndex: "codigo", key: "codigo", width: 76, sorter: true, sortOrder: sortOf("codigo") },
    {
      title: "Producto",
      dataIndex: "producto",
      key: "producto",
      width: 280,
      sorter: true,
      sortOrder: sortOf("producto"),
      render: (_, r) => {
        const value = names.get(r.codigo) ?? r.producto;
        const changed = value !== r.producto;
        return (
          <div className="vt-ajuste-nombre">
            <Input aria-label={`Producto ${r.codigo}`} value={value} maxLength={200} disabled={busy.has(r.codigo)} onChange={(e) => setIn(setNames, r.codigo, e.target.value)} />
            <Button size="small" aria-label={`Guardar nombre ${r.codigo}`} disabled={!changed || busy.has(r.codigo)} onClick={() => void saveName(r)}>
              Guardar nombre
            </Button>
          </div>
        );
      },
    },
    numberColumn<InventarioJoin>({ title: "Stock actual", dataIndex: "stock_actual", key: "stock_actual", width: 96, sorter: true, sortOrder: sortOf("stock_actual") }),
    {
      title: "Stock Real",
      key: "real",
      width: 220,
      render: (_, r) => {
        const value = reals.get(r.codigo) ?? "";
        const check = checkAjuste(r.stock_actual, value);
        return (
          <div className="vt-ajuste-real">
            <Input
              aria-label={`Stock Real ${r.codigo}`}
              inputMode="decimal"
              value={value}
              status={check.kind === "invalid" ? "error" : undefined}
              disabled={busy.has(r.codigo)}
              onChange={(e) => setIn(setReals, r.codigo, e.target.value)}
              onPressEnter={() => void adjust(r)}
            />
            <Button type="primary" size="small" aria-label={`Ajustar ${r.codigo}`} disabled={!canSubmitAjuste(r.stock_actual, value) || busy.has(r.codigo)} onClick={() => void adjust(r)}>
              Ajustar
            </Button>
            {check.kind === "ok" && <span className="vt-num vt-ajuste-dif">{formatDiferencia(check.diferencia)}</span>}
          </div>
        );
      },
    },
    {
      title: "Último ajuste",
      key: "ultimo",
      width: 200,
      render: (_, r) =>
        r.fecha ? (
          <div>
            <div className="vt-nowrap">{formatDateTime(r.fecha)}</div>
            <div className="vt-muted">{r.comentario}</div>
          </div>
        ) : (
          <span className="vt-muted">—</span>
        ),
    },
  ];

  return (
    <Page title="Ajuste de Stock/Inventario" subtitle="Ingrese el stock contado en bodega: el ajuste registra la diferencia a su nombre." banner={banner} onCloseBanner={clear}>
      <Card size="small">
        <Input.Search allowClear className="vt-ajuste-search" aria-label="Buscar producto" placeholder="Buscar por código o producto" value={text} onChange={(e) => setText(e.target.value)} />
        {firstLoad ? (
          <p className="vt-muted vt-empty">{MSG_AJUSTE_CARGANDO}</p>
        ) : (
          <FitTable<InventarioJoin>
            rowKey="codigo"
            size="small"
            aria-label="Productos"
            columns={columns}
            dataSource={current?.rows ?? latest?.rows ?? []}
            loading={!current}
            locale={{ emptyText: "No hay productos para mostrar." }}
            pagination={{ current: query.page, pageSize: AJUSTE_PAGE, total: current?.total ?? latest?.total ?? 0, showSizeChanger: false }}
            onChange={(pagination, _filters, sorter) => {
              const s = (Array.isArray(sorter) ? sorter[0] : sorter) as SorterResult<InventarioJoin>;
              const field = s?.order ? String(s.field ?? s.columnKey) : undefined;
              setQuery((q) => ({ ...q, page: field !== q.sort ? 1 : (pagination.current ?? 1), sort: field, order: field ? (s.order === "descend" ? "desc" : "asc") : undefined }));
            }}
          />
        )}
      </Card>
    </Page>
  );
}
