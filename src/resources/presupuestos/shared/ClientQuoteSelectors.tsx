// Client and quote selectors of the quote-item screens (spec 2.4): the client shown as
// "name - tax id", then that client's quotes as "#number - work name". Choosing a
// client loads its quotes (a failure leaves the list empty, spec 8).
import { useEffect, useId, useMemo, useRef, useState } from "react";
import { useSearchParams } from "react-router";
import { api } from "../../../providers/api";
import { Form, Select } from "antd";
import { listClientes, listPresupuestosDeCliente, type Cliente, type Presupuesto } from "./api";

export function clienteLabel(c: Pick<Cliente, "nombre" | "rut">): string {
  return c.rut ? `${c.nombre} - ${c.rut}` : c.nombre;
}

export function presupuestoLabel(p: Pick<Presupuesto, "numero" | "nombre_obra">): string {
  return p.nombre_obra ? `#${p.numero} - ${p.nombre_obra}` : `#${p.numero}`;
}

interface Props {
  client: Cliente | null;
  quote: Presupuesto | null;
  onChange: (client: Cliente | null, quote: Presupuesto | null) => void;
  disabled?: boolean;
  /** Marks the quote box red (e.g. "Debe seleccionar un presupuesto"). */
  quoteError?: boolean;
}

export function ClientQuoteSelectors({ client, quote, onChange, disabled, quoteError }: Props) {
  const clientId = useId();
  const quoteId = useId();
  const [clients, setClients] = useState<Cliente[]>([]);
  const [loadingClients, setLoadingClients] = useState(true);
  const [quotes, setQuotes] = useState<Presupuesto[]>([]);
  const [loadingQuotes, setLoadingQuotes] = useState(false);

  useEffect(() => {
    let alive = true;
    void listClientes().then((list) => {
      if (!alive) return;
      setClients(list);
      setLoadingClients(false);
    });
    return () => {
      alive = false;
    };
  }, []);

  const selectedClientId = client?.id;
  useEffect(() => {
    if (selectedClientId === undefined) {
      setQuotes([]);
      return;
    }
    let alive = true;
    setLoadingQuotes(true);
    void listPresupuestosDeCliente(selectedClientId).then((list) => {
      if (!alive) return;
      setQuotes(list);
      setLoadingQuotes(false);
    });
    return () => {
      alive = false;
    };
  }, [selectedClientId]);

  const clientOptions = useMemo(() => clients.map((c) => ({ value: c.id, label: clienteLabel(c) })), [clients]);
  const quoteOptions = useMemo(() => quotes.map((p) => ({ value: p.id, label: presupuestoLabel(p) })), [quotes]);

  return (
    <div className="vt-grid vt-selectors">
      <Form.Item className="span-6" label="Cliente" htmlFor={clientId}>
        <Select<number>
          id={clientId}
          showSearch
          allowClear
          placeholder="Seleccione un cliente"
          optionFilterProp="label"
          loading={loadingClients}
          disabled={disabled}
          value={client?.id}
          options={clientOptions}
          notFoundContent="No hay clientes"
          onChange={(id) => onChange(clients.find((c) => c.id === id) ?? null, null)}
        />
      </Form.Item>
      <Form.Item
        className="span-6"
        label="Presupuesto"
        htmlFor={quoteId}
        validateStatus={quoteError ? "error" : undefined}
      >
        <Select<number>
          id={quoteId}
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
export function usePreselectedQuote(apply: (client: Cliente, quote: Presupuesto) => void): void {
  const [params] = useSearchParams();
  const raw = params.get("presupuesto");
  const applyRef = useRef(apply);
  applyRef.current = apply;
  useEffect(() => {
    if (!raw || !/^\d+$/.test(raw)) return;
    let alive = true;
    api
      .get<Presupuesto & { cliente_rut?: string | null }>(`/presupuestos/id/${raw}`)
      .then(({ data }) => {
        if (!alive) return;
        const client: Cliente = {
          id: data.cliente_id,
          nombre: data.cliente_nombre ?? "",
          rut: data.cliente_rut ?? null,
          correo: null,
          telefono: null,
          direccion: null,
        };
        applyRef.current(client, data);
      })
      .catch((error: unknown) => console.error("No se pudo cargar el presupuesto indicado", error));
    return () => {
      alive = false;
    };
  }, [raw]);
}
