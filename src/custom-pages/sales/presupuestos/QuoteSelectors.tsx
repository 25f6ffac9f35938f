// Client and quote selectors of the quote-item screens (spec 2.4): the client shown as
// "name - tax id" (searched on the server as the user types), then that client's quotes
// as "#number - work name". Choosing a client loads its quotes (a failure leaves the list
// empty, spec 8); an answer for a client no longer chosen is ignored.
import { useEffect, useId, useMemo, useRef } from "react";
import { useSearchParams } from "react-router";
import { Form, Select } from "antd";
import { getPresupuesto, listPresupuestosDeCliente, type Presupuesto } from "../api";
import { ClientSelect, type ClienteRef } from "../clientes/ClientSelect";
import { useApiQuery } from "../../../data/query";
import { salesKeys } from "../keys";

export function presupuestoLabel(p: Pick<Presupuesto, "numero" | "nombre_obra">): string {
  return p.nombre_obra ? `#${p.numero} - ${p.nombre_obra}` : `#${p.numero}`;
}

interface Props {
  client: ClienteRef | null;
  quote: Presupuesto | null;
  onChange: (client: ClienteRef | null, quote: Presupuesto | null) => void;
  disabled?: boolean;
  /** Marks the quote box red (e.g. "Debe seleccionar un presupuesto"). */
  quoteError?: boolean;
}

const NO_QUOTES: Presupuesto[] = [];

export function QuoteSelectors({ client, quote, onChange, disabled, quoteError }: Props) {
  const clientBoxId = useId();
  const quoteBoxId = useId();
  const selectedClientId = client?.id;
  const quotesRead = useApiQuery(salesKeys.quotesOfClient(selectedClientId ?? null), () => listPresupuestosDeCliente(selectedClientId!), {
    failMessage: "No se pudieron cargar los presupuestos del cliente",
    enabled: selectedClientId !== undefined,
  });
  const quotes = (selectedClientId === undefined ? null : quotesRead.current) ?? NO_QUOTES;
  const loadingQuotes = quotesRead.loading;

  const quoteOptions = useMemo(() => quotes.map((p) => ({ value: p.id, label: presupuestoLabel(p) })), [quotes]);

  return (
    <div className="vt-grid vt-selectors">
      <Form.Item className="span-6" label="Cliente" htmlFor={clientBoxId}>
        <ClientSelect id={clientBoxId} value={client?.id} current={client} disabled={disabled} onChange={(_id, c) => onChange(c, null)} />
      </Form.Item>
      <Form.Item className="span-6" label="Presupuesto" htmlFor={quoteBoxId} validateStatus={quoteError ? "error" : undefined}>
        <Select<number>
          id={quoteBoxId}
          showSearch
          allowClear
          placeholder={client ? "Seleccione un presupuesto" : "Primero seleccione un cliente"}
          optionFilterProp="label"
          loading={loadingQuotes}
          disabled={disabled || !client}
          value={quote?.id}
          options={quoteOptions}
          notFoundContent={loadingQuotes ? "Cargando…" : "Este cliente no tiene presupuestos"}
          onChange={(id) => onChange(client, quotes.find((p) => p.id === id) ?? null)}
        />
      </Form.Item>
    </div>
  );
}

/**
 * `?presupuesto={id}` in the address (links from a quote's page) preselects that quote and
 * its client. A failure only leaves the selectors empty.
 */
export function usePreselectedQuote(apply: (client: ClienteRef, quote: Presupuesto) => void): void {
  const [params] = useSearchParams();
  const raw = params.get("presupuesto");
  const applyRef = useRef(apply);
  applyRef.current = apply;
  const id = raw && /^\d+$/.test(raw) ? Number(raw) : null;
  const p = useApiQuery(salesKeys.quote(id), () => getPresupuesto(id!), { failMessage: "No se pudo cargar el presupuesto indicado", enabled: id !== null }).current;
  useEffect(() => {
    if (p) applyRef.current({ id: p.cliente_id, nombre: p.cliente_nombre, rut: p.cliente_rut }, p);
  }, [p]);
}
