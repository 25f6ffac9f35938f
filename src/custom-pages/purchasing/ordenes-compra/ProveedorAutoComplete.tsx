// The supplier box of "Crear Orden de Compra": suggestions from the server as the user
// types (name or RUT), an exact name (any case) selects the supplier, and its RUT is shown.
import { useEffect, useMemo } from "react";
import { AutoComplete } from "antd";
import { suggestProveedores, type ProveedorSugerido } from "../api";
import { findSupplierByName } from "../../../domain/purchasing";
import { useSuggestions } from "../../../data/query";

interface Props {
  id?: string;
  text: string;
  selected: ProveedorSugerido | null;
  onChange: (text: string, selected: ProveedorSugerido | null) => void;
  disabled?: boolean;
}

export function ProveedorAutoComplete({ id, text, selected, onChange, disabled }: Props) {
  const { items: options, search } = useSuggestions("proveedores", suggestProveedores, "No se pudo buscar proveedores");
  // An exact name among the answer selects that supplier (its RUT shows).
  useEffect(() => {
    const exact = findSupplierByName(options, text);
    if (exact && exact.id !== selected?.id) onChange(text, exact);
    // Only when an answer arrives: typing is handled by onChange below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [options]);

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
