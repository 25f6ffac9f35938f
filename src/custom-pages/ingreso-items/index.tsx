// "Ingreso de Ítems del Presupuesto" (/IngresoItems), spec 2.4, 4, 5, 7, 8, 9.
// Items are built in a local list and nothing is sent until "Guardar Presupuesto", which
// posts them one by one, in order, to the chosen quote.
//
// Partial failure (spec 4: "items already posted stay saved and the local list is not
// cleared"): each item is removed from the local list as soon as the server has stored
// it, and the save stops at the first failure; the failed item and the ones after it stay
// listed, so pressing "Guardar Presupuesto" again sends only those and never duplicates.
// Each item also carries its own Idempotency-Key (renewed when the item is edited), so a
// retry after a lost answer is answered with the stored item instead of a second copy.
import { useId, useMemo, useState } from "react";
import { Button, Card, Checkbox, Form, Input, Select, Space, Table } from "antd";
import type { ColumnsType } from "antd/es/table";
import {
  CANTIDAD_VACIA,
  cuadrosAlMarcarAdicional,
  itemInputs,
  computeItemUtv,
  quoteUtvTotals,
  TIPO_APERTURA_OPTIONS,
  TIPO_VENTANA_OPTIONS,
} from "../../domain/sales";
import { formatCLP, formatNumber } from "../../domain/format";
import { quoteTotals } from "../../domain/money";
import { createItem, type ItemPresupuestoBody, type Presupuesto } from "../../api/sales";
import { NumberText } from "../../components/NumberText";
import { BannerAlert, Page } from "../../components/Page";
import { useBanner } from "../../components/useBanner";
import { QuoteSelectors, presupuestoLabel, usePreselectedQuote } from "../../resources/presupuestos/QuoteSelectors";
import { ItemTotalsRow } from "../../resources/presupuestos/ItemTotalsRow";
import { EMPTY_DRAFT, ITEM_FIELDS, draftUtv, itemToDraft, localKey, parseDraft, type ItemDraft } from "../../resources/presupuestos/item-draft";
import type { ClienteRef } from "../../resources/clientes/ClientSelect";
import { toHttpError } from "../../providers/http";

export const MSG_SELECCIONE_PRESUPUESTO = "Debe seleccionar un presupuesto";
export const MSG_SELECCIONE_ANTES_DE_GUARDAR = "Debe seleccionar un presupuesto antes de guardar";
export const MSG_ITEMS_OK = "Todos los ítems fueron guardados correctamente";
export const MSG_ITEMS_ERROR = "Error al guardar los ítems";

interface LocalItem {
  /** List identity. */
  key: string;
  /** Idempotency-Key of this item's POST; renewed when the item changes. */
  idemKey: string;
  body: Omit<ItemPresupuestoBody, "presupuesto_id">;
}

function medidas(b: LocalItem["body"]): string {
  if (b.ancho === null && b.alto === null) return "—";
  return `${formatNumber(b.ancho) || "?"} × ${formatNumber(b.alto) || "?"} mm`;
}

