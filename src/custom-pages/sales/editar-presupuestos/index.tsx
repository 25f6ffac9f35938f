// "Editar Ítems del Presupuesto" (/EditarPresupuestos), spec 2.4, 4, 7, 8.
// Choosing a client loads its quotes; choosing a quote loads its items into an editable
// table. "Agregar Elemento" adds a blank row. "Guardar Cambios" first checks every row
// with the domain schema (nothing is sent while a row is invalid), then, one call at a
// time, updates the rows that have an id and were changed (PUT) and creates the rows
// without an id (POST) for the chosen quote; then the items are reloaded. Deleting a saved
// row deletes it on the server at once; a failure is only logged and the row goes anyway.
//
// Switching quotes quickly never shows or deletes another quote's items: the table holds
// the quote its rows belong to, an answer for a quote that is no longer selected is
// ignored, and a delete names the row's own quote (the server refuses another quote's item).
import { useState } from "react";
import { App, Button, Card, Form } from "antd";
import type { Presupuesto } from "../api";
import { BannerAlert, Page } from "../../../components/Page";
import { useBanner } from "../../../components/useBanner";
import { QuoteSelectors, usePreselectedQuote } from "../presupuestos/QuoteSelectors";
import type { ClienteRef } from "../clientes/ClientSelect";
import { ItemsGrid } from "./ItemsGrid";
import { ItemDrawings } from "../../../components/elevation/ItemDrawings";
import { draftElevation } from "../presupuestos/item-draft";
import { useItemRows } from "./useItemRows";
import { confirmAccepted } from "../compartir-cliente/confirm-accepted";

export default function EditarPresupuestosPage() {
  const { modal } = App.useApp();
  const [client, setClient] = useState<ClienteRef | null>(null);
  const [quote, setQuote] = useState<Presupuesto | null>(null);
  const { banner, show, clear } = useBanner();
  const items = useItemRows(quote, { show, clear });
  const { saving, pendingCount } = items;

  usePreselectedQuote((c, q) => {
    setClient(c);
    setQuote(q);
  });

  const onSelectors = (c: ClienteRef | null, q: Presupuesto | null) => {
    const apply = () => {
      setClient(c);
      setQuote(q);
      clear();
    };
    if (items.hasChanges && q?.id !== quote?.id) {
      modal.confirm({
        title: "Hay cambios sin guardar",
        content: "Si cambia de presupuesto se perderán los cambios de la tabla. ¿Desea continuar?",
        okText: "Descartar cambios",
        cancelText: "Volver",
        onOk: apply,
      });
      return;
    }
    apply();
  };

  return (
    <Page title="Editar Ítems del Presupuesto">
      <Card title="Presupuesto" size="small">
        <Form layout="vertical" component="div">
          <QuoteSelectors client={client} quote={quote} onChange={onSelectors} disabled={saving} />
        </Form>
      </Card>

      <Card
        title="Ítems del presupuesto"
        size="small"
        extra={
          quote && pendingCount > 0 ? (
            <span className="vt-muted">
              {pendingCount} {pendingCount === 1 ? "fila con cambios" : "filas con cambios"} sin guardar
            </span>
          ) : undefined
        }
      >
        <ItemsGrid rows={items.rows} loading={items.loading} saving={saving} hasQuote={quote !== null} change={items.change} removeRow={items.removeRow} />
        <div style={{ marginTop: 12 }}>
          <BannerAlert banner={banner} onClose={clear} />
        </div>
        <div className="vt-actions vt-actions--stack" style={{ marginTop: 12, justifyContent: "space-between" }}>
          <Button onClick={items.addRow} disabled={!quote || saving}>
            Agregar Elemento
          </Button>
          <Button type="primary" onClick={() => (quote?.aceptado_fecha ? confirmAccepted(modal, quote.aceptado_fecha, () => void items.save()) : void items.save())} disabled={!quote || saving} loading={saving}>
            Guardar Cambios
          </Button>
        </div>
      </Card>

      {items.rows.length > 0 && (
        <Card title="Dibujos" size="small">
          <ItemDrawings
            label="Dibujos de los ítems (según lo escrito en la tabla)"
            items={items.rows.map((row) => ({ ...draftElevation(row.draft), key: row.key, item: row.draft.item, recinto: row.draft.recinto }))}
          />
        </Card>
      )}
    </Page>
  );
}
