// Ventas → Clientes: find a client by name, RUT, e-mail, phone or address (server-side
// search `q`), sorted and paged on the server.
import { CreateButton, EditButton, List, ShowButton, useTable } from "@refinedev/antd";
import type { CrudFilters } from "@refinedev/core";
import { Button, Form, Input, Space, Table } from "antd";
import type { Cliente } from "../presupuestos/shared/api";
import "../presupuestos/shared/sales.css";

interface SearchValues {
  q?: string;
}

export default function ClientesList() {
  const { tableProps, searchFormProps } = useTable<Cliente, never, SearchValues>({
    resource: "clientes",
    syncWithLocation: true,
    pagination: { pageSize: 20 },
    sorters: { initial: [{ field: "nombre", order: "asc" }] },
    onSearch: ({ q }): CrudFilters => [{ field: "q", operator: "contains", value: q?.trim() || undefined }],
  });

  return (
    <List title="Clientes" headerButtons={<CreateButton>Nuevo cliente</CreateButton>}>
      <Form {...searchFormProps} layout="inline" role="search" style={{ marginBottom: 16, rowGap: 8 }}>
        <Form.Item name="q" label="Buscar" htmlFor="clientes-buscar" style={{ marginInlineEnd: 8 }}>
          <Input id="clientes-buscar" placeholder="Nombre, RUT, correo…" allowClear style={{ width: 280, maxWidth: "100%" }} />
        </Form.Item>
        <Form.Item>
          <Button htmlType="submit">Buscar</Button>
        </Form.Item>
      </Form>
      <Table<Cliente>
        {...tableProps}
        rowKey="id"
        size="middle"
        scroll={{ x: "max-content" }}
        pagination={
          tableProps.pagination === false
            ? false
            : { ...tableProps.pagination, showTotal: (total) => `${total} cliente${total === 1 ? "" : "s"}` }
        }
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
