// Ventas → Clientes → Detalle: the client's data and its quotes (newest first).
import { EditButton, Show, ShowButton, useTable } from "@refinedev/antd";
import { useShow } from "@refinedev/core";
import { Card, Table } from "antd";
import type { ColumnsType } from "antd/es/table";
import { actionsColumn, scrollX } from "../../components/columns";
import type { Cliente, Presupuesto } from "../../api/sales";
import { Fact, Facts } from "../../components/Facts";
import { PageTitle } from "../../components/PageTitle";
import { presupuestoColumns as col } from "../presupuestos/columns";
import { WithHistory } from "../auditoria/WithHistory";

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

export default function ClientesShow() {
  const { query, result: cliente } = useShow<Cliente>({ resource: "clientes" });
  const id = cliente?.id;
  const { tableProps } = useTable<Presupuesto>({
    resource: "presupuestos",
    syncWithLocation: false,
    pagination: { pageSize: 10 },
    filters: { permanent: [{ field: "cliente_id", operator: "eq", value: id }] },
    queryOptions: { enabled: id !== undefined },
  });

  return (
    <Show
      title={<PageTitle>{cliente ? `Cliente: ${cliente.nombre}` : "Cliente"}</PageTitle>}
      isLoading={query.isLoading}
      canDelete={false}
      breadcrumb={false}
      headerButtons={<EditButton recordItemId={id}>Editar</EditButton>}
    >
      <WithHistory entidad="clientes" entidadId={id}>
      <div className="vt-page" style={{ maxWidth: "none" }}>
        <Facts>
          <Fact label="Nombre">{cliente?.nombre}</Fact>
          <Fact label="RUT">{cliente?.rut}</Fact>
          <Fact label="Correo">{cliente?.correo}</Fact>
          <Fact label="Teléfono">{cliente?.telefono}</Fact>
          <Fact label="Dirección">{cliente?.direccion}</Fact>
        </Facts>
        <Card title="Presupuestos del cliente" size="small">
          <Table<Presupuesto> {...tableProps} rowKey="id" size="small" columns={quoteColumns} scroll={{ x: scrollX(quoteColumns) }} />
        </Card>
      </div>
      </WithHistory>
    </Show>
  );
}
