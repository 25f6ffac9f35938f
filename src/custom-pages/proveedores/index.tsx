// "Crear/Editar Proveedores" (/ProveedorPage, specification 2.6 item 5 and 5): a form and a
// table with edit. Name required ("El nombre del proveedor es obligatorio."), credit days a
// whole number, RUT checked as for clients; the table is paged, sorted and searched on
// the server. "Editar" loads a supplier into the form; saving then updates it.
// ?id=N (the global search) opens that supplier for editing; while editing, the form has
// a «Historial» tab with the supplier's changes (Informático and Gerencia).
import { useCallback, useEffect, useRef, useState } from "react";
import { useSearchParams } from "react-router";
import { Button, Card, Form, Input, type TablePaginationConfig } from "antd";
import type { SorterResult } from "antd/es/table/interface";
import { createProveedor, fetchProveedoresPage, getProveedor, updateProveedor, type Proveedor } from "../../api/purchasing";
import { Page } from "../../components/Page";
import { FitTable } from "../../components/ResponsiveTable";
import { actionsColumn, numberColumn, textColumn, NOWRAP } from "../../components/columns";
import { useBanner } from "../../components/useBanner";
import { showFieldErrors, zodRule } from "../../components/zod-rule";
import { WithHistory } from "../../resources/auditoria/WithHistory";
import { MSG_PROVEEDOR_ERROR_GUARDAR, MSG_PROVEEDOR_GUARDADO, proveedorSchema, type ProveedorInput } from "../../domain/purchasing";
import { withTypedNumbers } from "../../domain/format";

/** The form's values: the days of credit are typed as text (sent as a JSON number). */
type FormValues = Omit<ProveedorInput, "dias_credito"> & { dias_credito?: string | number | null };
const FIELDS = ["proveedor", "rut", "vendedor", "contacto", "banco", "tipo_de_cuenta", "numero_cuenta", "dias_credito"] as const;
const PAGE = 10;

