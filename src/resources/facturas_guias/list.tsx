// Operaciones → Listado de Facturas/Guías (a Refine resource over GET api/facturas_guias):
// the accountants' daily search of supplier invoices — free text (supplier, RUT, numbers,
// observations), sorted, filtered by computed state and paged on the server.
import { Tag } from "antd";
import type { FacturaGuia } from "../../api/operations";
import { ResourceList } from "../../components/ResourceList";
import { dateColumn, moneyColumn, textColumn, NOWRAP } from "../../components/columns";
import { formatCLP, formatDate } from "../../domain/format";
import { INVOICE_PAYMENT_STATES, invoiceDisplayState } from "../../domain/operations";
import { estadoColor } from "./estado";

function Estado({ f }: { f: FacturaGuia }) {
  const e = invoiceDisplayState(f.estado_pago, f.estado_calculado);
  return <Tag color={estadoColor(e)}>{e}</Tag>;
}

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
      columns={[
        dateColumn<FacturaGuia>({ dataIndex: "fecha", title: "Fecha", sorter: true }),
        textColumn<FacturaGuia>({ dataIndex: "proveedor", title: "Proveedor", width: 180, sorter: true }),
        { dataIndex: "rut_proveedor", title: "RUT", width: 112, className: NOWRAP },
        { dataIndex: "numero_factura", title: "N° Factura", width: 96, sorter: true },
        { dataIndex: "numero_guia", title: "N° Guía", width: 88, sorter: true },
        moneyColumn<FacturaGuia>({ dataIndex: "monto_total", title: "Total", sorter: true }),
        dateColumn<FacturaGuia>({ dataIndex: "vencimiento", title: "Vencimiento", width: 116, sorter: true }),
        {
          dataIndex: "estado_calculado",
          title: "Estado",
          width: 104,
          sorter: true,
          filters: INVOICE_PAYMENT_STATES.map((s) => ({ text: s, value: s })),
          render: (_, f) => <Estado f={f} />,
        },
        dateColumn<FacturaGuia>({ dataIndex: "fecha_pago", title: "Fecha pago", sorter: true }),
      ]}
      card={{
        title: (f) => f.proveedor,
        extra: (f) => <Estado f={f} />,
        fields: (f) => [
          { label: "N° Factura", value: f.numero_factura ?? "—" },
          { label: "Total", value: formatCLP(f.monto_total) },
          { label: "Fecha", value: formatDate(f.fecha) },
          { label: "Vencimiento", value: f.vencimiento ? formatDate(f.vencimiento) : "—" },
        ],
      }}
    />
  );
}
