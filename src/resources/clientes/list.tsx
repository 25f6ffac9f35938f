// Ventas → Clientes: find a client by name, RUT, e-mail or phone (server-side search `q`,
// accents and case ignored), sorted and paged on the server.
import { EditButton, ShowButton } from "@refinedev/antd";
import { Space, Table } from "antd";
import type { Cliente } from "../../api/sales";
import { ResourceList } from "../../components/ResourceList";

export default function ClientesList() {
  return (
    <ResourceList<Cliente>
      resource="clientes"
      title="Clientes"
      createLabel="Nuevo cliente"
      sort={{ field: "nombre", order: "asc" }}
      unit="cliente"
      searchPlaceholder="Nombre, RUT, correo…"
      table={{ size: "middle" }}
    >
        <Table.Column<Cliente> dataIndex="nombre" title="Nombre" sorter />
        <Table.Column<Cliente> dataIndex="rut" title="RUT" sorter className="vt-nowrap" />
        <Table.Column<Cliente> dataIndex="correo" title="Correo" sorter />
        <Table.Column<Cliente> dataIndex="telefono" title="Teléfono" className="vt-nowrap" />
        <Table.Column<Cliente> dataIndex="direccion" title="Dirección" />
        <Table.Column<Cliente>
          title="Acciones"
          dataIndex="actions"
          render={(_, record) => (
            <Space size={4}>
              <ShowButton size="small" recordItemId={record.id} aria-label={`Ver ${record.nombre}`}>
                Ver
              </ShowButton>
              <EditButton size="small" recordItemId={record.id} aria-label={`Editar ${record.nombre}`}>
                Editar
              </EditButton>
            </Space>
          )}
        />
    </ResourceList>
  );
}
