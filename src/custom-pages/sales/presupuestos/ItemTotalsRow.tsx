// The totals row under a table of quote items (the quote's page, "Ingreso de Ítems"): a
// label over the first six columns, then the UTV and its amount in columns 7 and 8, and
// an optional last figure (the net) in column 9.
import { Table, Typography } from "antd";
import type { ReactNode } from "react";
import { formatCLP, formatNumber } from "../../../domain/format";

export function ItemTotalsRow({ label, utv, utvMonto, neto }: { label: ReactNode; utv: number; utvMonto: number; neto?: number }) {
  return (
    <Table.Summary.Row>
      <Table.Summary.Cell index={0} colSpan={6}>
        <Typography.Text strong>{label}</Typography.Text>
      </Table.Summary.Cell>
      <Table.Summary.Cell index={6} align="right">
        <Typography.Text strong>{formatNumber(utv)}</Typography.Text>
      </Table.Summary.Cell>
      <Table.Summary.Cell index={7} align="right">
        <Typography.Text strong className="vt-nowrap">
          {formatCLP(utvMonto)}
        </Typography.Text>
      </Table.Summary.Cell>
      <Table.Summary.Cell index={8} align="right">
        {neto !== undefined && (
          <Typography.Text strong className="vt-nowrap">
            {formatCLP(neto)}
          </Typography.Text>
        )}
      </Table.Summary.Cell>
    </Table.Summary.Row>
  );
}
