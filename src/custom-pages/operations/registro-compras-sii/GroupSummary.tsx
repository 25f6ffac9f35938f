// The four groups of a reconciliation (counts and amounts, each a filter), what changed since
// the previous import of the month, and the month's totals per document type from both
// sources with the IVA crédito fiscal del mes and its difference.
import { Card, Table } from "antd";
import type { RcvImportacion } from "../rcv-api";
import { formatCLP } from "../../../domain/format";
import { DTE_TIPO_NOMBRES, type DteTipo } from "../../../domain/operations/dte-parse";
import { RCV_RESULTADO_NOMBRES, RCV_RESULTADOS, type RcvMontos, type RcvResultado } from "../../../domain/operations/rcv";
import { moneyColumn, textColumn } from "../../../components/columns";

export const tipoNombre = (t: number) => DTE_TIPO_NOMBRES[t as DteTipo] ?? `Tipo ${t}`;

interface Props {
  importacion: RcvImportacion;
  selected: RcvResultado | null;
  onSelect: (r: RcvResultado | null) => void;
}

export function GroupSummary({ importacion, selected, onSelect }: Props) {
  const grupos = importacion.resumen.grupos;
  return (
    <div className="vt-rcv-groups" role="group" aria-label="Resultado de la conciliación">
      {RCV_RESULTADOS.map((r) => (
        <button
          key={r}
          type="button"
          className={`vt-rcv-group vt-rcv-group--${r}${selected === r ? " vt-rcv-group--on" : ""}`}
          aria-pressed={selected === r}
          aria-label={`${RCV_RESULTADO_NOMBRES[r]}: ${grupos?.[r]?.filas ?? 0}`}
          onClick={() => onSelect(selected === r ? null : r)}
        >
          <span className="vt-rcv-group__name">{RCV_RESULTADO_NOMBRES[r]}</span>
          <span className="vt-rcv-group__count">{grupos?.[r]?.filas ?? 0}</span>
          <span className="vt-rcv-group__amount vt-nowrap">{formatCLP(grupos?.[r]?.total ?? 0)}</span>
        </button>
      ))}
    </div>
  );
}

type TotalRow = { key: string; tipo: string; fuente: string } & RcvMontos;

export function MonthTotals({ importacion }: { importacion: RcvImportacion }) {
  const { tipos = [], iva_credito } = importacion.resumen;
  const rows: TotalRow[] = tipos.flatMap((t) => [
    { key: `${t.tipo_doc}-sii`, tipo: tipoNombre(t.tipo_doc), fuente: "SII", ...t.sii },
    { key: `${t.tipo_doc}-v`, tipo: tipoNombre(t.tipo_doc), fuente: "Ventanal", ...t.ventanal },
  ]);
  const columns = [
    textColumn<TotalRow>({ title: "Documento", dataIndex: "tipo", key: "tipo", width: 190 }),
    textColumn<TotalRow>({ title: "Fuente", dataIndex: "fuente", key: "fuente", width: 90 }),
    { title: "Docs.", dataIndex: "documentos", key: "documentos", width: 64, align: "right" as const },
    moneyColumn<TotalRow>({ title: "Neto", dataIndex: "neto", key: "neto" }),
    moneyColumn<TotalRow>({ title: "Exento", dataIndex: "exento", key: "exento" }),
    moneyColumn<TotalRow>({ title: "IVA recuperable", dataIndex: "iva_recuperable", key: "iva_recuperable", width: 132 }),
    moneyColumn<TotalRow>({ title: "IVA no recuperable", dataIndex: "iva_no_recuperable", key: "iva_no_recuperable", width: 148 }),
    moneyColumn<TotalRow>({ title: "Total", dataIndex: "total", key: "total" }),
  ];
  return (
    <Card size="small" title={`Totales del mes ${importacion.periodo} por tipo de documento`}>
      {iva_credito && (
        <dl className="vt-rcv-iva" aria-label="IVA crédito fiscal del mes">
          <div>
            <dt>IVA crédito fiscal del mes (SII, para el F29)</dt>
            <dd className="vt-nowrap">{formatCLP(iva_credito.sii)}</dd>
          </div>
          <div>
            <dt>Según Ventanal</dt>
            <dd className="vt-nowrap">{formatCLP(iva_credito.ventanal)}</dd>
          </div>
          <div className={iva_credito.diferencia === 0 ? "" : "vt-rcv-iva--diff"}>
            <dt>Diferencia</dt>
            <dd className="vt-nowrap">{formatCLP(iva_credito.diferencia)}</dd>
          </div>
        </dl>
      )}
      <Table<TotalRow> size="small" rowKey="key" pagination={false} columns={columns} dataSource={rows} scroll={{ x: 1010 }} aria-label="Totales por tipo de documento" />
      <p className="vt-muted vt-rcv-note">Las notas de crédito (61) restan en el IVA crédito fiscal; las facturas exentas (34) no llevan IVA. En Ventanal el neto de una factura incluye su parte exenta.</p>
    </Card>
  );
}
