// A quote's columns in a table (the Presupuestos list, a client's quotes): one definition,
// spread into <Table.Column {...presupuestoColumns.numero} />.
import type { ColumnType } from "antd/es/table";
import { formatCLP, formatDate } from "../../domain/format";
import type { Presupuesto } from "../../api/sales";

export const presupuestoColumns = {
  numero: { dataIndex: "numero", title: "Número", className: "vt-nowrap", render: (v: string) => `#${v}` },
  cliente_nombre: { dataIndex: "cliente_nombre", title: "Cliente" },
  nombre_obra: { dataIndex: "nombre_obra", title: "Obra", render: (v: string | null) => v || "—" },
  fecha: { dataIndex: "fecha", title: "Fecha", className: "vt-nowrap", render: (v: string) => formatDate(v) },
  total_neto_presupuestado: {
    dataIndex: "total_neto_presupuestado",
    title: "Neto presupuestado",
    align: "right",
    className: "vt-nowrap",
    render: (v: number) => formatCLP(v),
  },
} satisfies Record<string, ColumnType<Presupuesto>>;
