// Ventas → Presupuestos: find a quote by number, work name or client name (server-side
// search `q`), sorted and paged on the server.
import { EditButton, ShowButton } from "@refinedev/antd";
import { Space, Table } from "antd";
import type { Presupuesto } from "../../api/sales";
import { ResourceList } from "../../components/ResourceList";
import { presupuestoColumns as col } from "./columns";
import { useMemo } from "react";
import { useFiltro } from "../../components/useFiltro";
import { todayInSantiago } from "../../domain/dates/dates";
import { PRESUPUESTOS_FILTROS, presupuestosFilters } from "../../domain/hoy/links";

export default function PresupuestosList() {
  // ?filtro=mes | sin-items: the home's "Presupuestos del mes" and "Presupuestos sin ítems".
  const { filtro, notice } = useFiltro(PRESUPUESTOS_FILTROS);
  const permanentFilters = useMemo(() => presupuestosFilters(filtro, todayInSantiago()) ?? undefined, [filtro]);
  return (
    <ResourceList<Presupuesto>
      key={filtro ?? "todos"}
      permanentFilters={permanentFilters}
      notice={notice}
      resource="presupuestos"
      title="Presupuestos"
      createLabel="Nuevo presupuesto"
      sort={{ field: "fecha", order: "desc" }}
      unit="presupuesto"
      searchPlaceholder="Número, obra o cliente"
      table={{ size: "middle" }}
    >
        <Table.Column<Presupuesto> {...col.numero} sorter />
        <Table.Column<Presupuesto> {...col.cliente_nombre} sorter />
        <Table.Column<Presupuesto> {...col.nombre_obra} sorter />
        <Table.Column<Presupuesto> {...col.fecha} sorter />
        <Table.Column<Presupuesto> {...col.total_neto_presupuestado} sorter />
        <Table.Column<Presupuesto>
          title="Acciones"
          dataIndex="actions"
          render={(_, record) => (
            <Space size={4}>
              <ShowButton size="small" recordItemId={record.id} aria-label={`Ver presupuesto ${record.numero}`}>
                Ver
              </ShowButton>
              <EditButton size="small" recordItemId={record.id} aria-label={`Editar presupuesto ${record.numero}`}>
                Editar
              </EditButton>
            </Space>
          )}
        />
    </ResourceList>
  );
}
