// A reference field's input: a search box over GET api/<resource>/sugerencias?q= (the
// referenced resource's picker), showing each row's label field; never the whole list.
import { useEffect, useRef, useState } from "react";
import { Select } from "antd";
import { api } from "../../providers/api";
import { declaredResource } from "../../domain/resources/registry";

interface Props {
  id?: string;
  resource: string;
  label: string;
  /** The label of the current value (the row's `<field>_<label>`), shown before any search. */
  initialLabel?: string | null;
  value?: number | null;
  onChange?: (value: number | null) => void;
  placeholder?: string;
  allowClear?: boolean;
  /** Search GET api/<resource>?q= (a resource without sugerencias) instead of its sugerencias. */
  viaList?: boolean;
  /** Filters of the search (a scoped reference's `within` value, e.g. cliente_id). */
  params?: Record<string, unknown>;
}

type Option = { value: number; label: string };

export function ReferencePicker({ id, resource, label, initialLabel, value, onChange, placeholder, allowClear, viaList, params }: Props) {
  const [options, setOptions] = useState<Option[]>([]);
  const [loading, setLoading] = useState(false);
  // A picker of people answers from a few typed letters (the declaration's suggest.minLength).
  const minLength = viaList ? 0 : (declaredResource(resource)?.suggest?.minLength ?? 0);
  const [short, setShort] = useState(minLength > 0);
  const latest = useRef("");

  const search = (text: string) => {
    latest.current = text;
    const tooShort = text.trim().length < minLength;
    setShort(tooShort);
    if (tooShort) {
      setLoading(false);
      setOptions((o) => o.filter((x) => x.value === value));
      return;
    }
    setLoading(true);
    api
      .get<Record<string, unknown>[]>(viaList ? `/${resource}` : `/${resource}/sugerencias`, { params: viaList ? { ...params, ...(text.trim() ? { q: text } : {}), _start: 0, _end: 20 } : { ...params, q: text } })
      .then(({ data }) => {
        if (latest.current !== text) return;
        setOptions(data.map((row) => ({ value: Number(row.id), label: String(row[label] ?? row.id) })));
      })
      .catch((error: unknown) => console.error(`No se pudo buscar en ${resource}`, error))
      .finally(() => latest.current === text && setLoading(false));
  };

  useEffect(() => {
    if (value != null && initialLabel && !options.some((o) => o.value === value)) setOptions((o) => [{ value, label: initialLabel }, ...o]);
  }, [value, initialLabel, options]);

  return (
    <Select<number>
      id={id}
      showSearch
      allowClear={allowClear}
      filterOption={false}
      value={value ?? undefined}
      options={options}
      loading={loading}
      placeholder={placeholder ?? "Buscar…"}
      notFoundContent={loading ? "Buscando…" : short ? `Escriba al menos ${minLength} letras` : "Sin resultados"}
      onFocus={() => search("")}
      onSearch={search}
      onChange={(v) => onChange?.(v ?? null)}
      style={{ width: "100%" }}
    />
  );
}
