// Operaciones → Listado de Pagos: every client payment with its client, budget and work,
// searched, sorted and paged on the server; new payments go to "Pagos de Clientes".
import type { PagoClienteListado } from "../../api/operations";
import { ResourceList } from "../../components/ResourceList";
import { dateColumn, moneyColumn, textColumn, NOWRAP } from "../../components/columns";
import { formatCLP, formatDate } from "../../domain/format";

export default function PagosClientesList() {
  return (
    <ResourceList<PagoClienteListado>
      resource="pagos_clientes"
      title="Listado de Pagos de Clientes"
      createLabel="Registrar pago"
      sort={{ field: "fecha_pago", order: "desc" }}
      unit="pago"
      searchPlaceholder="Cliente, presupuesto, obra u observación…"
      table={{ size: "middle" }}
      columns={[
        dateColumn<PagoClienteListado>({ dataIndex: "fecha_pago", title: "Fecha", sorter: true }),
        textColumn<PagoClienteListado>({ dataIndex: "cliente_nombre", title: "Cliente", width: 180, sorter: true }),
        { dataIndex: "presupuesto_numero", title: "Presupuesto", width: 116, sorter: true, className: NOWRAP },
        textColumn<PagoClienteListado>({ dataIndex: "nombre_obra", title: "Obra", width: 150 }),
        moneyColumn<PagoClienteListado>({ dataIndex: "monto", title: "Monto (con IVA)", width: 136, sorter: true }),
        { dataIndex: "estado", title: "Estado", width: 100, sorter: true },
        textColumn<PagoClienteListado>({ dataIndex: "observacion", title: "Observación", width: 110 }),
      ]}
      card={{
        title: (p) => p.cliente_nombre,
        fields: (p) => [
          { label: "Fecha", value: formatDate(p.fecha_pago) },
          { label: "Monto (con IVA)", value: formatCLP(p.monto) },
          { label: "Presupuesto", value: p.presupuesto_numero },
          { label: "Estado", value: p.estado },
        ],
      }}
    />
  );
}
