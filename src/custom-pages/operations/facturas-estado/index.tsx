// "Facturas/Guías" payment status control (/FacturasEstadoPage, Operaciones), specification
// 2.7, 4 and 8: supplier and payment-state filters (Pendiente is sent as Vencida), the
// status button that toggles Pagado (fecha_pago today) and unpaid (both cleared), red rows
// when unpaid and past due, the payment date highlighted when it is today and muted when
// older than 7 days, and the internal observations saved on leaving the box
// ("No se pudo actualizar la observación." on failure).
import { useEffect, useId, useRef, useState } from "react";
import { Button, Card, Input, Select, Tag } from "antd";
import type { ColumnsType } from "antd/es/table";
import { fetchFacturasEstado, listProveedorNombres, updateFacturaGuia, type FacturaGuia } from "../api";
import { useApiQuery, useWrite } from "../../../data/query";
import { todayInSantiago } from "../../../domain/dates/dates";
import { formatCLP, formatDate } from "../../../domain/format";
import {
  acceptanceWindow,
  acceptanceWindowText,
  INVOICE_STATE_FILTER_OPTIONS,
  invoiceDisplayState,
  isInvoicePaid,
  isInvoiceRowOverdue,
  MSG_ERROR_GUARDAR,
  MSG_OBSERVACION_NO_ACTUALIZADA,
  paymentDateHighlight,
  togglePayment,
} from "../../../domain/operations";
import { Page } from "../../../components/Page";
import { ResponsiveTable } from "../../../components/ResponsiveTable";
import { dateColumn, moneyColumn, textColumn } from "../../../components/columns";
import { useFiltro } from "../../../components/useFiltro";
import { FACTURAS_FILTROS, facturasFilterParams } from "../../../domain/hoy/links";
import { useBanner } from "../../../components/useBanner";
import { estadoColor } from "../facturas/estado";
import "./facturas-estado.css";
import { totalText } from "../../../domain/format/total";
import { operationsKeys } from "../keys";

export const PAGE_SIZE = 20;

interface Filter {
  proveedor?: string;
  estado: string;
  page: number;
  /** A home card's filter (`?filtro=`), on top of the others. */
  filtro: keyof typeof FACTURAS_FILTROS | null;
}

function ObservacionBox({ factura, onSave }: { factura: FacturaGuia; onSave: (text: string) => Promise<boolean> }) {
  const saved = factura.observaciones_internas ?? "";
  const [text, setText] = useState(saved);
  // The stored text comes in with a save's answer or a read of the list: it replaces the
  // box's text only while nobody is typing in it (an answer arriving mid-sentence would wipe it).
  const editing = useRef(false);
  const latest = useRef(saved);
  latest.current = saved;
  useEffect(() => {
    if (!editing.current) setText(saved);
  }, [saved]);
  const save = async () => {
    editing.current = false;
    if (text.trim() === latest.current) return setText(latest.current);
    if (!(await onSave(text)) && !editing.current) setText(latest.current);
  };
  return (
    <Input
      size="small"
      value={text}
      maxLength={2000}
      aria-label={`Observaciones internas ${factura.numero_factura ?? factura.numero_guia ?? factura.id}`}
      placeholder="Observación interna"
      onFocus={() => (editing.current = true)}
      onChange={(e) => setText(e.target.value)}
      onBlur={() => void save()}
      onPressEnter={(e) => (e.target as HTMLInputElement).blur()}
    />
  );
}

