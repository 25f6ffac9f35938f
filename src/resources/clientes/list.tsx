// Ventas → Clientes: find a client by name, RUT, e-mail, phone or address (server-side
// search `q`), sorted and paged on the server.
import { CreateButton, EditButton, List, ShowButton, useTable } from "@refinedev/antd";
import { ListSearchForm, searchByQ, withTotal, type SearchValues } from "../../components/list-search";
import { Space, Table } from "antd";
import type { Cliente } from "../../api/sales";
import "../../components/page.css";

export default function ClientesList() {
  const { tableProps, searchFormProps } = useTable<Cliente, never, SearchValues>({
    resource: "clientes",
    syncWithLocation: true,
    pagination: { pageSize: 20 },
    sorters: { initial: [{ field: "nombre", order: "asc" }] },
    onSearch: searchByQ,
  });

  return (
    <List title="Clientes" headerButtons={<CreateButton>Nuevo cliente</CreateButton>}>
      <ListSearchForm formProps={searchFormProps} id="clientes-buscar" placeholder="Nombre, RUT, correo…" />
      <Table<Cliente>
        {...tableProps}
        rowKey="id"
        size="middle"
        scroll={{ x: "max-content" }}
        pagination={withTotal(tableProps.pagination, "cliente")}
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
      </Table>
    </List>
  );
}
