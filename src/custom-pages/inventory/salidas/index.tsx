// "Salidas de Material" (/SalidasPage), specification 2.7, 5 and 8: code and product
// (pickers that fill each other), exit quantity, client and budget, observations, "Cargar
// salida"; below, the exits' history a page at a time from the server. The server values
// the exit at the product's current price and refuses more than current stock (409,
// "Stock insuficiente para {codigo}: hay {n}"), shown under the error banner.
import { useId, useRef, useState } from "react";
import { Button, Card, Form, Input } from "antd";
import type { ColumnsType } from "antd/es/table";
import { fetchSalidas, registrarSalida, type Salida } from "../api";
import { useWrite, usePagedQuery } from "../../../data/query";
import type { Presupuesto } from "../../sales/api";
import { MSG_SALIDA_ERROR, salidaSuccessMessage, validateSalida } from "../../../domain/inventory";
import { formatDateTime, formatNumber } from "../../../domain/format";
import { Page } from "../../../components/Page";
import { ResponsiveTable } from "../../../components/ResponsiveTable";
import { dateColumn, moneyColumn, numberColumn, textColumn, NOWRAP } from "../../../components/columns";
import { useBanner } from "../../../components/useBanner";
import { newIdempotencyKey, toHttpError } from "../../../providers/http";
import type { ClienteRef } from "../../sales/clientes/ClientSelect";
import { MaterialPickers, type MaterialValue } from "../materiales/MaterialPickers";
import { QuoteSelectors } from "../../sales/presupuestos/QuoteSelectors";
import "./salidas.css";
import { inventoryKeys, stockMoves } from "../keys";

export const HISTORY_PAGE = 20;

const historyColumns: ColumnsType<Salida> = [
  dateColumn<Salida>({ title: "Fecha", dataIndex: "fecha", key: "fecha", withTime: true, width: 140 }),
  textColumn<Salida>({ title: "Cliente", dataIndex: "cliente_nombre", key: "cliente", width: 140 }),
  { title: "Presupuesto", dataIndex: "presupuesto_numero", key: "numero", width: 100, className: NOWRAP },
  textColumn<Salida>({ title: "Obra", dataIndex: "nombre_obra", key: "obra", width: 130 }),
  { title: "Código", dataIndex: "codigo", key: "codigo", width: 72 },
  textColumn<Salida>({ title: "Producto", dataIndex: "producto", key: "producto", width: 150 }),
  numberColumn<Salida>({ title: "Cantidad", dataIndex: "cantidad", key: "cantidad", width: 84 }),
  moneyColumn<Salida>({ title: "Precio neto", dataIndex: "precio_neto", key: "precio", width: 108 }),
];

