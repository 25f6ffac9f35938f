// Pending orders as cards (Ingresos de Inventario, specification 2.7; also the arrivals view
// of OC Pendientes): number, supplier, date, work, the invoice number and date inputs and
// "Ingresar". The header (a caret and "Ver ítems") expands the detail, open on the first card: code, product, total quantity, editable unit
// price, editable arrived quantity (green when nothing is pending, grey otherwise), entry
// comment, net of what arrived, the pending badge (red with a warning above 0, green at 0);
// below, net / IVA 19% / total. "Ingresar" sends the receipt; the list then reloads.
// The unit price is the price of what arrives (issue 23.2): it can be edited only while
// the line's arrived quantity is above what already arrived, and goes back to the order's
// price when the quantity does. Arrived quantities take at most 4 decimals.
import { useEffect, useState } from "react";
import { Button, Card, Empty, Input, Pagination, Spin, Table, Tag } from "antd";
import { CheckCircleFilled, RightOutlined, WarningFilled } from "@ant-design/icons";
import { fetchOrdenesEstado, ingresarFactura, type ItemOc, type OrdenCompra } from "../api";
import { useApiQuery, useWrite } from "../../../data/query";
import type { Banner } from "../../../components/useBanner";
import { formatCLP, formatDate, formatNumber } from "../../../domain/format";
import { QTY_DECIMALS } from "../../../domain/inventory/quantity";
import {
  MSG_FACTURA_ERROR_INGRESAR,
  MSG_FACTURA_INGRESADA,
  arrivedInputColor,
  arrivedNet,
  arrivedTotals,
  filterNumericText,
  lineReceives,
  numericTextValue,
  pendingBadge,
  pendingQuantity,
  receiptInvoiceError,
} from "../../../domain/purchasing";
import { toHttpError } from "../../../providers/http";
import { OrderTotalsView } from "./OrderTotalsView";
import "./ordenes-compra.css";
import { DateField } from "../../../components/DateField";
import { orderWrites, purchasingKeys } from "../keys";
import { inventoryKeys } from "../../inventory/keys";

export interface ReceiptFilters {
  numero_oc?: string;
  proveedor?: string;
  codigo?: string;
  producto?: string;
  observacion?: string;
}

interface Edit {
  precio_unitario: string;
  cantidad_llegada: string;
  observacion_ingreso: string;
}

const PAGE = 10;
const PRICE_LOCKED = "Ingrese la cantidad llegada para cambiar el precio";

export function PendingBadge({ pendiente }: { pendiente: number }) {
  const b = pendingBadge(pendiente);
  return b.complete ? (
    <Tag color="green" icon={<CheckCircleFilled />} aria-label="Sin pendiente">
      0
    </Tag>
  ) : (
    <Tag color="red" icon={<WarningFilled />} aria-label={`Pendiente ${formatNumber(pendiente)}`}>
      {formatNumber(pendiente)}
    </Tag>
  );
}

