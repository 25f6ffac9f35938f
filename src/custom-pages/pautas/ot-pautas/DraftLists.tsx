// The editable lists per category (specification 2.7): each line shows the metres (or
// quantity) read from the CSV and the quantity the server will store; that quantity can be
// changed (it is then stored as typed, issue 23.10) and the line removed.
import { useState } from "react";
import { Button, Input, Table, Tooltip } from "antd";
import type { ColumnsType } from "antd/es/table";
import { PAUTA_CATEGORIES, PAUTA_CATEGORY_LABELS, isBarCategory, type PautaCategory } from "../../../domain/pautas/categories";
import type { PautaDraftLine, PautaDraftLists } from "../../../domain/pautas/draft";
import { formatNumber, parseNumberInput } from "../../../domain/format";

/** A quantity box: es-CL text while typing, committed when valid on blur or Enter. */
function QuantityInput({ line, label, disabled, onCommit }: { line: PautaDraftLine; label: string; disabled?: boolean; onCommit: (n: number) => void }) {
  const shown = formatNumber(line.cantidad, 4);
  const [text, setText] = useState<string | null>(null);
  const value = text ?? shown;
  const parsed = parseNumberInput(value);
  const invalid = text !== null && !(parsed !== null && parsed > 0);
  const commit = () => {
    if (text === null) return;
    if (parsed !== null && parsed > 0) onCommit(parsed);
    setText(null);
  };
  return (
    <Tooltip title={invalid ? "Ingrese una cantidad mayor que 0" : undefined} open={invalid ? undefined : false}>
      <Input
        size="small"
        aria-label={label}
        value={value}
        inputMode="decimal"
        status={invalid ? "error" : undefined}
        disabled={disabled}
        style={{ width: 110, textAlign: "right" }}
        onChange={(e) => setText(e.target.value)}
        onBlur={commit}
        onPressEnter={commit}
      />
    </Tooltip>
  );
}

interface Props {
  lists: PautaDraftLists;
  disabled?: boolean;
  onChangeCantidad: (category: PautaCategory, codigo: string, cantidad: number) => void;
  onRemove: (category: PautaCategory, codigo: string) => void;
}

export function DraftLists({ lists, disabled, onChangeCantidad, onRemove }: Props) {
  const categories = PAUTA_CATEGORIES.filter((c) => lists[c].length > 0);
  if (categories.length === 0) return <p className="vt-muted vt-empty">Aún no hay ítems en las listas. Use «Añadir» o cargue un CSV.</p>;

  const columns = (category: PautaCategory): ColumnsType<PautaDraftLine> => {
    const bars = isBarCategory(category);
    const label = PAUTA_CATEGORY_LABELS[category];
    return [
      { title: "Código", dataIndex: "codigo", key: "codigo", width: 90 },
      { title: "Producto", dataIndex: "producto", key: "producto", width: 200 },
      {
        title: bars ? "Metros (CSV)" : "Cant. CSV",
        dataIndex: "de_lista",
        key: "de_lista",
        width: 110,
        align: "right",
        render: (v: number) => (v > 0 ? <span className="vt-num">{formatNumber(v, 4)}</span> : <span className="vt-muted">—</span>),
      },
      {
        title: bars ? "Barras" : "Cantidad",
        key: "cantidad",
        width: 130,
        render: (_, line) => (
          <QuantityInput
            key={`${line.codigo}-${line.cantidad}`}
            line={line}
            label={`${bars ? "Barras" : "Cantidad"} ${label} ${line.codigo}`}
            disabled={disabled}
            onCommit={(n) => onChangeCantidad(category, line.codigo, n)}
          />
        ),
      },
      {
        title: "",
        key: "quitar",
        fixed: "right",
        className: "vt-actions-cell",
        width: 90,
        render: (_, line) => (
          <Button size="small" danger disabled={disabled} aria-label={`Quitar ${label} ${line.codigo}`} onClick={() => onRemove(category, line.codigo)}>
            Quitar
          </Button>
        ),
      },
    ];
  };

  return (
    <div className="vt-pauta-lists">
      {categories.map((c) => (
        <section key={c} aria-label={`Lista ${PAUTA_CATEGORY_LABELS[c]}`}>
          <h3 className="vt-pauta-heading">
            {PAUTA_CATEGORY_LABELS[c]} <span className="vt-muted">({lists[c].length})</span>
          </h3>
          <Table<PautaDraftLine>
            rowKey="codigo"
            size="small"
            columns={columns(c)}
            dataSource={lists[c]}
            tableLayout="fixed"
            scroll={{ x: "max-content" }}
            pagination={lists[c].length > 20 ? { pageSize: 20, size: "small", showSizeChanger: false } : false}
          />
        </section>
      ))}
    </div>
  );
}
