// Client and quote selectors of the quote-item screens (spec 2.4): the client shown as
// "name - tax id" (searched on the server as the user types), then that client's quotes
// as "#number - work name". Choosing a client loads its quotes (a failure leaves the list
// empty, spec 8); an answer for a client no longer chosen is ignored.
import { useEffect, useId, useMemo, useRef, useState } from "react";
import { useSearchParams } from "react-router";
import { Form, Select } from "antd";
import { getPresupuesto, listPresupuestosDeCliente, type Presupuesto } from "../api";
import { ClientSelect, type ClienteRef } from "../clientes/ClientSelect";

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

export function QuoteSelectors({ client, quote, onChange, disabled, quoteError }: Props) {
  const clientBoxId = useId();
  const quoteBoxId = useId();
  const [quotes, setQuotes] = useState<Presupuesto[]>([]);
  const [loadingQuotes, setLoadingQuotes] = useState(false);

  const selectedClientId = client?.id;
  useEffect(() => {
    if (selectedClientId === undefined) {
      setQuotes([]);
      return;
    }
    let current = true;
    setLoadingQuotes(true);
    void listPresupuestosDeCliente(selectedClientId).then((list) => {
      if (!current) return;
      setQuotes(list);
      setLoadingQuotes(false);
    });
    return () => {
      current = false;
    };
  }, [selectedClientId]);

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
  useEffect(() => {
    if (!raw || !/^\d+$/.test(raw)) return;
    let current = true;
    getPresupuesto(Number(raw))
      .then((p) => {
        if (current) applyRef.current({ id: p.cliente_id, nombre: p.cliente_nombre, rut: p.cliente_rut }, p);
      })
      .catch((error: unknown) => console.error("No se pudo cargar el presupuesto indicado", error));
    return () => {
      current = false;
    };
  }, [raw]);
}
