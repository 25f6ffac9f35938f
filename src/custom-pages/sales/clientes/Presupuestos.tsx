// Ventas → Clientes → Detalle: under the client's data (the declared show page), its quotes,
// newest first (a slot of src/resources/declared/slots.ts).
import { useTable } from "@refinedev/antd";
import { Card, Table } from "antd";
import type { ColumnsType } from "antd/es/table";
import { actionsColumn, scrollX } from "../../../components/columns";
import type { Presupuesto } from "../api";
import { presupuestoColumns as col } from "../../../resources/presupuestos/columns";
import type { Row } from "../../../resources/declared/fields";
import { RecordLinkButton, useRecordAccess } from "../../../components/RecordLinkButton";
import { recordLink } from "../../screens";

const columns = (canShow: boolean): ColumnsType<Presupuesto> => [
  col.numero,
  col.nombre_obra,
  col.fecha,
  col.total_neto_presupuestado,
  actionsColumn<Presupuesto>((_, p) => canShow && <RecordLinkButton to={recordLink("presupuestos", p.id)} action="show" name={`presupuesto ${p.numero}`} />, { width: 90 }),
];

export default function PresupuestosDelCliente({ row }: { row: Row }) {
  const { tableProps } = useTable<Presupuesto>({
    resource: "presupuestos",
    syncWithLocation: false,
    pagination: { pageSize: 10 },
    filters: { permanent: [{ field: "cliente_id", operator: "eq", value: row.id }] },
  });
  const quoteColumns = columns(useRecordAccess("presupuestos").show);
  return (
    <Card title="Presupuestos del cliente" size="small">
      <Table<Presupuesto> {...tableProps} rowKey="id" size="small" columns={quoteColumns} scroll={{ x: scrollX(quoteColumns) }} />
    </Card>
  );
}
