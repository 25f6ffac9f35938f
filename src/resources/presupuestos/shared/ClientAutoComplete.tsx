// The "Nuevo Presupuesto" client text box (spec 2.4 and 5): suggestions by client name;
// an exact, case-insensitive name match selects the client; on leaving the field with
// no client selected, the first client whose name contains the text is chosen and
// filled in. The matching rules live in src/domain/sales (client-match).
import { useMemo } from "react";
import { AutoComplete, Input } from "antd";
import { findExactClient, findFirstContaining, suggestClients } from "../../../domain/sales";
import type { Cliente } from "./api";

interface Props {
  id?: string;
  clients: readonly Cliente[];
  text: string;
  selected: Cliente | null;
  onChange: (text: string, selected: Cliente | null) => void;
  disabled?: boolean;
  status?: "error";
  placeholder?: string;
}

export function ClientAutoComplete({ id, clients, text, selected, onChange, disabled, status, placeholder }: Props) {
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
      onChange={(value: string) => onChange(value, findExactClient(clients, value))}
      onSelect={(_value: string, option: { client: Cliente }) => onChange(option.client.nombre, option.client)}
      onBlur={() => {
        if (selected) return;
        const match = findFirstContaining(clients, text);
        if (match) onChange(match.nombre, match);
      }}
    >
      <Input placeholder={placeholder ?? "Escriba el nombre del cliente"} autoComplete="off" allowClear />
    </AutoComplete>
  );
}
