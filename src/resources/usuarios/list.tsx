// Administración → Usuarios: server-side search (q: name, e-mail or role) and paging.
import { EditButton } from "@refinedev/antd";
import { Tag } from "antd";
import { ResourceList } from "../../components/ResourceList";
import { actionsColumn, dateColumn, textColumn } from "../../components/columns";
import type { Usuario } from "./shared";

const estado = (activo: boolean) => (activo ? <Tag color="green">Activo</Tag> : <Tag color="default">Inactivo</Tag>);
const editar = (u: Usuario) => <EditButton size="small" recordItemId={u.id} aria-label={`Editar ${u.nombre}`} />;

export default function UsuariosList() {
  return (
    <ResourceList<Usuario>
      resource="usuarios"
      title="Usuarios"
      createLabel="Nuevo usuario"
      sort={{ field: "nombre", order: "asc" }}
      unit="usuario"
      searchPlaceholder="Nombre, correo o rol"
      columns={[
        textColumn<Usuario>({ dataIndex: "nombre", title: "Nombre", width: 200, sorter: true }),
        textColumn<Usuario>({ dataIndex: "correo", title: "Correo", width: 220, sorter: true }),
        { dataIndex: "rol", title: "Rol", width: 140, sorter: true },
        { dataIndex: "activo", title: "Estado", width: 96, render: estado },
        dateColumn<Usuario>({ dataIndex: "creado_en", title: "Creado", withTime: true, width: 150 }),
        actionsColumn<Usuario>((_, u) => editar(u), { width: 90 }),
      ]}
      card={{
        title: (u) => u.nombre,
        extra: (u) => estado(u.activo),
        fields: (u) => [
          { label: "Correo", value: u.correo },
          { label: "Rol", value: u.rol },
        ],
        actions: editar,
      }}
    />
  );
}