export default function IngresoItemsPage() {
  const [form] = Form.useForm<ItemDraft>();
  const ids = { utv: useId(), monto: useId() };
  const [client, setClient] = useState<ClienteRef | null>(null);
  const [quote, setQuote] = useState<Presupuesto | null>(null);
  const [quoteError, setQuoteError] = useState(false);
  const [items, setItems] = useState<LocalItem[]>([]);
  const [editingKey, setEditingKey] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const formBanner = useBanner();
  const saveBanner = useBanner();

  // Watched fields: the read-only UTV figures follow what is typed.
  const tipoVentana = Form.useWatch("tipo_ventana", form);
  const observaciones = Form.useWatch("observaciones", form);
  const adicional = Form.useWatch("adicional", form);
  const cuadros = Form.useWatch("cuadros_adicionales", form);
  const cantidad = Form.useWatch("cantidad", form);
  const utv = draftUtv({
    tipo_ventana: tipoVentana,
    observaciones,
    adicional,
    cuadros_adicionales: cuadros,
    cantidad,
  });
  const shown = itemInputs({ observaciones, adicional });

  usePreselectedQuote((c, q) => {
    setClient(c);
    setQuote(q);
  });

  const resetForm = () => {
    form.resetFields();
    setEditingKey(null);
  };

  const onSelectors = (c: ClienteRef | null, q: Presupuesto | null) => {
    setClient(c);
    setQuote(q);
    if (q) {
      setQuoteError(false);
      formBanner.clear();
      saveBanner.clear();
    }
  };

  const addOrUpdate = async () => {
    if (!quote) {
      setQuoteError(true);
      formBanner.show({ type: "error", message: MSG_SELECCIONE_PRESUPUESTO });
      return;
    }
    let values: ItemDraft;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    const parsed = parseDraft(values, quote.id);
    if (!parsed.ok) {
      form.setFields(
        Object.entries(parsed.errors)
          .filter(([name]) => (ITEM_FIELDS as string[]).includes(name))
          .map(([name, errors]) => ({ name: name as keyof ItemDraft, errors: errors ?? [] })),
      );
      return;
    }
    const { presupuesto_id: _ignored, ...body } = parsed.body;
    if (editingKey) {
      setItems((prev) => prev.map((it) => (it.key === editingKey ? { ...it, idemKey: localKey(), body } : it)));
    } else {
      setItems((prev) => [...prev, { key: localKey(), idemKey: localKey(), body }]);
    }
    formBanner.clear();
    resetForm();
  };

  const edit = (it: LocalItem) => {
    form.resetFields();
    form.setFieldsValue(itemToDraft(it.body));
    setEditingKey(it.key);
    formBanner.clear();
    document.getElementById("vt-item-form")?.scrollIntoView({ behavior: "smooth", block: "start" });
  };

  const remove = (it: LocalItem) => {
    setItems((prev) => prev.filter((p) => p.key !== it.key));
    if (editingKey === it.key) resetForm();
  };

  const clone = (it: LocalItem) => {
    setItems((prev) => [...prev, { key: localKey(), idemKey: localKey(), body: { ...it.body } }]);
  };

  const save = async () => {
    if (saving) return;
    if (!quote) {
      setQuoteError(true);
      saveBanner.show({ type: "error", message: MSG_SELECCIONE_ANTES_DE_GUARDAR });
      return;
    }
    if (editingKey) {
      saveBanner.show({ type: "warning", message: "Termine o cancele la edición del ítem antes de guardar" });
      return;
    }
    if (items.length === 0) {
      saveBanner.show({ type: "warning", message: "Agregue al menos un ítem antes de guardar" });
      return;
    }
    setSaving(true);
    saveBanner.show(null);
    const pending = [...items];
    let stored = 0;
    try {
      for (const it of pending) {
        // One POST per item, in order; the quote's key travels with the item's key so a
        // retry to another quote is a new request.
        await createItem({ ...it.body, presupuesto_id: quote.id }, `${it.idemKey}:${quote.id}`);
        stored += 1;
        setItems((prev) => prev.filter((p) => p.key !== it.key));
      }
      saveBanner.show({ type: "success", message: MSG_ITEMS_OK });
    } catch (error) {
      console.error(MSG_ITEMS_ERROR, error);
      const http = toHttpError(error);
      const detail = http.errors ? Object.values(http.errors).flat().join(" ") : http.message;
      const failed = pending[stored];
      const name = failed?.body.item ? `"${failed.body.item}"` : `N° ${stored + 1}`;
      const left = pending.length - stored;
      saveBanner.show({
        type: "error",
        message: MSG_ITEMS_ERROR,
        description:
          `Se guardaron ${stored} de ${pending.length} ítems (ya no están en la lista). ` +
          `${left === 1 ? "El ítem que sigue en la lista no se guardó" : `Los ${left} ítems que siguen en la lista no se guardaron`}; ` +
          `vuelva a presionar "Guardar Presupuesto". Ítem ${name}: ${detail}`,
      });
    } finally {
      setSaving(false);
    }
  };

  const totals = useMemo(() => {
    const bodies = items.map((it) => it.body);
    return { ...quoteUtvTotals(bodies), neto: quoteTotals(bodies).neto };
  }, [items]);

  const columns: ColumnsType<LocalItem> = [
    { title: "Ítem", key: "item", render: (_, it) => it.body.item || "—" },
    { title: "Recinto", key: "recinto", render: (_, it) => it.body.recinto || "—" },
    {
      title: "Medidas",
      key: "medidas",
      className: "vt-nowrap",
      render: (_, it) => (
        <>
          {medidas(it.body)}
          <div className="vt-muted">{it.body.tipo_ventana}</div>
        </>
      ),
    },
    { title: "Apertura", key: "apertura", render: (_, it) => it.body.tipo_apertura },
    {
      title: "Cantidad",
      key: "cantidad",
      align: "right",
      render: (_, it) => formatNumber(it.body.cantidad ?? CANTIDAD_VACIA),
    },
    {
      title: "Precio unitario",
      key: "precio",
      align: "right",
      className: "vt-nowrap",
      render: (_, it) => (it.body.precio_unitario === null ? "—" : formatCLP(it.body.precio_unitario)),
    },
    { title: "UTV", key: "utv", align: "right", render: (_, it) => formatNumber(computeItemUtv(it.body).utv) },
    {
      title: "Monto UTV",
      key: "monto",
      align: "right",
      className: "vt-nowrap",
      render: (_, it) => formatCLP(computeItemUtv(it.body).utv_monto),
    },
    {
      title: "Acciones",
      key: "acciones",
      fixed: "right",
      className: "vt-actions-cell",
      width: 150,
      render: (_, it) => (
        <Space size={4} wrap={false}>
          <Button size="small" onClick={() => edit(it)} disabled={saving} aria-label={`Editar ${it.body.item ?? ""}`.trim()}>
            Editar
          </Button>
          <Button size="small" danger onClick={() => remove(it)} disabled={saving}>
            Eliminar
          </Button>
          <Button size="small" onClick={() => clone(it)} disabled={saving}>
            Clonar
          </Button>
        </Space>
      ),
    },
  ];

  return (
    <Page title="Ingreso de Ítems del Presupuesto">
      <Card title="Presupuesto" size="small">
        <Form layout="vertical" component="div">
          <QuoteSelectors client={client} quote={quote} onChange={onSelectors} disabled={saving} quoteError={quoteError} />
        </Form>
      </Card>

      <Card title={editingKey ? "Editar ítem" : "Nuevo ítem"} size="small" id="vt-item-form">
        <Form<ItemDraft>
          form={form}
          name="item-presupuesto"
          layout="vertical"
          initialValues={EMPTY_DRAFT}
          onFinish={() => void addOrUpdate()}
          disabled={saving}
        >
          <div className="vt-grid">
            <Form.Item className="span-4" name="item" label="Ítem">
              <Input autoComplete="off" maxLength={50} placeholder="Ej.: V1" />
            </Form.Item>
            <Form.Item className="span-8" name="recinto" label="Recinto">
              <Input autoComplete="off" maxLength={200} placeholder="Ej.: Living" />
            </Form.Item>
            <Form.Item className="span-3" name="ancho" label="Ancho (mm)">
              <NumberText />
            </Form.Item>
            <Form.Item className="span-3" name="alto" label="Alto (mm)">
              <NumberText />
            </Form.Item>
            <Form.Item className="span-3" name="tipo_ventana" label="Tipo de ventana">
              <Select options={TIPO_VENTANA_OPTIONS} />
            </Form.Item>
            <Form.Item className="span-3" name="tipo_apertura" label="Tipo de apertura">
              <Select options={TIPO_APERTURA_OPTIONS} />
            </Form.Item>

            <div className="span-12 vt-actions" style={{ marginBottom: 12, columnGap: 24 }}>
              <Form.Item name="grada_buque" valuePropName="checked" noStyle>
                <Checkbox>Grada buque</Checkbox>
              </Form.Item>
              <Form.Item name="observaciones" valuePropName="checked" noStyle>
                <Checkbox>Observaciones</Checkbox>
              </Form.Item>
              {shown.adicional && (
                <Form.Item name="adicional" valuePropName="checked" noStyle>
                  <Checkbox
                    onChange={(e) => {
                      if (e.target.checked) form.setFieldValue("cuadros_adicionales", cuadrosAlMarcarAdicional(form.getFieldValue("cuadros_adicionales")));
                    }}
                  >
                    Adicional
                  </Checkbox>
                </Form.Item>
              )}
            </div>
            {shown.textoObservaciones && (
              <Form.Item className="span-12" name="texto_observaciones" label="Detalle de observaciones">
                <Input.TextArea rows={2} maxLength={2000} />
              </Form.Item>
            )}
            {shown.cuadrosAdicionales && (
              <Form.Item className="span-3" name="cuadros_adicionales" label="Cuadros adicionales">
                <NumberText inputMode="numeric" />
              </Form.Item>
            )}
            {shown.cuadrosAdicionales && <div className="span-9" aria-hidden="true" />}

            <Form.Item className="span-3" name="cantidad" label="Cantidad" extra={`Vacío = ${CANTIDAD_VACIA}`}>
              <NumberText />
            </Form.Item>
            <Form.Item className="span-3" name="precio_unitario" label="Precio unitario">
              <NumberText prefix="$" />
            </Form.Item>
            <Form.Item className="span-3 vt-readonly-figure" label="UTV total" htmlFor={ids.utv}>
              <Input id={ids.utv} readOnly tabIndex={-1} value={formatNumber(utv.utv)} />
            </Form.Item>
            <Form.Item className="span-3 vt-readonly-figure" label="Monto UTV" htmlFor={ids.monto}>
              <Input id={ids.monto} readOnly tabIndex={-1} value={formatCLP(utv.utv_monto)} />
            </Form.Item>
          </div>
          <BannerAlert banner={formBanner.banner} onClose={formBanner.clear} />
          <div className="vt-actions vt-actions--end vt-actions--stack" style={{ marginTop: formBanner.banner ? 12 : 0 }}>
            {editingKey && (
              <Button onClick={resetForm} htmlType="button">
                Cancelar edición
              </Button>
            )}
            <Button type="primary" htmlType="submit">
              {editingKey ? "Actualizar Ítem" : "Agregar Ítem"}
            </Button>
          </div>
        </Form>
      </Card>

      <Card title="Ítems agregados" size="small">
        {quote && (
          <p className="vt-muted" style={{ margin: "0 0 8px" }}>
            Se guardarán en el presupuesto {presupuestoLabel(quote)}.
          </p>
        )}
        <Table<LocalItem>
          rowKey="key"
          size="small"
          columns={columns}
          dataSource={items}
          pagination={false}
          scroll={{ x: "max-content" }}
          locale={{ emptyText: "Aún no hay ítems agregados." }}
          summary={() =>
            items.length > 0 ? (
              <ItemTotalsRow
                label={`Total (${items.length} ${items.length === 1 ? "ítem" : "ítems"}) · Neto ${formatCLP(totals.neto)}`}
                utv={totals.utv}
                utvMonto={totals.utv_monto}
              />
            ) : null
          }
        />
        <div style={{ marginTop: 12 }}>
          <BannerAlert banner={saveBanner.banner} onClose={saveBanner.clear} />
        </div>
        <div className="vt-actions vt-actions--end vt-actions--stack" style={{ marginTop: 12 }}>
          <Button type="primary" onClick={() => void save()} disabled={saving} loading={saving}>
            Guardar Presupuesto
          </Button>
        </div>
      </Card>
    </Page>
  );
}
