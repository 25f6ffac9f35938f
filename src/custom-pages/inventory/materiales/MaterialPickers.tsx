// Code and product pickers that fill each other (specification 2.7 and 5): both search
// the products as the user types (GET api/materiales/sugerencias, never the whole list);
// choosing a suggestion in either box fills both, and a code or a product name typed in
// full fills the other box when the user leaves the field. Free text stays allowed: a
// technical list may name a code the catalogue does not have yet.
import { useEffect, useMemo, useRef } from "react";
import { AutoComplete, Form } from "antd";
import { suggestMateriales, type Material } from "../api";
import { useSuggestions } from "../../../data/query";
import { inventoryKeys } from "../keys";

const keyOf = (text: string) => text.trim().toLocaleLowerCase("es-CL");

export interface MaterialValue {
  codigo: string;
  producto: string;
}

interface Props {
  value: MaterialValue;
  /** A change of one box or both (the parent merges it into its state). */
  onChange: (patch: Partial<MaterialValue>) => void;
  disabled?: boolean;
  codeId: string;
  productId: string;
  /** Grid classes of the two fields. */
  codeClass?: string;
  productClass?: string;
}

export function MaterialPickers({ value, onChange, disabled, codeId, productId, codeClass = "span-3", productClass = "span-6" }: Props) {
  const { items: materials, search, lookup } = useSuggestions<Material>(inventoryKeys.productSuggestions, suggestMateriales, "No se pudo buscar materiales");
  const valueRef = useRef(value);
  useEffect(() => {
    valueRef.current = value;
  }, [value]);

  const codeOptions = useMemo(
    () => materials.map((m) => ({ value: m.codigo, label: `${m.codigo} — ${m.producto}` })),
    [materials],
  );
  const productOptions = useMemo(
    () => materials.map((m) => ({ value: m.producto, label: `${m.producto} (${m.codigo})` })),
    [materials],
  );

  const pick = (m: Material | undefined) => {
    if (m) onChange({ codigo: m.codigo, producto: m.producto });
  };

  /** On leaving a box: a code or a name typed in full fills the other box. */
  const completeFrom = async (field: "codigo" | "producto") => {
    const typed = valueRef.current[field].trim();
    if (!typed) return;
    const found = (await lookup(typed)).find((m) => keyOf(m[field]) === keyOf(typed));
    const now = valueRef.current;
    if (found && keyOf(now[field]) === keyOf(typed) && (now.codigo !== found.codigo || now.producto !== found.producto)) pick(found);
  };

  return (
    <>
      <Form.Item className={codeClass} label="Código" htmlFor={codeId}>
        <AutoComplete
          id={codeId}
          value={value.codigo}
          options={codeOptions}
          disabled={disabled}
          placeholder="Código"
          popupMatchSelectWidth={320}
          onSearch={search}
          onFocus={() => search(value.codigo)}
          onChange={(text: string) => onChange({ codigo: text })}
          onSelect={(codigo: string) => pick(materials.find((m) => m.codigo === codigo))}
          onBlur={() => void completeFrom("codigo")}
        />
      </Form.Item>
      <Form.Item className={productClass} label="Producto" htmlFor={productId}>
        <AutoComplete
          id={productId}
          value={value.producto}
          options={productOptions}
          disabled={disabled}
          placeholder="Nombre del producto"
          onSearch={search}
          onFocus={() => search(value.producto)}
          onChange={(text: string) => onChange({ producto: text })}
          onSelect={(producto: string) => pick(materials.find((m) => m.producto === producto))}
          onBlur={() => void completeFrom("producto")}
        />
      </Form.Item>
    </>
  );
}
