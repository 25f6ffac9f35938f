// "Registro de Facturas/Guías" (/FacturasGuiasPage, Bodega menu), specification 2.7, 5, 7
// and 8: a form (supplier, RUT, delivery-note and invoice numbers, date, net, VAT, total,
// observation) whose VAT and total are filled from the net when empty (comma decimals
// accepted), "Factura/Guía registrada" or "Error al guardar."; and the history, filtered
// by supplier, a page at a time from the server.
import { useId, useState } from "react";
import { AutoComplete, Button, Card, Form, Input, Select, Table, Tag } from "antd";
import { useProgressiveRows } from "../../../components/progressive-rows";
import type { ColumnsType } from "antd/es/table";
import { createFacturaGuia, fetchFacturasGuias, listProveedorNombres, type FacturaGuia } from "../api";
import { useApiQuery, useWrite } from "../../../data/query";
import { facturaGuiaSchema } from "../../../domain/operations/schemas";
import { todayInSantiago } from "../../../domain/dates/dates";
import { formatCLP, formatDate } from "../../../domain/format";
import { autofillInvoiceAmounts, invoiceDisplayState, MSG_ERROR_GUARDAR, MSG_FACTURA_GUIA_REGISTRADA } from "../../../domain/operations";
import { Page } from "../../../components/Page";
import { useBanner } from "../../../components/useBanner";
import { showFieldErrors, zodRule } from "../../../components/zod-rule";
import { estadoColor } from "../facturas/estado";
import { DteImport } from "./DteImport";
import "./facturas-guias.css";
import { DateField } from "../../../components/DateField";
import { totalText } from "../../../domain/format/total";
import { invoiceWrites, operationsKeys } from "../keys";

export const PAGE_SIZE = 10;
const FIELDS = ["proveedor", "rut_proveedor", "numero_guia", "numero_factura", "fecha", "monto_neto", "iva", "monto_total", "observacion"] as const;

type Values = Record<(typeof FIELDS)[number], string | undefined>;

const historyColumns: ColumnsType<FacturaGuia> = [
  { title: "Fecha", dataIndex: "fecha", key: "fecha", width: 100, render: (v: string) => formatDate(v) },
  { title: "Proveedor", dataIndex: "proveedor", key: "proveedor" },
  { title: "N° Guía", dataIndex: "numero_guia", key: "numero_guia", width: 90 },
  { title: "N° Factura", dataIndex: "numero_factura", key: "numero_factura", width: 100 },
  { title: "Neto", dataIndex: "monto_neto", key: "monto_neto", align: "right", render: (v: number) => formatCLP(v) },
  { title: "IVA", dataIndex: "iva", key: "iva", align: "right", responsive: ["md"], render: (v: number) => formatCLP(v) },
  { title: "Total", dataIndex: "monto_total", key: "monto_total", align: "right", render: (v: number) => formatCLP(v) },
  { title: "Vencimiento", dataIndex: "vencimiento", key: "vencimiento", width: 110, responsive: ["md"], render: (v: string) => formatDate(v) },
  {
    title: "Estado",
    key: "estado",
    width: 90,
    render: (_, f) => {
      const e = invoiceDisplayState(f.estado_pago, f.estado_calculado);
      return <Tag color={estadoColor(e)}>{e}</Tag>;
    },
  },
  { title: "Observación", dataIndex: "observacion", key: "observacion", responsive: ["lg"] },
];

