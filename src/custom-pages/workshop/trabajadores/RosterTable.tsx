// The month's roster as an editable table: name, days, extra and delay hours in steps of
// 0.25 and observation as typed; worked and accumulated hours and attendance % computed
// from what is typed (the domain's payroll rules); save, delete and statement per row.
import { Button, Input, InputNumber, Popconfirm, Table } from "antd";
import type { ColumnsType } from "antd/es/table";
import type { Trabajador } from "../api";
import { formatNumber } from "../../../domain/format";
import { formatPercent } from "../../../domain/workshop/format";
import { attendancePercent, computedHours } from "../../../domain/workshop/payroll";
import { periodoLabel } from "../../../domain/workshop/periods";
import type { Draft } from "./roster";

interface Props {
  periodo: string;
  rows: Trabajador[] | null;
  draft: (r: Trabajador) => Draft;
  isDirty: (r: Trabajador) => boolean;
  setDraft: (r: Trabajador, patch: Partial<Draft>) => void;
  busy: ReadonlySet<string>;
  onSave: (r: Trabajador) => void;
  onRemove: (r: Trabajador) => Promise<void>;
  onStatement: (r: Trabajador) => void;
}

export function RosterTable({ periodo, rows, draft, isDirty, setDraft, busy, onSave, onRemove, onStatement }: Props) {
  const quarter = (r: Trabajador, field: "horas_extras" | "horas_retraso", label: string) => (
    <InputNumber
      aria-label={`${label} ${r.nombre}`}
      size="small"
      min={0}
      step={0.25}
      decimalSeparator=","
      style={{ width: "100%" }}
      value={draft(r)[field]}
      onChange={(v) => setDraft(r, { [field]: typeof v === "number" ? v : null })}
    />
  );

  const columns: ColumnsType<Trabajador> = [
    {
      title: "Nombre",
      key: "nombre",
      width: 140,
      render: (_, r) => <Input aria-label={`Nombre ${r.nombre}`} size="small" value={draft(r).nombre} onChange={(e) => setDraft(r, { nombre: e.target.value })} />,
    },
    {
      title: "Días trab.",
      key: "dias",
      width: 64,
      render: (_, r) => (
        <InputNumber
          aria-label={`Días trabajados ${r.nombre}`}
          size="small"
          min={0}
          max={31}
          precision={0}
          style={{ width: "100%" }}
          value={draft(r).dias_trab}
          onChange={(v) => setDraft(r, { dias_trab: typeof v === "number" ? v : null })}
        />
      ),
    },
    { title: "H. trab.", key: "ht", width: 56, align: "right", render: (_, r) => <span className="vt-num">{formatNumber(computedHours(draft(r)).horas_trab, 2)}</span> },
    { title: "Horas extras", key: "he", width: 80, render: (_, r) => quarter(r, "horas_extras", "Horas extras") },
    { title: "Horas retraso", key: "hr", width: 80, render: (_, r) => quarter(r, "horas_retraso", "Horas retraso") },
    {
      title: "Observación",
      key: "obs",
      width: 110,
      render: (_, r) => <Input aria-label={`Observación ${r.nombre}`} size="small" maxLength={500} value={draft(r).observacion} onChange={(e) => setDraft(r, { observacion: e.target.value })} />,
    },
    { title: "H. acum.", key: "ha", width: 60, align: "right", render: (_, r) => <span className="vt-num">{formatNumber(computedHours(draft(r)).horas_acum_trab, 2)}</span> },
    { title: "% asist.", key: "pa", width: 72, align: "right", render: (_, r) => <span className="vt-num">{formatPercent(attendancePercent(draft(r), r.periodo))}</span> },
    {
      title: "Acciones",
      key: "acciones",
      fixed: "right",
      className: "vt-actions-cell",
      width: 250,
      render: (_, r) => {
        const dirty = isDirty(r);
        return (
          <div className="vt-row-actions">
            <Button size="small" type={dirty ? "primary" : "default"} disabled={!dirty} loading={busy.has(`save-${r.id}`)} onClick={() => onSave(r)} aria-label={`Guardar ${r.nombre}`}>
              Guardar
            </Button>
            <Popconfirm title={`¿Eliminar a ${r.nombre} de la planilla?`} okText="Eliminar" cancelText="Cancelar" okButtonProps={{ danger: true }} onConfirm={() => onRemove(r)}>
              <Button size="small" danger loading={busy.has(`del-${r.id}`)} aria-label={`Eliminar ${r.nombre}`}>
                Eliminar
              </Button>
            </Popconfirm>
            <Button size="small" loading={busy.has(`pdf-${r.id}`)} onClick={() => onStatement(r)} aria-label={`Liquidación ${r.nombre}`}>
              Liquidación
            </Button>
          </div>
        );
      },
    },
  ];

  return (
    <Table<Trabajador>
      rowKey="id"
      size="small"
      loading={!rows}
      columns={columns}
      dataSource={rows ?? []}
      pagination={false}
      scroll={{ x: 910 }}
      locale={{ emptyText: `No hay trabajadores en ${periodoLabel(periodo)}. Agregue uno o use «Repetir mes anterior».` }}
    />
  );
}
