// The "Resumen" card of "Seguimiento UTV": the month's totals (the domain's workshopTotals)
// and the on-screen split of the total by accumulated hours (splitByAccumulatedHours).
import { Table } from "antd";
import type { Termopanel, Trabajador, Utv } from "../api";
import { formatCLP, formatNumber } from "../../../domain/format";
import { formatM2 } from "../../../domain/workshop/format";
import { periodoLabel } from "../../../domain/workshop/periods";
import { workshopTotals } from "../../../domain/workshop/production";
import { splitByAccumulatedHours } from "../../../domain/workshop/split";

interface Props {
  periodo: string;
  utvs: Utv[];
  termopaneles: Termopanel[];
  /** Null while the month loads. */
  trabajadores: Trabajador[] | null;
}

export function MonthSummary({ periodo, utvs, termopaneles, trabajadores }: Props) {
  const totals = workshopTotals(utvs, termopaneles);
  const split = splitByAccumulatedHours(totals.total, trabajadores ?? []);
  const summaryRows = [
    { key: "utv", concepto: "UTV", registros: totals.utv.registros, cantidad: `${formatNumber(totals.utv.unidades, 2)} UTV`, valor: totals.utv.valor },
    { key: "termo", concepto: "Termopaneles", registros: totals.termopanel.registros, cantidad: `${formatM2(totals.termopanel.m2)} m2`, valor: totals.termopanel.valor },
    { key: "inst", concepto: "Instalaciones", registros: totals.instalacion.registros, cantidad: `${formatM2(totals.instalacion.m2)} m2`, valor: totals.instalacion.valor },
  ];
  return (
    <>
      <Table
        rowKey="key"
        size="small"
        pagination={false}
        dataSource={summaryRows}
        aria-label="Resumen del periodo"
        columns={[
          { title: "Concepto", dataIndex: "concepto", key: "concepto" },
          { title: "Registros", dataIndex: "registros", key: "registros", align: "right" },
          { title: "Cantidad", dataIndex: "cantidad", key: "cantidad", align: "right" },
          { title: "Valor", dataIndex: "valor", key: "valor", align: "right", render: (v: number) => formatCLP(v) },
        ]}
        summary={() => (
          <Table.Summary.Row>
            <Table.Summary.Cell index={0} colSpan={3}>
              <strong>Total a repartir</strong>
            </Table.Summary.Cell>
            <Table.Summary.Cell index={1} align="right">
              <strong data-testid="total-taller">{formatCLP(totals.total)}</strong>
            </Table.Summary.Cell>
          </Table.Summary.Row>
        )}
      />
      <h3 className="vt-utv-split-title">Reparto por horas acumuladas</h3>
      {trabajadores && trabajadores.length === 0 ? (
        <p className="vt-muted">No hay trabajadores en la planilla de {periodoLabel(periodo)}.</p>
      ) : (
        <Table
          rowKey="index"
          size="small"
          pagination={false}
          dataSource={split.partes}
          columns={[
            { title: "Trabajador", dataIndex: "nombre", key: "nombre" },
            { title: "Horas acum.", dataIndex: "peso", key: "peso", align: "right", render: (v: number) => formatNumber(v, 2) },
            { title: "Proporción", dataIndex: "proporcion", key: "prop", align: "right", render: (v: number) => `${formatNumber(v * 100, 2)} %` },
            { title: "Monto", dataIndex: "monto", key: "monto", align: "right", render: (v: number) => formatCLP(v) },
          ]}
        />
      )}
      {split.sinAsignar > 0 && totals.total > 0 && <p className="vt-muted">Sin asignar: {formatCLP(split.sinAsignar)} (nadie registra horas en el periodo).</p>}
    </>
  );
}
