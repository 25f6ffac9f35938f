// Ventas → Clientes: find a client by name, RUT, e-mail or phone (server-side search `q`,
// accents and case ignored), sorted and paged on the server; cards on a phone.
import { EditButton, ShowButton } from "@refinedev/antd";
import { Space } from "antd";
import type { Cliente } from "../../api/sales";
import { ResourceList } from "../../components/ResourceList";
import { actionsColumn, textColumn, NOWRAP } from "../../components/columns";

function Actions({ cliente }: { cliente: Cliente }) {
  return (
    <Space size={4}>
      <ShowButton size="small" recordItemId={cliente.id} aria-label={`Ver ${cliente.nombre}`}>
        Ver
      </ShowButton>
      <EditButton size="small" recordItemId={cliente.id} aria-label={`Editar ${cliente.nombre}`}>
        Editar
      </EditButton>
    </Space>
  );
}

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
      columns={[
        textColumn({ dataIndex: "nombre", title: "Nombre", width: 200, sorter: true }),
        { dataIndex: "rut", title: "RUT", width: 112, sorter: true, className: NOWRAP },
        textColumn({ dataIndex: "correo", title: "Correo", width: 170, sorter: true }),
        { dataIndex: "telefono", title: "Teléfono", width: 116, className: NOWRAP },
        textColumn({ dataIndex: "direccion", title: "Dirección", width: 150 }),
        actionsColumn<Cliente>((_, c) => <Actions cliente={c} />, { width: 150 }),
      ]}
      card={{
        title: (c) => c.nombre,
        fields: (c) => [
          { label: "RUT", value: c.rut },
          { label: "Teléfono", value: c.telefono || "—" },
          { label: "Correo", value: c.correo || "—" },
          { label: "Dirección", value: c.direccion || "—" },
        ],
        actions: (c) => <Actions cliente={c} />,
      }}
    />
  );
}
