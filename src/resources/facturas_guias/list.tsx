// Operaciones → Listado de Facturas/Guías (a Refine resource over GET api/facturas_guias):
// the accountants' daily search of supplier invoices — free text (supplier, RUT, numbers,
// observations), sorted, filtered by computed state and paged on the server.
import { Table, Tag } from "antd";
import type { FacturaGuia } from "../../api/operations";
import { ResourceList } from "../../components/ResourceList";
import { formatCLP, formatDate } from "../../domain/format";
import { INVOICE_PAYMENT_STATES, invoiceDisplayState } from "../../domain/operations";
import { estadoColor } from "./estado";

export default function FacturasGuiasList() {
  return (
    <ResourceList<FacturaGuia>
      resource="facturas_guias"
      title="Listado de Facturas/Guías"
      createLabel="Registrar factura/guía"
      sort={{ field: "fecha", order: "desc" }}
      unit="documento"
      searchPlaceholder="Proveedor, RUT, N° factura o guía…"
      table={{ size: "middle" }}
    >
      <Table.Column<FacturaGuia> dataIndex="fecha" title="Fecha" sorter render={(v: string) => formatDate(v)} className="vt-nowrap" />
      <Table.Column<FacturaGuia> dataIndex="proveedor" title="Proveedor" sorter />
      <Table.Column<FacturaGuia> dataIndex="rut_proveedor" title="RUT" className="vt-nowrap" />
      <Table.Column<FacturaGuia> dataIndex="numero_factura" title="N° Factura" sorter />
      <Table.Column<FacturaGuia> dataIndex="numero_guia" title="N° Guía" sorter />
      <Table.Column<FacturaGuia> dataIndex="monto_total" title="Total" sorter align="right" render={(v: number) => formatCLP(v)} />
      <Table.Column<FacturaGuia> dataIndex="vencimiento" title="Vencimiento" sorter render={(v: string) => formatDate(v)} className="vt-nowrap" />
      <Table.Column<FacturaGuia>
        dataIndex="estado_calculado"
        title="Estado"
        sorter
        filters={INVOICE_PAYMENT_STATES.map((s) => ({ text: s, value: s }))}
        render={(_, f) => {
          const e = invoiceDisplayState(f.estado_pago, f.estado_calculado);
          return <Tag color={estadoColor(e)}>{e}</Tag>;
        }}
      />
      <Table.Column<FacturaGuia> dataIndex="fecha_pago" title="Fecha pago" sorter render={(v: string | null) => (v ? formatDate(v) : "")} className="vt-nowrap" />
    </ResourceList>
  );
}
