// Administración → Usuarios: server-side search (q: name, e-mail or role) and paging.
import { EditButton } from "@refinedev/antd";
import { Space, Table, Tag } from "antd";
import { formatDateTime } from "../../domain/format";
import { ResourceList } from "../../components/ResourceList";
import type { Usuario } from "./shared";

export default function UsuariosList() {
  return (
    <ResourceList<Usuario>
      resource="usuarios"
      title="Usuarios"
      createLabel="Nuevo usuario"
      sort={{ field: "nombre", order: "asc" }}
      unit="usuario"
      searchPlaceholder="Nombre, correo o rol"
      table={{ tableLayout: "auto" }}
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
    </ResourceList>
  );
}
