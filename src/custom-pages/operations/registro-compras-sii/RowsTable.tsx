// The rows of a reconciliation, a server page at a time: each SII row with its result, the
// differing fields with both values, what changed since the previous import, and its
// actions (Registrar en Ventanal for a row only in the SII; Aceptar o reclamar for a
// matched factura).
import { Button, Tag } from "antd";
import type { ColumnsType } from "antd/es/table";
import type { RcvFila } from "../rcv-api";
import { formatCLP, formatDate } from "../../../domain/format";
import { RCV_RESULTADO_NOMBRES } from "../../../domain/operations/rcv";
import { ResponsiveTable } from "../../../components/ResponsiveTable";
import { actionsColumn, dateColumn, moneyColumn, textColumn } from "../../../components/columns";
import { tipoNombre } from "./GroupSummary";

const RESULT_COLOR = { coincide: "green", con_diferencias: "orange", solo_sii: "volcano", solo_ventanal: "blue" } as const;
const CAMPOS: Record<string, string> = { neto: "Neto + exento", exento: "Exento", iva: "IVA", total: "Total", fecha: "Fecha" };
const value = (campo: string, v: string | number | null) => (v === null ? "—" : campo === "fecha" ? formatDate(String(v)) : formatCLP(Number(v)));

export function Diferencias({ fila }: { fila: RcvFila }) {
  if (fila.diferencias.length === 0) return null;
  return (
    <ul className="vt-rcv-diffs">
      {fila.diferencias.map((d) => (
        <li key={d.campo}>
          {CAMPOS[d.campo] ?? d.campo}: SII {value(d.campo, d.sii)} / Ventanal {value(d.campo, d.ventanal)}
        </li>
      ))}
    </ul>
  );
}

function Resultado({ fila }: { fila: RcvFila }) {
  return (
    <>
      <Tag color={RESULT_COLOR[fila.resultado]}>{RCV_RESULTADO_NOMBRES[fila.resultado]}</Tag>
      {fila.cambio && <Tag color="purple">{fila.cambio === "nueva" ? "Nueva" : "Cambió"}</Tag>}
    </>
  );
}

interface Props {
  rows: RcvFila[];
  total: number;
  loading: boolean;
  page: number;
  pageSize: number;
  onPage: (page: number) => void;
  selected: number[];
  onSelect: (ids: number[]) => void;
  busy: ReadonlySet<number>;
  onRegistrar: (fila: RcvFila) => void;
  onDecidir: (fila: RcvFila) => void;
}

export function RowsTable({ rows, total, loading, page, pageSize, onPage, selected, onSelect, busy, onRegistrar, onDecidir }: Props) {
  const actions = (f: RcvFila) =>
    f.resultado === "solo_sii" ? (
      <Button size="small" type="primary" loading={busy.has(f.id)} aria-label={`Registrar en Ventanal folio ${f.folio}`} onClick={() => onRegistrar(f)}>
        Registrar en Ventanal
      </Button>
    ) : f.factura_id && (f.tipo_doc === 33 || f.tipo_doc === 34) ? (
      <Button size="small" aria-label={`Aceptar o reclamar folio ${f.folio}`} onClick={() => onDecidir(f)}>
        Aceptar o reclamar
      </Button>
    ) : null;
  const columns: ColumnsType<RcvFila> = [
    { title: "Resultado", key: "resultado", width: 150, render: (_, f) => <Resultado fila={f} /> },
    textColumn<RcvFila>({ title: "Tipo", key: "tipo", width: 150, render: (_, f) => tipoNombre(f.tipo_doc) }, (f) => tipoNombre(f.tipo_doc)),
    textColumn<RcvFila>({ title: "Proveedor", dataIndex: "razon_social", key: "razon_social", width: 190 }),
    textColumn<RcvFila>({ title: "RUT", dataIndex: "rut_proveedor", key: "rut", width: 112 }),
    textColumn<RcvFila>({ title: "Folio", dataIndex: "folio", key: "folio", width: 80 }),
    dateColumn<RcvFila>({ title: "Fecha", key: "fecha", dataIndex: "fecha_docto", width: 96, render: (_, f) => formatDate(f.fecha_docto ?? f.ventanal_fecha ?? "") || "—" }),
    moneyColumn<RcvFila>({ title: "Total SII", dataIndex: "monto_total", key: "monto_total", width: 112, render: (v: number | null) => (v === null ? "—" : formatCLP(v)) }),
    moneyColumn<RcvFila>({ title: "Total Ventanal", dataIndex: "ventanal_total", key: "ventanal_total", width: 124, render: (v: number | null) => (v === null ? "—" : formatCLP(v)) }),
    { title: "Diferencias", key: "diferencias", width: 230, render: (_, f) => <Diferencias fila={f} /> },
    actionsColumn<RcvFila>((_, f) => actions(f), { width: 176 }),
  ];
  return (
    <ResponsiveTable<RcvFila>
      rowKey="id"
      size="small"
      aria-label="Filas del Registro de Compras"
      loading={loading}
      columns={columns}
      dataSource={rows}
      rowSelection={{ selectedRowKeys: selected, onChange: (keys) => onSelect(keys as number[]), getCheckboxProps: (f) => ({ disabled: f.resultado !== "solo_sii", "aria-label": `Seleccionar folio ${f.folio}` }) }}
      locale={{ emptyText: "No hay filas con estos filtros." }}
      pagination={{ current: page, pageSize, total, showSizeChanger: false, showTotal: (t) => `${t} ${t === 1 ? "fila" : "filas"}`, onChange: onPage }}
      card={{
        title: (f) => `${f.razon_social} · folio ${f.folio}`,
        extra: (f) => <Resultado fila={f} />,
        fields: (f) => [
          { label: "Tipo", value: tipoNombre(f.tipo_doc) },
          { label: "Total SII", value: f.monto_total === null ? "—" : formatCLP(f.monto_total) },
          { label: "Total Ventanal", value: f.ventanal_total === null ? "—" : formatCLP(f.ventanal_total) },
          ...(f.diferencias.length ? [{ label: "Diferencias", value: <Diferencias fila={f} /> }] : []),
        ],
        actions,
      }}
    />
  );
}
