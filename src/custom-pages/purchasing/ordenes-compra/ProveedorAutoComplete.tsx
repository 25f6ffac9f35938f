// The supplier box of "Crear Orden de Compra": suggestions from the server as the user
// types (name or RUT), an exact name (any case) selects the supplier, and its RUT is shown.
import { useMemo, useRef, useState } from "react";
import { AutoComplete } from "antd";
import { suggestProveedores, type ProveedorSugerido } from "../api";
import { findSupplierByName } from "../../../domain/purchasing";

interface Props {
  id?: string;
  text: string;
  selected: ProveedorSugerido | null;
  onChange: (text: string, selected: ProveedorSugerido | null) => void;
  disabled?: boolean;
}

export function ProveedorAutoComplete({ id, text, selected, onChange, disabled }: Props) {
  const [options, setOptions] = useState<ProveedorSugerido[]>([]);
  const latest = useRef("");

  const search = (value: string) => {
    latest.current = value;
    suggestProveedores(value.trim())
      .then((found) => {
        if (latest.current !== value) return;
        setOptions(found);
        const exact = findSupplierByName(found, value);
        if (exact && exact.id !== selected?.id) onChange(value, exact);
      })
      .catch((error: unknown) => console.error("No se pudo buscar proveedores", error));
  };

  const shown = useMemo(
    () =>
      options.map((p) => ({
        value: p.proveedor,
        label: (
          <span>
            {p.proveedor}
            {p.rut && <span className="vt-muted"> · {p.rut}</span>}
          </span>
        ),
      })),
    [options],
  );

  return (
    <AutoComplete
      id={id}
      value={text}
      options={shown}
      disabled={disabled}
      placeholder="Buscar proveedor"
      style={{ width: "100%" }}
      onFocus={() => search(text)}
      onSearch={search}
      onChange={(value: string) => onChange(value, findSupplierByName(options, value))}
      onSelect={(value: string) => onChange(value, options.find((p) => p.proveedor === value) ?? null)}
    />
  );
}
