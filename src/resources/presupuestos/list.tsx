// Ventas → Presupuestos: find a quote by number, work name or client name (server-side
// search `q`), sorted and paged on the server; cards on a phone.
import { EditButton, ShowButton } from "@refinedev/antd";
import { Space } from "antd";
import type { Presupuesto } from "../../custom-pages/sales/api";
import { ResourceList } from "../../components/ResourceList";
import { RowAction } from "../../components/RowAction";
import { actionsColumn } from "../../components/columns";
import { formatCLP, formatDate } from "../../domain/format";
import { presupuestoColumns as col } from "./columns";
import { useMemo } from "react";
import { useFiltro } from "../../components/useFiltro";
import { todayInSantiago } from "../../domain/dates/dates";
import { PRESUPUESTOS_FILTROS, presupuestosFilters } from "../../domain/hoy/links";

/** The row's buttons: icons in the table (`compact`), with their words on a phone card. */
function Actions({ p, compact = false }: { p: Presupuesto; compact?: boolean }) {
  const show = (
    <ShowButton size="small" hideText={compact} recordItemId={p.id} aria-label={`Ver presupuesto ${p.numero}`}>
      Ver
    </ShowButton>
  );
  const edit = (
    <EditButton size="small" hideText={compact} recordItemId={p.id} aria-label={`Editar presupuesto ${p.numero}`}>
      Editar
    </EditButton>
  );
  return compact ? (
    <Space size={2}>
      <RowAction word="Ver">{show}</RowAction>
      <RowAction word="Editar">{edit}</RowAction>
    </Space>
  ) : (
    <Space size={4}>
      {show}
      {edit}
    </Space>
  );
}

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
      columns={[
        { ...col.numero, sorter: true },
        { ...col.cliente_nombre, sorter: true },
        { ...col.nombre_obra, sorter: true },
        { ...col.fecha, sorter: true },
        { ...col.total_neto_presupuestado, sorter: true },
        actionsColumn<Presupuesto>((_, p) => <Actions p={p} compact />, { width: 88 }),
      ]}
      card={{
        title: (p) => `#${p.numero}${p.nombre_obra ? ` · ${p.nombre_obra}` : ""}`,
        fields: (p) => [
          { label: "Cliente", value: p.cliente_nombre },
          { label: "Fecha", value: formatDate(p.fecha) },
          { label: "Neto presupuestado", value: formatCLP(p.total_neto_presupuestado) },
        ],
        actions: (p) => <Actions p={p} />,
      }}
    />
  );
}
