// The audit rows as a table: when, who, what (table and record), the action and each
// field from what to what. The «Historial de cambios» screen shows every column; a
// record's «Historial» tab leaves out the table and record.
import { Table, Tag, type TablePaginationConfig } from "antd";
import { useProgressiveRows } from "../../../components/progressive-rows";
import type { Auditoria } from "../api/search";
import { CHANGE_KIND_LABELS, changeValueText, describeChanges, entityLabel, type ChangeKind } from "../../../domain/auditoria";
import { formatDateTime } from "../../../domain/format";
import "./auditoria.css";

const KIND_COLORS: Record<ChangeKind, string> = { creacion: "green", modificacion: "blue", eliminacion: "red", otro: "default" };

function Changes({ row }: { row: Auditoria }) {
  const { tipo, campos } = describeChanges(row.cambios, row.ruta);
  if (campos.length === 0) return <span className="vt-audit-muted">Sin cambios de campos</span>;
  if (tipo !== "modificacion") {
    // A created or deleted row: its values on one wrapped line (a list would be a screen tall).
    return (
      <p className="vt-audit-values">
        {campos.map((c, i) => (
          <span key={c.campo}>
            {i > 0 && " · "}
            <span className="vt-audit-field">{c.campo}</span>: {changeValueText("antes" in c ? c.antes : c.despues)}
          </span>
        ))}
      </p>
    );
  }
  return (
    <ul className="vt-audit-changes">
      {campos.map((c) => (
        <li key={c.campo}>
          <span className="vt-audit-field">{c.campo}</span>
          {": "}
          {"antes" in c && <span className="vt-audit-before">{changeValueText(c.antes)}</span>}
          {"antes" in c && "despues" in c && " → "}
          {"despues" in c && <span className="vt-audit-after">{changeValueText(c.despues)}</span>}
        </li>
      ))}
    </ul>
  );
}

interface Props {
  rows: Auditoria[];
  loading: boolean;
  pagination: TablePaginationConfig;
  /** Show the table and record columns (the whole history), or not (one record's tab). */
  withEntity: boolean;
  label: string;
  emptyText: string;
}

export function ChangeTable({ rows, loading, pagination, withEntity, label, emptyText }: Props) {
  const shown = useProgressiveRows(rows, (r) => r.id);
  return (
    <Table<Auditoria>
      rowKey="id"
      size="small"
      aria-label={label}
      dataSource={shown}
      loading={loading}
      pagination={pagination}
      scroll={{ x: "max-content" }}
      locale={{ emptyText }}
    >
      <Table.Column<Auditoria> title="Fecha" dataIndex="fecha" className="vt-nowrap" render={(v: string) => formatDateTime(v)} />
      <Table.Column<Auditoria>
        title="Usuario"
        dataIndex="usuario_nombre"
        render={(v: string | null, r) =>
          v === null ? (
            <span className="vt-audit-muted">Sistema</span>
          ) : (
            <>
              {v}
              {r.usuario_rol && <div className="vt-audit-muted">{r.usuario_rol}</div>}
            </>
          )
        }
      />
      {withEntity && <Table.Column<Auditoria> title="Entidad" dataIndex="entidad" render={(v: string) => entityLabel(v)} />}
      {withEntity && <Table.Column<Auditoria> title="Registro" dataIndex="entidad_id" render={(v: string | null) => v ?? "—"} />}
      <Table.Column<Auditoria>
        title="Acción"
        key="accion"
        render={(_, r) => {
          const { tipo } = describeChanges(r.cambios, r.ruta);
          return <Tag color={KIND_COLORS[tipo]}>{CHANGE_KIND_LABELS[tipo]}</Tag>;
        }}
      />
      <Table.Column<Auditoria> title="Cambios" key="cambios" render={(_, r) => <Changes row={r} />} />
    </Table>
  );
}
