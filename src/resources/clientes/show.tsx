// Ventas → Clientes → Detalle: the client's data and its quotes (newest first).
import { Show, ShowButton, useTable } from "@refinedev/antd";
import { useShow } from "@refinedev/core";
import { Card, Table } from "antd";
import { formatCLP, formatDate } from "../../domain/format";
import type { Cliente, Presupuesto } from "../../api/sales";
import { PageTitle } from "../../components/PageTitle";

function Fact({ label, value }: { label: string; value: string | null | undefined }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd>{value && value.trim() !== "" ? value : "—"}</dd>
    </div>
  );
}

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
      <div className="vt-page" style={{ maxWidth: "none" }}>
        <dl className="vt-facts">
          <Fact label="Nombre" value={cliente?.nombre} />
          <Fact label="RUT" value={cliente?.rut} />
          <Fact label="Correo" value={cliente?.correo} />
          <Fact label="Teléfono" value={cliente?.telefono} />
          <Fact label="Dirección" value={cliente?.direccion} />
        </dl>
        <Card title="Presupuestos del cliente" size="small">
          <Table<Presupuesto> {...tableProps} rowKey="id" size="small" scroll={{ x: "max-content" }}>
            <Table.Column<Presupuesto> dataIndex="numero" title="Número" render={(v: string) => `#${v}`} />
            <Table.Column<Presupuesto> dataIndex="nombre_obra" title="Obra" render={(v: string | null) => v || "—"} />
            <Table.Column<Presupuesto> dataIndex="fecha" title="Fecha" className="vt-nowrap" render={(v: string) => formatDate(v)} />
            <Table.Column<Presupuesto>
              dataIndex="total_neto_presupuestado"
              title="Neto presupuestado"
              align="right"
              className="vt-nowrap"
              render={(v: number) => formatCLP(v)}
            />
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
    </Show>
  );
}