export default function SalidasPage() {
  const ids = { code: useId(), product: useId(), qty: useId(), obs: useId() };
  const [material, setMaterial] = useState<MaterialValue>({ codigo: "", producto: "" });
  const [qtyText, setQtyText] = useState("");
  const [client, setClient] = useState<ClienteRef | null>(null);
  const [quote, setQuote] = useState<Presupuesto | null>(null);
  const [observacion, setObservacion] = useState("");
  const [saving, setSaving] = useState(false);
  const { banner, show, clear } = useBanner();
  const history = usePagedQuery(
    inventoryKeys.salidas,
    { page: 1, q: "" },
    (q) => {
      const start = (q.page - 1) * HISTORY_PAGE;
      return fetchSalidas({ start, end: start + HISTORY_PAGE, q: q.q });
    },
    "No se pudo cargar el historial de salidas",
  );
  const { setQuery } = history;
  const write = useWrite();
  const savingRef = useRef(false);
  /** The last exit sent without an answer (network failure or 5xx) and its key: the same exit again re-sends the key. */
  const unanswered = useRef<{ signature: string; key: string } | null>(null);

  const submit = async () => {
    if (savingRef.current) return;
    const check = validateSalida({ codigo: material.codigo, producto: material.producto, cantidad_salida: qtyText, cliente_id: client?.id, presupuesto_id: quote?.id });
    if (!check.ok) {
      show({ type: "error", message: check.message });
      return;
    }
    savingRef.current = true;
    setSaving(true);
    clear();
    try {
      // Only what the exit is: the server reads the product's name, the client's name, the
      // quote's number and the work's name from the database itself.
      const body = {
        codigo: material.codigo.trim(),
        cantidad_salida: check.cantidad,
        cliente_id: client!.id,
        presupuesto_id: quote!.id,
        observacion,
      };
      const signature = JSON.stringify(body);
      const key = unanswered.current?.signature === signature ? unanswered.current.key : newIdempotencyKey();
      unanswered.current = { signature, key };
      let answer: Awaited<ReturnType<typeof registrarSalida>>;
      try {
        // The history and the stock it takes from are read again.
        answer = await write(() => registrarSalida(body, key), {
          invalidates: [[inventoryKeys.salidas], ...stockMoves],
        });
      } catch (error) {
        const status = toHttpError(error).statusCode;
        // An answer of the server (400, 404, 409) is final: the next attempt is a new exit.
        if (status >= 400 && status < 500) unanswered.current = null;
        throw error;
      }
      unanswered.current = null;
      show({ type: "success", message: salidaSuccessMessage(answer.message) });
      setMaterial({ codigo: "", producto: "" });
      setQtyText("");
      setObservacion("");
      setQuery((q) => ({ ...q, page: 1 }));
    } catch (error) {
      const e = toHttpError(error);
      show({ type: "error", message: MSG_SALIDA_ERROR, description: e.statusCode >= 400 && e.statusCode < 500 ? e.message : undefined });
    } finally {
      savingRef.current = false;
      setSaving(false);
    }
  };

  return (
    <Page title="Salidas de Material" subtitle="Registre el material que sale de bodega hacia una obra." banner={banner} onCloseBanner={clear}>
      <Card size="small" title="Registrar salida">
        <Form layout="vertical" component="div">
          <div className="vt-grid">
            <MaterialPickers value={material} onChange={(patch) => setMaterial((m) => ({ ...m, ...patch }))} disabled={saving} codeId={ids.code} productId={ids.product} codeClass="span-3" productClass="span-6" />
            <Form.Item className="span-3" label="Cantidad de salida" htmlFor={ids.qty}>
              <Input id={ids.qty} inputMode="decimal" value={qtyText} disabled={saving} onChange={(e) => setQtyText(e.target.value)} />
            </Form.Item>
          </div>
          <QuoteSelectors
            client={client}
            quote={quote}
            disabled={saving}
            onChange={(c, q) => {
              setClient(c);
              setQuote(q);
            }}
          />
          <div className="vt-grid">
            <Form.Item className="span-12" label="Observaciones" htmlFor={ids.obs}>
              <Input.TextArea id={ids.obs} rows={2} maxLength={1000} value={observacion} disabled={saving} onChange={(e) => setObservacion(e.target.value)} />
            </Form.Item>
          </div>
        </Form>
        <div className="vt-actions">
          <Button type="primary" loading={saving} disabled={saving} onClick={() => void submit()}>
            Cargar salida
          </Button>
        </div>
      </Card>

      <Card size="small" title="Historial de salidas">
        <Input.Search allowClear className="vt-salidas-search" aria-label="Buscar salidas" placeholder="Buscar por cliente, presupuesto, obra, código o producto" value={history.text} onChange={(e) => history.setText(e.target.value)} />
        <ResponsiveTable<Salida>
          rowKey="id"
          size="small"
          aria-label="Historial de salidas"
          dataSource={history.current?.rows ?? history.latest?.rows ?? []}
          loading={!history.current}
          locale={{ emptyText: history.current ? "No hay salidas registradas." : "Cargando salidas..." }}
          pagination={{
            current: history.query.page,
            pageSize: HISTORY_PAGE,
            total: history.current?.total ?? history.latest?.total ?? 0,
            showSizeChanger: false,
            onChange: (page) => setQuery((q) => ({ ...q, page })),
          }}
          columns={historyColumns}
          card={{
            title: (r) => `${r.codigo} · ${r.producto}`,
            fields: (r) => [
              { label: "Fecha", value: formatDateTime(r.fecha) },
              { label: "Cantidad", value: formatNumber(r.cantidad, 4) },
              { label: "Cliente", value: r.cliente_nombre },
              { label: "Presupuesto", value: r.nombre_obra ? `${r.presupuesto_numero} · ${r.nombre_obra}` : r.presupuesto_numero },
            ],
          }}
        />
      </Card>
    </Page>
  );
}
