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
import { useState } from "react";
import { Button, Card, Form } from "antd";
import { MSG_SELECCIONE_PRESUPUESTO } from "../../../domain/sales";
import { createItem, type Presupuesto } from "../api";
import { salesKeys } from "../keys";
import { useWrite } from "../../../data/query";
import { BannerAlert, Page } from "../../../components/Page";
import { useBanner } from "../../../components/useBanner";
import { QuoteSelectors, presupuestoLabel, usePreselectedQuote } from "../presupuestos/QuoteSelectors";
import { EMPTY_DRAFT, ITEM_FIELDS, itemToDraft, localKey, parseDraft, type ItemDraft } from "../presupuestos/item-draft";
import type { ClienteRef } from "../clientes/ClientSelect";
import { toHttpError } from "../../../providers/http";
import { ItemFields } from "./ItemFields";
import { LocalItemsTable, type LocalItem } from "./LocalItemsTable";

export const MSG_SELECCIONE_ANTES_DE_GUARDAR = "Debe seleccionar un presupuesto antes de guardar";
export const MSG_ITEMS_OK = "Todos los ítems fueron guardados correctamente";
export const MSG_ITEMS_ERROR = "Error al guardar los ítems";

export default function IngresoItemsPage() {
  const [form] = Form.useForm<ItemDraft>();
  const [client, setClient] = useState<ClienteRef | null>(null);
  const [quote, setQuote] = useState<Presupuesto | null>(null);
  const [quoteError, setQuoteError] = useState(false);
  const [items, setItems] = useState<LocalItem[]>([]);
  const [editingKey, setEditingKey] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const write = useWrite();
  const formBanner = useBanner();
  const saveBanner = useBanner();

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
      const storeAll = async () => {
        for (const it of pending) {
          // One POST per item, in order; the quote's key travels with the item's key so a
          // retry to another quote is a new request.
          await createItem({ ...it.body, presupuesto_id: quote.id }, `${it.idemKey}:${quote.id}`);
          stored += 1;
          setItems((prev) => prev.filter((p) => p.key !== it.key));
        }
      };
      // The quote's items and totals are read again wherever they are shown.
      await write(storeAll, { invalidates: [salesKeys.quoteItems(quote.id), salesKeys.quotes()] });
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
          <ItemFields form={form} />
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
        <LocalItemsTable items={items} saving={saving} onEdit={edit} onRemove={remove} onClone={clone} />
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