function OrderCard({ orden, onDone, show, defaultOpen }: { orden: OrdenCompra; onDone: () => void; show: (b: Banner | null) => void; defaultOpen: boolean }) {
  const [open, setOpen] = useState(defaultOpen);
  const [factura, setFactura] = useState(orden.factura ?? "");
  const [fecha, setFecha] = useState("");
  const [sending, setSending] = useState(false);
  const write = useWrite();
  const [edits, setEdits] = useState<Record<number, Edit>>(() =>
    Object.fromEntries(orden.detalles.map((d) => [d.id, { precio_unitario: String(d.precio_unitario), cantidad_llegada: String(d.cantidad_llegada), observacion_ingreso: d.observacion_ingreso ?? "" }])),
  );
  const lines = orden.detalles.map((d) => ({ ...d, edit: edits[d.id] }));
  const now = (d: ItemOc) => ({ cantidad: d.cantidad, cantidad_llegada: numericTextValue(edits[d.id].cantidad_llegada), precio_unitario: numericTextValue(edits[d.id].precio_unitario) });
  const patch = (id: number, p: Partial<Edit>) => setEdits((e) => ({ ...e, [id]: { ...e[id], ...p } }));
  const receives = (d: ItemOc) => lineReceives(d.cantidad_llegada, edits[d.id].cantidad_llegada);
  /** A new arrived quantity; when the line no longer receives anything its price is the order's again. */
  const setArrived = (d: ItemOc, text: string) =>
    patch(d.id, lineReceives(d.cantidad_llegada, text) ? { cantidad_llegada: text } : { cantidad_llegada: text, precio_unitario: String(d.precio_unitario) });

  const ingresar = async () => {
    const error = receiptInvoiceError(orden.numero_oc, factura, fecha);
    if (error) {
      window.alert(error);
      return;
    }
    setSending(true);
    try {
      const receipt = {
        ordenes: [
          {
            numero_oc: orden.numero_oc,
            factura,
            fecha_factura: fecha,
            detalles: orden.detalles.map((d) => ({
              id: d.id,
              cantidad_llegada: numericTextValue(edits[d.id].cantidad_llegada),
              ...(receives(d) ? { precio_unitario: numericTextValue(edits[d.id].precio_unitario) } : {}),
              observacion_ingreso: edits[d.id].observacion_ingreso,
            })),
          },
        ],
      };
      await write(() => ingresarFactura(receipt), { invalidates: [...orderWrites, inventoryKeys.movements(), inventoryKeys.reservations()] });
      show({ type: "success", message: MSG_FACTURA_INGRESADA(orden.numero_oc) });
      onDone();
    } catch (err) {
      console.error(MSG_FACTURA_ERROR_INGRESAR, err);
      show({ type: "error", message: MSG_FACTURA_ERROR_INGRESAR, description: toHttpError(err).message });
    } finally {
      setSending(false);
    }
  };

  const n = orden.numero_oc;
  return (
    <Card
      className="vt-oc-card"
      size="small"
      title={
        <button type="button" className="vt-oc-card__head" aria-expanded={open} aria-controls={`oc-${n}-detalle`} onClick={() => setOpen((o) => !o)}>
          <RightOutlined className="vt-oc-card__caret" rotate={open ? 90 : 0} aria-hidden />
          <strong>{`OC ${n}`}</strong>
          <span>{orden.proveedor}</span>
          <span>{formatDate(orden.fecha)}</span>
          <span>{`Obra: ${orden.observacion ?? "—"}`}</span>
          <span className="vt-oc-card__toggle">{open ? "Ocultar ítems" : `Ver ítems (${orden.detalles.length})`}</span>
        </button>
      }
    >
      <div className="vt-oc-invoice">
        <label>
          <div>N° Factura</div>
          <Input aria-label={`N° Factura OC ${n}`} value={factura} maxLength={50} onChange={(e) => setFactura(e.target.value)} style={{ width: 160 }} />
        </label>
        <label>
          <div>Fecha Factura</div>
          <DateField aria-label={`Fecha Factura OC ${n}`} value={fecha} onChange={(v) => setFecha(v ?? "")} style={{ width: 170 }} />
        </label>
        <Button type="primary" loading={sending} onClick={() => void ingresar()} aria-label={`Ingresar OC ${n}`}>
          Ingresar
        </Button>
      </div>
      {open && (
        <div id={`oc-${n}-detalle`}>
          <Table
            style={{ marginTop: 12 }}
            rowKey="id"
            size="small"
            pagination={false}
            tableLayout="fixed"
            scroll={{ x: 918 }}
            dataSource={lines}
            aria-label={`Detalle OC ${n}`}
          >
            <Table.Column<(typeof lines)[number]> dataIndex="codigo" title="Código" width={72} />
            <Table.Column<(typeof lines)[number]> dataIndex="producto" title="Producto" width={170} ellipsis={{ showTitle: true }} />
            <Table.Column<(typeof lines)[number]> title="Cantidad total" align="right" width={80} className="vt-nowrap" render={(_, d) => formatNumber(d.cantidad)} />
            <Table.Column<(typeof lines)[number]>
              title="Precio unitario"
              width={120}
              render={(_, d) => (
                <Input
                  aria-label={`Precio unitario ${d.codigo}`}
                  inputMode="decimal"
                  style={{ width: "100%" }}
                  value={d.edit.precio_unitario}
                  disabled={!receives(d)}
                  title={receives(d) ? undefined : PRICE_LOCKED}
                  onChange={(e) => patch(d.id, { precio_unitario: filterNumericText(e.target.value) })}
                />
              )}
            />
            <Table.Column<(typeof lines)[number]>
              title="Cantidad llegada"
              width={116}
              render={(_, d) => (
                <Input
                  aria-label={`Cantidad llegada ${d.codigo}`}
                  inputMode="decimal"
                  className={`vt-arrived--${arrivedInputColor(pendingQuantity(now(d)))}`}
                  style={{ width: "100%" }}
                  value={d.edit.cantidad_llegada}
                  onChange={(e) => setArrived(d, filterNumericText(e.target.value, QTY_DECIMALS))}
                />
              )}
            />
            <Table.Column<(typeof lines)[number]>
              title="Comentario ingreso"
              width={160}
              render={(_, d) => <Input aria-label={`Comentario ingreso ${d.codigo}`} value={d.edit.observacion_ingreso} maxLength={2000} onChange={(e) => patch(d.id, { observacion_ingreso: e.target.value })} />}
            />
            <Table.Column<(typeof lines)[number]> title="Neto llegado" align="right" width={110} className="vt-nowrap" render={(_, d) => formatCLP(arrivedNet(now(d)))} />
            <Table.Column<(typeof lines)[number]> title="Pendiente" align="right" width={90} render={(_, d) => <PendingBadge pendiente={pendingQuantity(now(d))} />} />
          </Table>
          <OrderTotalsView totals={arrivedTotals(orden.detalles.map(now))} label={` OC ${n}`} />
        </div>
      )}
    </Card>
  );
}

