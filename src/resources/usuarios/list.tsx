// Administración → Usuarios: server-side search (q) and paging.
import { CreateButton, EditButton, List, useTable } from "@refinedev/antd";
import { searchByQ, withTotal, type SearchValues } from "../../components/list-search";
import { Button, Form, Input, Space, Table, Tag } from "antd";
import { SearchOutlined } from "@ant-design/icons";
import { formatDateTime } from "../../domain/format";
import type { Usuario } from "./shared";

export default function UsuariosList() {
  const { tableProps, searchFormProps } = useTable<Usuario, never, SearchValues>({
    resource: "usuarios",
    syncWithLocation: true,
    pagination: { pageSize: 20 },
    sorters: { initial: [{ field: "nombre", order: "asc" }] },
    onSearch: searchByQ,
  });


  return (
    <List title="Usuarios" headerButtons={<CreateButton>Nuevo usuario</CreateButton>}>
      <Form {...searchFormProps} role="search" style={{ marginBottom: 16 }}>
        <Space.Compact style={{ width: "100%", maxWidth: 460 }}>
          <Form.Item name="q" noStyle>
            <Input aria-label="Buscar" placeholder="Buscar por nombre, correo o rol" allowClear />
          </Form.Item>
          <Button htmlType="submit" icon={<SearchOutlined />}>
            Buscar
          </Button>
        </Space.Compact>
      </Form>
      <Table<Usuario>
        {...tableProps}
        rowKey="id"
        tableLayout="auto"
        scroll={{ x: "max-content" }}
        pagination={withTotal(tableProps.pagination, "usuario")}
      >
        <Table.Column<Usuario> dataIndex="nombre" title="Nombre" sorter />
        <Table.Column<Usuario> dataIndex="correo" title="Correo" sorter />
        <Table.Column<Usuario> dataIndex="rol" title="Rol" sorter />
        <Table.Column<Usuario>
          dataIndex="activo"
          title="Estado"
          render={(activo: boolean) => (activo ? <Tag color="green">Activo</Tag> : <Tag color="default">Inactivo</Tag>)}
        />
        <Table.Column<Usuario> dataIndex="creado_en" title="Creado" render={(v: string) => formatDateTime(v)} />
        <Table.Column<Usuario>
          title="Acciones"
          dataIndex="actions"
          fixed="right"
          render={(_, record) => (
            <Space>
              <EditButton size="small" recordItemId={record.id} aria-label={`Editar ${record.nombre}`} />
            </Space>
          )}
        />
      </Table>
    </List>
  );
}
