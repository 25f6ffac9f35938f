// Ventas → Clientes → Detalle: the client's data and its quotes (newest first).
import { Show, ShowButton, useTable } from "@refinedev/antd";
import { useShow } from "@refinedev/core";
import { Card, Table } from "antd";
import type { Cliente, Presupuesto } from "../../api/sales";
import { Fact, Facts } from "../../components/Facts";
import { PageTitle } from "../../components/PageTitle";
import { presupuestoColumns as col } from "../presupuestos/columns";
import { WithHistory } from "../auditoria/WithHistory";

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
          <Table<Presupuesto> {...tableProps} rowKey="id" size="small" scroll={{ x: "max-content" }}>
            <Table.Column<Presupuesto> {...col.numero} />
            <Table.Column<Presupuesto> {...col.nombre_obra} />
            <Table.Column<Presupuesto> {...col.fecha} />
            <Table.Column<Presupuesto> {...col.total_neto_presupuestado} />
            <Table.Column<Presupuesto>
              title="Acciones"
              dataIndex="actions"
              render={(_, p) => (
                <ShowButton size="small" resource="presupuestos" recordItemId={p.id}>
                  Ver
                </ShowButton>
              )}
            />
          </Table>
        </Card>
      </div>
      </WithHistory>
    </Show>
  );
}
