// A client picker for forms and selector rows: a Select that searches the server as the
// user types (name or RUT; useClientSearch), showing "name - RUT" (spec 2.4). Works as an
// antd form control on the client id; `current` labels a value that the latest answer
// does not hold (the quote's client on its edit page).
import { useMemo, useState } from "react";
import { Select } from "antd";
import type { Cliente } from "../api";
import { useClientSearch } from "./useClientSearch";

export function clienteLabel(c: Pick<Cliente, "nombre" | "rut">): string {
  return c.rut ? `${c.nombre} - ${c.rut}` : c.nombre;
}

/** What a picker needs to know of a client. */
export type ClienteRef = Pick<Cliente, "id" | "nombre" | "rut">;

interface Props {
  id?: string;
  value?: number | null;
  onChange?: (id: number | undefined, client: ClienteRef | null) => void;
  current?: ClienteRef | null;
  disabled?: boolean;
  placeholder?: string;
}

export function ClientSelect({ id, value, onChange, current, disabled, placeholder = "Seleccione un cliente" }: Props) {
  const { clients, loading, search } = useClientSearch();
  const [chosen, setChosen] = useState<ClienteRef | null>(null);

  const options = useMemo(() => {
    const list: ClienteRef[] = [...clients];
    for (const known of [chosen, current]) {
      if (known && known.id === value && !list.some((c) => c.id === known.id)) list.unshift(known);
    }
    return list.map((c) => ({ value: c.id, label: clienteLabel(c) }));
  }, [clients, chosen, current, value]);

  return (
    <Select<number>
      id={id}
      showSearch
      allowClear
      filterOption={false}
      onSearch={search}
      placeholder={placeholder}
      loading={loading}
      disabled={disabled}
      value={value ?? undefined}
      options={options}
      notFoundContent={loading ? "Buscando…" : "No hay clientes"}
      onChange={(picked) => {
        const client = [...clients, chosen, current].find((c) => c && c.id === picked) ?? null;
        setChosen(client);
        onChange?.(picked, client);
        if (picked === undefined) search("");
      }}
    />
  );
}