export default function ProveedorPage() {
  const [form] = Form.useForm<FormValues>();
  const [editing, setEditing] = useState<Proveedor | null>(null);
  const [saving, setSaving] = useState(false);
  const { banner, show, clear } = useBanner();
  const [rows, setRows] = useState<Proveedor[]>([]);
  const [total, setTotal] = useState(0);
  const [loading, setLoading] = useState(false);
  const [query, setQuery] = useState({ page: 1, q: "", sort: "proveedor", order: "asc" as "asc" | "desc" });
  const asked = useRef(0);

  const load = useCallback(async () => {
    const ticket = ++asked.current;
    setLoading(true);
    try {
      const { rows: r, total: t } = await fetchProveedoresPage({
        _start: (query.page - 1) * PAGE,
        _end: query.page * PAGE,
        _sort: query.sort,
        _order: query.order,
        q: query.q.trim() || undefined,
      });
      if (ticket === asked.current) {
        setRows(r);
        setTotal(t);
      }
    } catch (error) {
      console.error("No se pudieron cargar los proveedores", error);
    } finally {
      if (ticket === asked.current) setLoading(false);
    }
  }, [query]);

  useEffect(() => {
    void load();
  }, [load]);

  const startEdit = (p: Proveedor) => {
    setEditing(p);
    form.setFieldsValue({ ...p, dias_credito: String(p.dias_credito) });
    clear();
    window.scrollTo({ top: 0, behavior: "smooth" });
  };

  const [params] = useSearchParams();
  const askedId = Number(params.get("id"));
  useEffect(() => {
    if (!Number.isSafeInteger(askedId) || askedId <= 0) return;
    let live = true;
    getProveedor(askedId).then(
      (p) => live && startEdit(p),
      (error: unknown) => console.error("No se pudo cargar el proveedor", error),
    );
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [askedId]);

  const reset = () => {
    setEditing(null);
    form.resetFields();
  };

  const onFinish = async (values: FormValues) => {
    if (saving) return;
    setSaving(true);
    show(null);
    try {
      const body = withTypedNumbers(values, ["dias_credito"]) as ProveedorInput;
      if (editing) await updateProveedor(editing.id, body);
      else await createProveedor(body);
      reset();
      show({ type: "success", message: MSG_PROVEEDOR_GUARDADO });
      void load();
    } catch (error) {
      console.error(MSG_PROVEEDOR_ERROR_GUARDAR, error);
      show({ type: "error", message: MSG_PROVEEDOR_ERROR_GUARDAR, description: showFieldErrors(form, error, FIELDS) });
    } finally {
      setSaving(false);
    }
  };

  const onTable = (pagination: TablePaginationConfig, _f: unknown, sorter: SorterResult<Proveedor> | SorterResult<Proveedor>[]) => {
    const s = Array.isArray(sorter) ? sorter[0] : sorter;
    setQuery((q) => ({
      ...q,
      page: pagination.current ?? 1,
      sort: s?.order ? String(s.field) : "proveedor",
      order: s?.order === "descend" ? "desc" : "asc",
    }));
  };

  return (
    <Page title="Crear/Editar Proveedores" banner={banner} onCloseBanner={clear}>
      <Card title={editing ? `Editar proveedor: ${editing.proveedor}` : "Nuevo proveedor"}>
        <WithHistory entidad="proveedores" entidadId={editing?.id}>
        <Form form={form} name="proveedor" layout="vertical" onFinish={onFinish} disabled={saving} requiredMark>
          <div className="vt-grid">
            <Form.Item className="span-6" name="proveedor" label="Proveedor" required rules={[zodRule(proveedorSchema.shape.proveedor)]}>
              <Input maxLength={200} />
            </Form.Item>
            <Form.Item className="span-3" name="rut" label="RUT" rules={[zodRule(proveedorSchema.shape.rut)]}>
              <Input placeholder="76.086.428-5" maxLength={20} />
            </Form.Item>
            <Form.Item className="span-3" name="dias_credito" label="Días de crédito" rules={[zodRule(proveedorSchema.shape.dias_credito, { typedNumber: true })]}>
              <Input inputMode="numeric" placeholder="0" maxLength={3} />
            </Form.Item>
            <Form.Item className="span-6" name="vendedor" label="Vendedor">
              <Input maxLength={200} />
            </Form.Item>
            <Form.Item className="span-6" name="contacto" label="Contacto">
              <Input maxLength={200} />
            </Form.Item>
            <Form.Item className="span-4" name="banco" label="Banco">
              <Input maxLength={100} />
            </Form.Item>
            <Form.Item className="span-4" name="tipo_de_cuenta" label="Tipo de cuenta">
              <Input maxLength={100} />
            </Form.Item>
            <Form.Item className="span-4" name="numero_cuenta" label="Número de cuenta">
              <Input maxLength={50} />
            </Form.Item>
          </div>
          <div className="vt-actions vt-actions--end">
            {editing && (
              <Button onClick={reset} disabled={saving}>
                Cancelar edición
              </Button>
            )}
            <Button type="primary" htmlType="submit" loading={saving}>
              {saving ? "Guardando..." : editing ? "Guardar cambios" : "Guardar Proveedor"}
            </Button>
          </div>
        </Form>
        </WithHistory>
      </Card>
      <Card title="Proveedores">
        <Input.Search
          aria-label="Buscar proveedor"
          placeholder="Nombre, RUT, vendedor…"
          allowClear
          enterButton="Buscar"
          style={{ maxWidth: 420, marginBottom: 12 }}
          onSearch={(q) => setQuery((s) => ({ ...s, q, page: 1 }))}
        />
        <FitTable<Proveedor>
          rowKey="id"
          size="middle"
          loading={loading}
          dataSource={rows}
          onChange={onTable}
          pagination={{ current: query.page, pageSize: PAGE, total, showSizeChanger: false, showTotal: (n) => `${n} ${n === 1 ? "proveedor" : "proveedores"}` }}
          columns={[
            textColumn<Proveedor>({ dataIndex: "proveedor", title: "Proveedor", width: 170, sorter: true }),
            { dataIndex: "rut", title: "RUT", width: 116, sorter: true, className: NOWRAP },
            textColumn<Proveedor>({ dataIndex: "vendedor", title: "Vendedor", width: 130, sorter: true }),
            textColumn<Proveedor>({ dataIndex: "contacto", title: "Contacto", width: 130 }),
            textColumn<Proveedor>({ dataIndex: "banco", title: "Banco", width: 120, sorter: true }),
            textColumn<Proveedor>({ dataIndex: "tipo_de_cuenta", title: "Tipo de cuenta", width: 120 }),
            { dataIndex: "numero_cuenta", title: "N° cuenta", width: 120, className: NOWRAP },
            numberColumn<Proveedor>({ dataIndex: "dias_credito", title: "Días crédito", width: 90, sorter: true, decimals: 0 }),
            actionsColumn<Proveedor>(
              (_, p) => (
                <Button size="small" onClick={() => startEdit(p)} aria-label={`Editar ${p.proveedor}`}>
                  Editar
                </Button>
              ),
              { width: 90 },
            ),
          ]}
        />
      </Card>
    </Page>
  );
}
