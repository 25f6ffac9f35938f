// The editable table of "Editar Ítems del Presupuesto": one row a quote item as typed
// (text, numbers, selects and flags), its UTV and amount computed from the draft by the
// domain's rules (draftUtv), the per-cell errors of the last save and a delete per row.
import { Button, Checkbox, Input, Select, Table, Tooltip } from "antd";
import type { ColumnsType } from "antd/es/table";
import { DeleteOutlined } from "@ant-design/icons";
import { itemInputs, TIPO_APERTURA_OPTIONS, TIPO_VENTANA_OPTIONS } from "../../../domain/sales";
import { formatCLP, formatNumber, parseNumberInput } from "../../../domain/format";
import { draftUtv, type ItemDraft } from "../presupuestos/item-draft";
import type { Row } from "./useItemRows";

interface Props {
  rows: Row[];
  loading: boolean;
  saving: boolean;
  hasQuote: boolean;
  change: (key: string, patch: Partial<ItemDraft>) => void;
  removeRow: (row: Row) => void;
}

export function ItemsGrid({ rows, loading, saving, hasQuote, change, removeRow }: Props) {
  const cellError = (row: Row, field: keyof ItemDraft) => row.errors?.[field]?.join(" ");

  const textCell = (field: keyof ItemDraft, label: string, opts: { numeric?: boolean; width?: number } = {}) =>
    function TextCell(_: unknown, row: Row, index: number) {
      const error = cellError(row, field);
      const value = String(row.draft[field] ?? "");
      return (
        <Tooltip title={error} open={error ? undefined : false}>
          <Input
            size="small"
            aria-label={`${label} fila ${index + 1}`}
            value={value}
            status={error ? "error" : undefined}
            disabled={saving}
            inputMode={opts.numeric ? "decimal" : undefined}
            style={{ width: opts.width ?? "100%" }}
            onChange={(e) => change(row.key, { [field]: e.target.value })}
            onBlur={() => {
              if (opts.numeric && value.trim() !== "" && parseNumberInput(value) === null) change(row.key, { [field]: "" });
            }}
          />
        </Tooltip>
      );
    };

  const flagCell = (field: "grada_buque" | "observaciones", label: string) =>
    function FlagCell(_: unknown, row: Row, index: number) {
      return (
        <Checkbox
          aria-label={`${label} fila ${index + 1}`}
          checked={row.draft[field]}
          disabled={saving}
          onChange={(e) => change(row.key, { [field]: e.target.checked })}
        />
      );
    };

  const selectCell = (field: "tipo_ventana" | "tipo_apertura", label: string, options: { value: string; label: string }[]) =>
    function SelectCell(_: unknown, row: Row, index: number) {
      return (
        <Select
          size="small"
          aria-label={`${label} fila ${index + 1}`}
          value={row.draft[field]}
          options={options}
          disabled={saving}
          style={{ width: "100%" }}
          popupMatchSelectWidth={false}
          onChange={(v: string) => change(row.key, { [field]: v })}
        />
      );
    };

  const columns: ColumnsType<Row> = [
    { title: "#", key: "n", width: 28, render: (_, __, i) => <span className="vt-muted">{i + 1}</span> },
    { title: "Ítem", key: "item", width: 56, render: textCell("item", "Ítem") },
    { title: "Recinto", key: "recinto", width: 96, render: textCell("recinto", "Recinto") },
    { title: "Ancho (mm)", key: "ancho", width: 76, render: textCell("ancho", "Ancho", { numeric: true }) },
    { title: "Alto (mm)", key: "alto", width: 76, render: textCell("alto", "Alto", { numeric: true }) },
    { title: "Tipo ventana", key: "tipo_ventana", width: 140, render: selectCell("tipo_ventana", "Tipo ventana", TIPO_VENTANA_OPTIONS) },
    { title: "Apertura", key: "tipo_apertura", width: 100, render: selectCell("tipo_apertura", "Apertura", TIPO_APERTURA_OPTIONS) },
    { title: "Cantidad", key: "cantidad", width: 70, render: textCell("cantidad", "Cantidad", { numeric: true }) },
    { title: "Precio", key: "precio_unitario", width: 100, render: textCell("precio_unitario", "Precio", { numeric: true }) },
    {
      title: "UTV",
      key: "utv",
      width: 100,
      align: "right",
      render: (_, row) => {
        const u = draftUtv(row.draft);
        return (
          <div className="vt-num">
            {formatNumber(u.utv)}
            <div className="vt-muted">{formatCLP(u.utv_monto)}</div>
          </div>
        );
      },
    },
    {
      title: "Grada buque",
      key: "grada_buque",
      width: 70,
      align: "center",
      render: flagCell("grada_buque", "Grada buque"),
    },
    {
      title: "Obs.",
      key: "observaciones",
      width: 56,
      align: "center",
      render: flagCell("observaciones", "Observaciones"),
    },
    {
      title: "Obs. texto",
      key: "texto_observaciones",
      width: 180,
      render: (_, row, i) => (
        <Input
          size="small"
          aria-label={`Texto observaciones fila ${i + 1}`}
          value={row.draft.texto_observaciones}
          disabled={saving || !itemInputs(row.draft).textoObservaciones}
          placeholder={itemInputs(row.draft).textoObservaciones ? "Detalle" : ""}
          onChange={(e) => change(row.key, { texto_observaciones: e.target.value })}
        />
      ),
    },
    {
      title: "Adicional",
      key: "adicional",
      width: 76,
      align: "center",
      render: (_, row, i) => (
        <Checkbox
          aria-label={`Adicional fila ${i + 1}`}
          checked={itemInputs(row.draft).cuadrosAdicionales}
          disabled={saving || !itemInputs(row.draft).adicional}
          onChange={(e) => change(row.key, { adicional: e.target.checked })}
        />
      ),
    },
    {
      title: "Cuadros adic.",
      key: "cuadros_adicionales",
      width: 84,
      render: (_, row, i) =>
        itemInputs(row.draft).cuadrosAdicionales ? (
          textCell("cuadros_adicionales", "Cuadros adicionales", { numeric: true })(_, row, i)
        ) : (
          <span className="vt-muted">—</span>
        ),
    },
    {
      title: "",
      key: "delete",
      fixed: "right",
      className: "vt-actions-cell",
      width: 52,
      render: (_, row, i) => (
        <Tooltip title="Eliminar fila">
          <Button size="small" danger icon={<DeleteOutlined />} disabled={saving} aria-label={`Eliminar fila ${i + 1}`} onClick={() => removeRow(row)} />
        </Tooltip>
      ),
    },
  ];

  return (
    <Table<Row>
      className="vt-edit-table"
      rowKey="key"
      size="small"
      columns={columns}
      dataSource={rows}
      loading={loading}
      pagination={false}
      tableLayout="fixed"
      scroll={{ x: "max-content" }}
      rowClassName={(r) => (r.errors ? "vt-row-error" : "")}
      locale={{ emptyText: hasQuote ? "Este presupuesto no tiene ítems." : "Seleccione un cliente y un presupuesto." }}
    />
  );
}