/** The pending orders matching `filters`, ten cards a page, each receivable. */
export function ReceiptCards({ filters, show }: { filters: ReceiptFilters; show: (b: Banner | null) => void }) {
  const [page, setPage] = useState(1);
  // Bumped after a receipt, once the page is read again: the cards start again from what
  // the server has now.
  const [version, setVersion] = useState(0);

  useEffect(() => setPage(1), [filters]);

  const list = useApiQuery(
    purchasingKeys.receiptOrders(filters, page),
    () => {
      const numero = (filters.numero_oc ?? "").replace(/\D/g, "");
      return fetchOrdenesEstado({
        estado: "PENDIENTE",
        numero_oc: numero || undefined,
        proveedor_like: filters.proveedor?.trim(),
        codigo_like: filters.codigo?.trim(),
        producto_like: filters.producto?.trim(),
        observacion_like: filters.observacion?.trim(),
        _sort: "numero_oc",
        _order: "desc",
        _start: (page - 1) * PAGE,
        _end: page * PAGE,
      });
    },
    { failMessage: "No se pudieron cargar las órdenes pendientes" },
  );
  const loading = list.loading;
  const rows = list.current?.rows ?? [];
  const total = list.current?.total ?? 0;
  // The receipt's write has read the page again.
  const received = () => setVersion((v) => v + 1);

  return (
    <Spin spinning={loading}>
      <div style={{ display: "flex", flexDirection: "column", gap: 12 }}>
        {!loading && rows.length === 0 && <Empty description="No hay órdenes pendientes" />}
        {rows.map((o, i) => (
          <OrderCard key={`${o.numero_oc}-${version}`} orden={o} show={show} defaultOpen={i === 0} onDone={received} />
        ))}
        {total > PAGE && <Pagination current={page} pageSize={PAGE} total={total} onChange={setPage} showSizeChanger={false} showTotal={(t) => `${t} órdenes`} />}
      </div>
    </Spin>
  );
}
