// Ventas → Presupuestos: find a quote by number, work name or client name (server-side
// search `q`), sorted and paged on the server; cards on a phone.
import { Space } from "antd";
import type { Presupuesto } from "../../custom-pages/sales/api";
import { ResourceList } from "../../components/ResourceList";
import { RecordLinkButton, useRecordAccess } from "../../components/RecordLinkButton";
import { recordLink } from "../../custom-pages/screens";
import { actionsColumn } from "../../components/columns";
import { formatCLP, formatDate } from "../../domain/format";
import { presupuestoColumns as col } from "./columns";
import { useMemo } from "react";
import { useFiltro } from "../../components/useFiltro";
import { todayInSantiago } from "../../domain/dates/dates";
import { PRESUPUESTOS_FILTROS, presupuestosFilters } from "../../domain/hoy/links";

/** The row's buttons: icons in the table (`compact`), with their words on a phone card. */
function Actions({ p, can, compact = false }: { p: Presupuesto; can: { show: boolean; edit: boolean }; compact?: boolean }) {
  const name = `presupuesto ${p.numero}`;
  return (
    <Space size={compact ? 2 : 4}>
      {can.show && <RecordLinkButton to={recordLink("presupuestos", p.id)} action="show" name={name} compact={compact} />}
      {can.edit && <RecordLinkButton to={recordLink("presupuestos", p.id, "edit")} action="edit" name={name} compact={compact} />}
    </Space>
  );
}

export default function PresupuestosList() {
  // ?filtro=mes | sin-items: the home's "Presupuestos del mes" and "Presupuestos sin ítems".
  const { filtro, notice } = useFiltro(PRESUPUESTOS_FILTROS);
  const can = useRecordAccess("presupuestos");
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
        actionsColumn<Presupuesto>((_, p) => <Actions p={p} can={can} compact />, { width: 88 }),
      ]}
      card={{
        title: (p) => `#${p.numero}${p.nombre_obra ? ` · ${p.nombre_obra}` : ""}`,
        fields: (p) => [
          { label: "Cliente", value: p.cliente_nombre },
          { label: "Fecha", value: formatDate(p.fecha) },
          { label: "Neto presupuestado", value: formatCLP(p.total_neto_presupuestado) },
        ],
        actions: (p) => <Actions p={p} can={can} />,
      }}
    />
  );
}
