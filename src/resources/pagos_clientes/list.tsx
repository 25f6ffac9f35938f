// Operaciones → Listado de Pagos: every client payment with its client, budget and work,
// searched, sorted and paged on the server; new payments go to "Pagos de Clientes".
import { Table } from "antd";
import type { PagoClienteListado } from "../../api/operations";
import { ResourceList } from "../../components/ResourceList";
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
    >
      <Table.Column<PagoClienteListado> dataIndex="fecha_pago" title="Fecha" sorter render={(v: string) => formatDate(v)} className="vt-nowrap" />
      <Table.Column<PagoClienteListado> dataIndex="cliente_nombre" title="Cliente" sorter />
      <Table.Column<PagoClienteListado> dataIndex="presupuesto_numero" title="Presupuesto" sorter />
      <Table.Column<PagoClienteListado> dataIndex="nombre_obra" title="Obra" />
      <Table.Column<PagoClienteListado> dataIndex="monto" title="Monto (con IVA)" sorter align="right" render={(v: number) => formatCLP(v)} />
      <Table.Column<PagoClienteListado> dataIndex="estado" title="Estado" sorter />
      <Table.Column<PagoClienteListado> dataIndex="observacion" title="Observación" />
    </ResourceList>
  );
}