export default function FacturasGuiasPage() {
  const [form] = Form.useForm<Values>();
  const filterId = useId();
  const [saving, setSaving] = useState(false);
  const { banner, show, clear } = useBanner();
  const [filter, setFilter] = useState<{ proveedor?: string; page: number }>({ page: 1 });
  const write = useWrite();
  const proveedores = useApiQuery(operationsKeys.invoiceSuppliers(), listProveedorNombres, { failMessage: "No se pudieron cargar los proveedores" }).current ?? [];
  const history = useApiQuery(
    operationsKeys.invoiceHistory(filter),
    () => {
      const start = (filter.page - 1) * PAGE_SIZE;
      return fetchFacturasGuias({ start, end: start + PAGE_SIZE, proveedor: filter.proveedor });
    },
    { failMessage: "No se pudo cargar el historial de facturas" },
  );
  const current = history.failed ? { rows: [], total: 0, capped: false } : history.current;
  const shownRows = useProgressiveRows(current?.rows, (r) => r.id);

  /** VAT and total from the net when they are empty (section 5). */
  const autofill = () => {
    const v = form.getFieldsValue(["monto_neto", "iva", "monto_total"]);
    const a = autofillInvoiceAmounts(v);
    if (a.monto_neto === null) return;
    const patch: Partial<Values> = {};
    if (!String(v.iva ?? "").trim() && a.iva !== null) patch.iva = String(a.iva);
    if (!String(v.monto_total ?? "").trim() && a.monto_total !== null) patch.monto_total = String(a.monto_total);
    if (Object.keys(patch).length) form.setFieldsValue(patch);
  };

  const onFinish = async (values: Values) => {
    if (saving) return;
    setSaving(true);
    show(null);
    try {
      const amounts = autofillInvoiceAmounts(values);
      const saved = await write(() => createFacturaGuia({ ...values, ...amounts }), { invalidates: invoiceWrites });
      form.resetFields();
      show({ type: "success", message: MSG_FACTURA_GUIA_REGISTRADA });
      setFilter((f) => ({ proveedor: f.proveedor && f.proveedor !== saved.proveedor ? saved.proveedor : f.proveedor, page: 1 }));
    } catch (error) {
      console.error(MSG_ERROR_GUARDAR, error);
      show({ type: "error", message: MSG_ERROR_GUARDAR, description: showFieldErrors(form, error, FIELDS) });
    } finally {
      setSaving(false);
    }
  };

  const options = proveedores.map((p) => ({ value: p, label: p }));

  return (
    <Page title="Registro de Facturas/Guías" banner={banner} onCloseBanner={clear}>
      <Card size="small" title="Nueva factura o guía">
        <Form form={form} name="factura-guia" layout="vertical" onFinish={onFinish} disabled={saving} initialValues={{ fecha: todayInSantiago() }}>
          <div className="vt-grid">
            <Form.Item className="span-6" name="proveedor" label="Proveedor" rules={[{ required: true, whitespace: true, message: "El proveedor es obligatorio" }]}>
              <AutoComplete options={options} filterOption={(input, o) => String(o?.value ?? "").toLowerCase().includes(input.toLowerCase())} placeholder="Nombre del proveedor" />
            </Form.Item>
            <Form.Item className="span-3" name="rut_proveedor" label="RUT proveedor" rules={[zodRule(facturaGuiaSchema.shape.rut_proveedor)]}>
              <Input placeholder="76.123.456-0" />
            </Form.Item>
            <Form.Item className="span-3" name="fecha" label="Fecha" rules={[{ required: true, message: "La fecha es obligatoria" }]}>
              <DateField />
            </Form.Item>
            <Form.Item className="span-3" name="numero_guia" label="N° Guía">
              <Input />
            </Form.Item>
            <Form.Item className="span-3" name="numero_factura" label="N° Factura">
              <Input />
            </Form.Item>
            <Form.Item className="span-3" name="monto_neto" label="Monto Neto">
              <Input inputMode="decimal" onBlur={autofill} />
            </Form.Item>
            <Form.Item className="span-3" name="iva" label="IVA">
              <Input inputMode="decimal" onFocus={autofill} />
            </Form.Item>
            <Form.Item className="span-3" name="monto_total" label="Monto Total">
              <Input inputMode="decimal" onFocus={autofill} />
            </Form.Item>
            <Form.Item className="span-9" name="observacion" label="Observación">
              <Input />
            </Form.Item>
          </div>
          <div className="vt-actions vt-actions--end vt-actions--stack">
            <Button type="primary" htmlType="submit" loading={saving}>
              {saving ? "Guardando..." : "Registrar"}
            </Button>
          </div>
        </Form>
      </Card>
      <DteImport
        onRegistered={(message) => {
          show({ type: "success", message: MSG_FACTURA_GUIA_REGISTRADA, description: message });
          setFilter((f) => ({ ...f, page: 1 }));
        }}
        onError={(message, description) => show({ type: "error", message, description })}
      />
      <Card
        size="small"
        title="Historial"
        extra={
          <div className="vt-fg-filter">
            <label htmlFor={filterId} className="vt-fg-filter__text">
              Filtrar por proveedor
            </label>
            <Select<string>
              id={filterId}
              allowClear
              showSearch
              placeholder="Todos los proveedores"
              value={filter.proveedor}
              options={options}
              onChange={(v) => setFilter({ proveedor: v || undefined, page: 1 })}
            />
          </div>
        }
      >
        <Table<FacturaGuia>
          rowKey="id"
          size="small"
          loading={!current}
          columns={historyColumns}
          dataSource={shownRows ?? []}
          scroll={{ x: 640 }}
          locale={{ emptyText: "No hay facturas ni guías registradas." }}
          pagination={{
            current: filter.page,
            pageSize: PAGE_SIZE,
            total: current?.total ?? 0,
            showSizeChanger: false,
            showTotal: (t) => totalText(t, current?.capped ?? false, "documento"),
            onChange: (page) => setFilter((f) => ({ ...f, page })),
          }}
        />
      </Card>
    </Page>
  );
}
