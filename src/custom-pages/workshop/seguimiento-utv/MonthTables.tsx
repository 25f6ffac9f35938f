// The month's tables of "Seguimiento UTV": the UTV records (installer changed in place,
// edit, delete with confirmation), the thermal panels and the company's installations.
// Values per record are the domain's (utvUnits, utvValue, termopanelValue).
import { Button, Popconfirm, Select, Table } from "antd";
import type { ColumnsType } from "antd/es/table";
import type { Instalacion, Termopanel, Utv } from "../api";
import { INSTALADORES, type Instalador } from "../../../config/empresa";
import { formatCLP, formatNumber } from "../../../domain/format";
import { formatM2 } from "../../../domain/workshop/format";
import { formatWorkshopDate } from "../../../domain/workshop/periods";
import { termopanelValue, utvUnits, utvValue } from "../../../domain/workshop/production";

const fechaColumn = { title: "Fecha", dataIndex: "fecha", key: "fecha", width: 96, render: (v: string) => formatWorkshopDate(v) };

interface UtvTableProps {
  rows: Utv[] | null;
  busy: ReadonlySet<string>;
  onEdit: (r: Utv) => void;
  onRemove: (id: number) => Promise<void>;
  onInstalador: (r: Utv, instalador: Instalador | null) => void;
}

export function UtvTable({ rows, busy, onEdit, onRemove, onInstalador }: UtvTableProps) {
  const columns: ColumnsType<Utv> = [
    fechaColumn,
    {
      title: "Pauta",
      key: "pauta",
      render: (_, r) => (
        <>
          {r.nombre_pauta ?? "—"}
          {r.numero_pauta && <div className="vt-muted">N° {r.numero_pauta}</div>}
        </>
      ),
    },
    { title: "Tipo", dataIndex: "tipo", key: "tipo", width: 82 },
    { title: "UTV", key: "utv", width: 70, align: "right", render: (_, r) => <span className="vt-num">{formatNumber(utvUnits(r), 2)}</span> },
    { title: "Valor", key: "valor", width: 96, align: "right", render: (_, r) => <span className="vt-num">{formatCLP(utvValue(r))}</span> },
    { title: "M2 inst.", dataIndex: "m2_instalador", key: "m2", width: 76, align: "right", render: (v: number) => <span className="vt-num">{formatM2(v)}</span> },
    {
      title: "Instalador",
      key: "instalador",
      width: 170,
      render: (_, r) => (
        <Select<Instalador | null>
          aria-label={`Instalador del registro ${r.id}`}
          size="small"
          allowClear
          placeholder="Sin instalador"
          style={{ width: "100%" }}
          value={(r.instalador as Instalador | null) ?? undefined}
          disabled={busy.has(`inst-${r.id}`)}
          options={INSTALADORES.map((i) => ({ value: i, label: i }))}
          onChange={(v) => onInstalador(r, v ?? null)}
        />
      ),
    },
    {
      title: "Acciones",
      key: "acciones",
      fixed: "right",
      className: "vt-actions-cell",
      width: 156,
      render: (_, r) => (
        <div className="vt-row-actions">
          <Button size="small" onClick={() => onEdit(r)} aria-label={`Editar registro ${r.id}`}>
            Editar
          </Button>
          <Popconfirm title="¿Eliminar este registro UTV?" okText="Eliminar" cancelText="Cancelar" okButtonProps={{ danger: true }} onConfirm={() => onRemove(r.id)}>
            <Button size="small" danger loading={busy.has(`utv-${r.id}`)} aria-label={`Eliminar registro ${r.id}`}>
              Eliminar
            </Button>
          </Popconfirm>
        </div>
      ),
    },
  ];
  return <Table<Utv> rowKey="id" size="small" loading={!rows} columns={columns} dataSource={rows ?? []} pagination={false} locale={{ emptyText: "No hay registros UTV en el periodo." }} scroll={{ x: 880 }} />;
}

export function TermopanelTable({ rows, busy, onRemove }: { rows: Termopanel[] | null; busy: ReadonlySet<string>; onRemove: (id: number) => Promise<void> }) {
  const columns: ColumnsType<Termopanel> = [
    fechaColumn,
    {
      title: "Cliente",
      dataIndex: "cliente",
      key: "cliente",
      render: (v: string | null, r) => (
        <>
          {v ?? "—"}
          {r.observaciones && <div className="vt-muted">{r.observaciones}</div>}
        </>
      ),
    },
    { title: "Cant.", dataIndex: "cantidad", key: "cantidad", width: 60, align: "right" },
    { title: "Ancho × alto (mm)", key: "medidas", width: 130, align: "right", render: (_, r) => `${formatNumber(r.ancho_mm, 1)} × ${formatNumber(r.alto_mm, 1)}` },
    { title: "M2", dataIndex: "m2", key: "m2", width: 70, align: "right", render: (v: number) => <span className="vt-num">{formatM2(v)}</span> },
    { title: "Valor", key: "valor", width: 96, align: "right", render: (_, r) => <span className="vt-num">{formatCLP(termopanelValue(r))}</span> },
    {
      title: "Acciones",
      key: "acciones",
      fixed: "right",
      className: "vt-actions-cell",
      width: 96,
      render: (_, r) => (
        <Popconfirm title="¿Eliminar este termopanel?" okText="Eliminar" cancelText="Cancelar" okButtonProps={{ danger: true }} onConfirm={() => onRemove(r.id)}>
          <Button size="small" danger loading={busy.has(`termo-${r.id}`)} aria-label={`Eliminar termopanel ${r.id}`}>
            Eliminar
          </Button>
        </Popconfirm>
      ),
    },
  ];
  return <Table<Termopanel> rowKey="id" size="small" loading={!rows} columns={columns} dataSource={rows ?? []} pagination={false} locale={{ emptyText: "No hay termopaneles en el periodo." }} scroll={{ x: 700 }} />;
}

const instColumns: ColumnsType<Instalacion> = [
  fechaColumn,
  { title: "Pauta", key: "pauta", render: (_, r) => [r.nombre_pauta, r.numero_pauta && `N° ${r.numero_pauta}`].filter(Boolean).join(" · ") || "—" },
  { title: "M2 rectificación", dataIndex: "m2_rectificacion", key: "m2", width: 120, align: "right", render: (v: number) => formatM2(v) },
  { title: "Valor m2", dataIndex: "valor_m2", key: "vm2", width: 90, align: "right", render: (v: number) => formatCLP(v) },
  { title: "Valor", dataIndex: "valor_instalacion", key: "valor", width: 100, align: "right", render: (v: number) => formatCLP(v) },
];

export function InstalacionTable({ rows }: { rows: Instalacion[] | null }) {
  return <Table<Instalacion> rowKey="id" size="small" loading={!rows} columns={instColumns} dataSource={rows ?? []} pagination={false} locale={{ emptyText: "No hay instalaciones propias en el periodo." }} scroll={{ x: 560 }} />;
}
