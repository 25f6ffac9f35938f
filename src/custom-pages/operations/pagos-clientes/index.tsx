// "Pagos de Clientes" (/PagosClientesPage, Operaciones), specification 2.7, 4, 8 and 9:
// client, budget, date, amount with VAT, state, observation; "Pago registrado" or
// "Error al guardar."; the budget's summary (total with VAT = round(net × 1.19), paid,
// balance, Pendiente / Parcial / Pagado) and its payment list. No client-side checks
// (section 5): the server's refusal is shown as the error banner with its reasons.
import { useState } from "react";
import { AutoComplete, Button, Card, Form, Input, Table, Tag } from "antd";
import { createPago, fetchPagoResumen, fetchPagos, type PagoCliente } from "../api";
import { useApiQuery, useWrite } from "../../../data/query";
import type { Presupuesto } from "../../sales/api";
import { todayInSantiago } from "../../../domain/dates/dates";
import { formatCLP } from "../../../domain/format";
import { parseNumberInput } from "../../../domain/format/parse";
import { MSG_ERROR_GUARDAR, MSG_PAGO_REGISTRADO } from "../../../domain/operations";
import { Fact, Facts } from "../../../components/Facts";
import { Page } from "../../../components/Page";
import { useBanner } from "../../../components/useBanner";
import { showFieldErrors } from "../../../components/zod-rule";
import type { ClienteRef } from "../../sales/clientes/ClientSelect";
import { QuoteSelectors, usePreselectedQuote } from "../../sales/presupuestos/QuoteSelectors";
import { DateField } from "../../../components/DateField";
import { PAGO_ESTADOS, pagosClientes } from "../../../domain/operations/pagos-clientes.resource";
import { declaredColumns, type Row } from "../../../resources/declared/fields";
import { operationsKeys } from "../keys";

const FIELDS = ["fecha_pago", "monto", "estado", "observacion"] as const;
const ESTADO_OPTIONS = PAGO_ESTADOS.map((value) => ({ value }));

interface Values {
  fecha_pago?: string;
  monto?: string;
  estado?: string;
  observacion?: string;
}

/** The quote's payments: the declared list's columns of its own fields. */
const columns = declaredColumns(pagosClientes, [...FIELDS]);

const estadoColor = { Pendiente: "default", Parcial: "gold", Pagado: "green" } as const;

export default function PagosClientesPage() {
  const [form] = Form.useForm<Values>();
  const [client, setClient] = useState<ClienteRef | null>(null);
  const [quote, setQuote] = useState<Presupuesto | null>(null);
  const [saving, setSaving] = useState(false);
  const { banner, show, clear } = useBanner();
  const write = useWrite();

  usePreselectedQuote((c, q) => {
    setClient(c);
    setQuote(q);
  });

  // A failed list or summary is logged and shown empty (section 8).
  const data = useApiQuery(
    operationsKeys.clientPayments(quote?.id ?? null),
    async () => {
      const quoteId = quote!.id;
      const [pagos, resumen] = await Promise.all([
        fetchPagos(quoteId).catch((e: unknown) => {
          console.error("No se pudieron cargar los pagos", e);
          return [] as PagoCliente[];
        }),
        fetchPagoResumen(quoteId).catch((e: unknown) => {
          console.error("No se pudo cargar el resumen de pagos", e);
          return null;
        }),
      ]);
      return { pagos, resumen };
    },
    { failMessage: "No se pudieron cargar los pagos", enabled: quote !== null },
  );

  const onFinish = async (values: Values) => {
    if (saving) return;
    setSaving(true);
    show(null);
    try {
      const monto = parseNumberInput(values.monto ?? "");
      const body = {
        cliente_id: client?.id ?? null,
        presupuesto_id: quote?.id ?? null,
        fecha_pago: values.fecha_pago,
        monto,
        estado: values.estado,
        observacion: values.observacion,
      };
      // The work's payments and summary, and Resumen de Obras' balances, are read again.
      await write(() => createPago(body), { invalidates: [operationsKeys.clientPayments(), [operationsKeys.worksSummary]] });
      show({ type: "success", message: MSG_PAGO_REGISTRADO });
      form.setFieldsValue({ monto: undefined, observacion: undefined, estado: undefined });
    } catch (error) {
      console.error(MSG_ERROR_GUARDAR, error);
      show({ type: "error", message: MSG_ERROR_GUARDAR, description: showFieldErrors(form, error, FIELDS, FIELDS) });
    } finally {
      setSaving(false);
    }
  };

  const current = quote ? data.current : null;
  const r = current?.resumen;

  return (
    <Page title="Pagos de Clientes" banner={banner} onCloseBanner={clear}>
      <Card size="small" title="Registrar pago">
        <Form form={form} name="pago-cliente" layout="vertical" onFinish={onFinish} disabled={saving} initialValues={{ fecha_pago: todayInSantiago() }}>
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
            <Form.Item className="span-3" name="fecha_pago" label="Fecha">
              <DateField />
            </Form.Item>
            <Form.Item className="span-3" name="monto" label="Monto (con IVA)">
              <Input inputMode="decimal" />
            </Form.Item>
            <Form.Item className="span-6" name="estado" label="Estado">
              <AutoComplete options={ESTADO_OPTIONS} placeholder="Anticipo, Abono, Pago final…" />
            </Form.Item>
            <Form.Item className="span-12" name="observacion" label="Observación">
              <Input />
            </Form.Item>
          </div>
          <div className="vt-actions vt-actions--end vt-actions--stack">
            <Button type="primary" htmlType="submit" loading={saving}>
              {saving ? "Guardando..." : "Registrar pago"}
            </Button>
          </div>
        </Form>
      </Card>
      {quote && (
        <Card size="small" title={`Resumen del presupuesto #${quote.numero}`} extra={r && <Tag color={estadoColor[r.estado]}>{r.estado}</Tag>}>
          {r ? (
            <Facts>
              <Fact label="Neto presupuestado">{formatCLP(r.total_neto_presupuestado)}</Fact>
              <Fact label="Total con IVA">{formatCLP(r.total)}</Fact>
              <Fact label="Pagado">{formatCLP(r.pagado)}</Fact>
              <Fact label="Saldo">{formatCLP(r.saldo)}</Fact>
              <Fact label="Estado">{r.estado}</Fact>
            </Facts>
          ) : (
            <p className="vt-muted">{current ? "No se pudo cargar el resumen." : "Cargando..."}</p>
          )}
          <Table<Row>
            rowKey="id"
            size="small"
            style={{ marginTop: 12 }}
            loading={!current}
            columns={columns}
            dataSource={(current?.pagos ?? []) as Row[]}
            pagination={false}
            scroll={{ x: 520 }}
            locale={{ emptyText: "Este presupuesto no tiene pagos registrados." }}
          />
        </Card>
      )}
    </Page>
  );
}
