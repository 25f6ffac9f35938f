// A reference field's input: a search box over GET api/<resource>/sugerencias?q= (the
// referenced resource's picker), showing each row's label field; never the whole list.
import { useState } from "react";
import { Select } from "antd";
import { api } from "../../providers/api";
import { declaredResource } from "../../domain/resources/registry";
import { useApiQuery } from "../../data/query";

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
  // A picker of people answers from a few typed letters (the declaration's suggest.minLength).
  const minLength = viaList ? 0 : (declaredResource(resource)?.suggest?.minLength ?? 0);
  /** The text searched; null until the box is first opened. */
  const [text, setText] = useState<string | null>(null);
  const typed = text?.trim() ?? "";
  const short = typed.length < minLength;
  const found = useApiQuery(
    [resource, "sugerencias", viaList ? "lista" : "picker", params ?? {}, typed],
    async (signal) => {
      const { data } = await api.get<Record<string, unknown>[]>(viaList ? `/${resource}` : `/${resource}/sugerencias`, {
        params: viaList ? { ...params, ...(typed ? { q: typed } : {}), _start: 0, _end: 20 } : { ...params, q: typed },
        signal,
      });
      return data.map((row): Option => ({ value: Number(row.id), label: String(row[label] ?? row.id) }));
    },
    { failMessage: `No se pudo buscar en ${resource}`, enabled: text !== null && !short, keepPrevious: true, staleTime: 60_000 },
  );
  const loading = !short && found.loading;
  const answer = short ? [] : (found.latest ?? []);
  // The current value's label stays an option (before any search, and while the text is too short).
  const [chosen, setChosen] = useState<Option | null>(null);
  const valueLabel = chosen && chosen.value === value ? chosen.label : initialLabel;
  const options = value != null && valueLabel && !answer.some((o) => o.value === value) ? [{ value, label: valueLabel }, ...answer] : answer;

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
      onFocus={() => setText("")}
      onSearch={setText}
      onChange={(v) => {
        setChosen(options.find((o) => o.value === v) ?? null);
        onChange?.(v ?? null);
      }}
      style={{ width: "100%" }}
    />
  );
}
