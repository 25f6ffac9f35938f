// The "Nuevo Presupuesto" client text box (spec 2.4 and 5): suggestions by client name;
// an exact, case-insensitive name match selects the client; on leaving the field with
// no client selected, the first client whose name contains the text is chosen and
// filled in. The matching rules live in src/domain/sales (client-match); the candidates
// come from the server as the user types (useClientSearch), the exact name first.
import { useMemo, useRef } from "react";
import { AutoComplete, Input } from "antd";
import { findExactClient, findFirstContaining, suggestClients } from "../../../domain/sales";
import type { Cliente } from "../api";
import { useClientSearch } from "./useClientSearch";

interface Props {
  id?: string;
  text: string;
  selected: Cliente | null;
  onChange: (text: string, selected: Cliente | null) => void;
  disabled?: boolean;
  status?: "error";
  placeholder?: string;
}

export function ClientAutoComplete({ id, text, selected, onChange, disabled, status, placeholder }: Props) {
  const { clients, search, lookup } = useClientSearch();
  // What the box holds now: answers that arrive for an older text are ignored.
  const current = useRef({ text, selected });
  current.current = { text, selected };

  const change = (value: string, client: Cliente | null) => {
    current.current = { text: value, selected: client };
    onChange(value, client);
  };

  const options = useMemo(
    () =>
      suggestClients(clients, text, 12).map((c) => ({
        value: String(c.id),
        client: c,
        label: (
          <div className="vt-client-option">
            <span>{c.nombre}</span>
            {c.rut && <span className="vt-muted"> · {c.rut}</span>}
          </div>
        ),
      })),
    [clients, text],
  );

  return (
    <AutoComplete
      id={id}
      value={text}
      options={options}
      disabled={disabled}
      status={status}
      style={{ width: "100%" }}
      onChange={async (value: string) => {
        change(value, findExactClient(clients, value));
        search(value);
        const exact = findExactClient(await lookup(value), value);
        if (exact && current.current.text === value && current.current.selected?.id !== exact.id) change(value, exact);
      }}
      onSelect={(_value: string, option: { client: Cliente }) => change(option.client.nombre, option.client)}
      onBlur={async () => {
        if (selected) return;
        const typed = text;
        const found = await lookup(typed);
        if (current.current.text !== typed || current.current.selected) return;
        const match = findFirstContaining(found, typed);
        if (match) change(match.nombre, match);
      }}
    >
      <Input placeholder={placeholder ?? "Escriba el nombre del cliente"} autoComplete="off" allowClear />
    </AutoComplete>
  );
}