export default function FacturasEstadoPage() {
  const { filtro, notice } = useFiltro(FACTURAS_FILTROS);
  const [filter, setFilter] = useState<Filter>({ estado: "", page: 1, filtro });
  const [busy, setBusy] = useState<ReadonlySet<number>>(new Set());
  const { banner, show, clear } = useBanner();
  const ids = useId();
  const today = todayInSantiago();
  // A card's filter (from the home page) starts again from page 1.
  useEffect(() => setFilter((f) => (f.filtro === filtro ? f : { ...f, filtro, page: 1 })), [filtro]);

  const proveedores = useApiQuery(operationsKeys.invoiceSuppliers(), listProveedorNombres, { failMessage: "No se pudieron cargar los proveedores" }).current ?? [];
  const page = useApiQuery(
    operationsKeys.paymentControl(filter),
    () => {
      const start = (filter.page - 1) * PAGE_SIZE;
      return fetchFacturasEstado({ start, end: start + PAGE_SIZE, proveedor: filter.proveedor, estado_pago: filter.estado, filter: facturasFilterParams(filter.filtro, todayInSantiago()) });
    },
    // While a card's filter is being applied nothing is asked.
    { failMessage: "No se pudieron cargar las facturas", enabled: filter.filtro === filtro },
  );
  const current = page.failed ? { rows: [], total: 0, capped: false } : page.current;
  const write = useWrite();
  // The register's other views (its history, the declared list) are asked again; this list's other reads only if they ran meanwhile.
  const saveRow = (id: number, body: Parameters<typeof updateFacturaGuia>[1]) =>
    write(() => updateFacturaGuia(id, body), { from: operationsKeys.paymentControl(), invalidates: [operationsKeys.invoices()] });
  const replace = (row: FacturaGuia) => page.setData((a) => ({ ...a, rows: a.rows.map((r) => (r.id === row.id ? row : r)) }));

  const withBusy = async <T,>(id: number, work: () => Promise<T>): Promise<T> => {
    setBusy((b) => new Set(b).add(id));
    try {
      return await work();
    } finally {
      setBusy((b) => {
        const next = new Set(b);
        next.delete(id);
        return next;
      });
    }
  };

  const togglePaid = (f: FacturaGuia) =>
    withBusy(f.id, async () => {
      try {
        replace(await saveRow(f.id, togglePayment(f.estado_pago, today)));
      } catch (error) {
        console.error(MSG_ERROR_GUARDAR, error);
        show({ type: "error", message: MSG_ERROR_GUARDAR });
      }
    });

  const saveObservacion = (f: FacturaGuia, text: string) =>
    withBusy(f.id, async () => {
      try {
        replace(await saveRow(f.id, { observaciones_internas: text }));
        return true;
      } catch (error) {
        console.error(MSG_OBSERVACION_NO_ACTUALIZADA, error);
        show({ type: "error", message: MSG_OBSERVACION_NO_ACTUALIZADA });
        return false;
      }
    });

  const estadoButton = (f: FacturaGuia) => {
    const estado = invoiceDisplayState(f.estado_pago, f.estado_calculado);
    return (
      <Button
        size="small"
        className={`vt-estado vt-estado--${estadoColor(estado)}`}
        loading={busy.has(f.id)}
        aria-label={`Estado ${f.numero_factura ?? f.numero_guia ?? f.id}: ${estado}`}
        title={isInvoicePaid(f.estado_pago) ? "Marcar como no pagada" : "Marcar como pagada"}
        onClick={() => void togglePaid(f)}
      >
        {estado}
      </Button>
    );
  };
  const numero = (f: FacturaGuia) => {
    // An electronic invoice still inside its 8-day window to accept or claim (SII).
    const w = f.tipo_dte ? acceptanceWindow(f.tipo_dte, f.fecha_recepcion, today) : null;
    return (
      <>
        {f.numero_factura ?? (f.numero_guia ? <span className="vt-muted">Guía {f.numero_guia}</span> : null)}
        {f.numero_factura && f.numero_guia && <div className="vt-muted vt-fe-guia">Guía {f.numero_guia}</div>}
        {w && !w.vencido && (
          <Tag color={w.dias_restantes <= 2 ? "volcano" : "blue"} className="vt-plazo" title={acceptanceWindowText(w)}>
            {w.dias_restantes === 0 ? "Aceptar hoy" : `Aceptar: ${w.dias_restantes} d`}
          </Tag>
        )}
      </>
    );
  };
  const fechaPago = (v: string | null) => {
    const h = paymentDateHighlight(v, today);
    return v ? <span className={h === "today" ? "vt-pago-hoy" : h === "muted" ? "vt-muted" : undefined}>{formatDate(v)}</span> : null;
  };
  const observacion = (f: FacturaGuia) => <ObservacionBox factura={f} onSave={(t) => saveObservacion(f, t)} />;

  // The guía number goes under the invoice's: every column fits at 1280 px.
  const columns: ColumnsType<FacturaGuia> = [
    textColumn<FacturaGuia>({ title: "Proveedor", dataIndex: "proveedor", key: "proveedor", width: 150 }),
    { title: "N° Factura / Guía", dataIndex: "numero_factura", key: "numero_factura", width: 112, render: (_, f) => numero(f) },
    dateColumn<FacturaGuia>({ title: "Fecha", dataIndex: "fecha", key: "fecha", width: 96 }),
    dateColumn<FacturaGuia>({ title: "Vencimiento", dataIndex: "vencimiento", key: "vencimiento", width: 108 }),
    moneyColumn<FacturaGuia>({ title: "Total", dataIndex: "monto_total", key: "monto_total", width: 112 }),
    { title: "Estado", key: "estado", width: 100, render: (_, f) => estadoButton(f) },
    dateColumn<FacturaGuia>({ title: "Fecha pago", dataIndex: "fecha_pago", key: "fecha_pago", width: 96, render: fechaPago }),
    { title: "Observaciones internas", key: "obs", width: 150, render: (_, f) => observacion(f) },
  ];

  const options = proveedores.map((p) => ({ value: p, label: p }));

  return (
    <Page title="Control de pago de Facturas/Guías" subtitle="Haga clic en el estado para marcar una factura como pagada o no pagada." banner={banner} onCloseBanner={clear}>
      {notice}
      <Card size="small">
        <div className="vt-fe-filters">
          <div className="vt-fe-filter">
            <label htmlFor={`${ids}-proveedor`}>Proveedor</label>
            <Select<string> id={`${ids}-proveedor`} allowClear showSearch placeholder="Todos" value={filter.proveedor} options={options} onChange={(v) => setFilter((f) => ({ ...f, proveedor: v || undefined, page: 1 }))} />
          </div>
          <div className="vt-fe-filter">
            <label htmlFor={`${ids}-estado`}>Estado de pago</label>
            <Select<string>
              id={`${ids}-estado`}
              value={filter.estado}
              options={INVOICE_STATE_FILTER_OPTIONS.map((o) => ({ value: o.value, label: o.label }))}
              onChange={(v) => setFilter((f) => ({ ...f, estado: v, page: 1 }))}
            />
          </div>
        </div>
      </Card>
      <Card size="small">
        <ResponsiveTable<FacturaGuia>
          rowKey="id"
          size="small"
          aria-label="Facturas y guías"
          loading={!current}
          columns={columns}
          dataSource={current?.rows ?? []}
          rowClassName={(f) => (isInvoiceRowOverdue(f, today) ? "vt-row-vencida" : "")}
          locale={{ emptyText: "No hay facturas con estos filtros." }}
          pagination={{
            current: filter.page,
            pageSize: PAGE_SIZE,
            total: current?.total ?? 0,
            showSizeChanger: false,
            showTotal: (t) => totalText(t, current?.capped ?? false, "documento"),
            onChange: (page) => setFilter((f) => ({ ...f, page })),
          }}
          card={{
            title: (f) => f.proveedor,
            extra: estadoButton,
            fields: (f) => [
              { label: "N° Factura / Guía", value: numero(f) },
              { label: "Total", value: formatCLP(f.monto_total) },
              { label: "Fecha", value: formatDate(f.fecha) },
              { label: "Vencimiento", value: f.vencimiento ? formatDate(f.vencimiento) : "—" },
              { label: "Fecha pago", value: fechaPago(f.fecha_pago) ?? "—" },
            ],
            actions: observacion,
            className: (f) => (isInvoiceRowOverdue(f, today) ? "vt-row-vencida" : ""),
          }}
        />
      </Card>
    </Page>
  );
}
