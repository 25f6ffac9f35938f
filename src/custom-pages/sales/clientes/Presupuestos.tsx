// Ventas → Clientes → Detalle: under the client's data (the declared show page), its quotes,
// newest first (a slot of src/resources/declared/slots.ts).
import { ShowButton, useTable } from "@refinedev/antd";
import { Card, Table } from "antd";
import type { ColumnsType } from "antd/es/table";
import { actionsColumn, scrollX } from "../../../components/columns";
import type { Presupuesto } from "../api";
import { presupuestoColumns as col } from "../../../resources/presupuestos/columns";
import type { Row } from "../../../resources/declared/fields";

const quoteColumns: ColumnsType<Presupuesto> = [
  col.numero,
  col.nombre_obra,
  col.fecha,
  col.total_neto_presupuestado,
  actionsColumn<Presupuesto>(
    (_, p) => (
      <ShowButton size="small" resource="presupuestos" recordItemId={p.id}>
        Ver
      </ShowButton>
    ),
    { width: 90 },
  ),
];

export default function PresupuestosDelCliente({ row }: { row: Row }) {
  const { tableProps } = useTable<Presupuesto>({
    resource: "presupuestos",
    syncWithLocation: false,
    pagination: { pageSize: 10 },
    filters: { permanent: [{ field: "cliente_id", operator: "eq", value: row.id }] },
  });
  return (
    <Card title="Presupuestos del cliente" size="small">
      <Table<Presupuesto> {...tableProps} rowKey="id" size="small" columns={quoteColumns} scroll={{ x: scrollX(quoteColumns) }} />
    </Card>
  );
}
