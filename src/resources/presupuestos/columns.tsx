// A quote's columns in a table (the Presupuestos list, a client's quotes): one definition,
// built with the table rule of src/components/columns.
import type { ColumnType } from "antd/es/table";
import type { Presupuesto } from "../../custom-pages/sales/api";
import { dateColumn, moneyColumn, textColumn, NOWRAP } from "../../components/columns";

export const presupuestoColumns = {
  numero: { dataIndex: "numero", title: "Número", width: 110, className: NOWRAP, render: (v: string) => `#${v}` },
  cliente_nombre: textColumn<Presupuesto>({ dataIndex: "cliente_nombre", title: "Cliente", width: 200 }),
  nombre_obra: textColumn<Presupuesto>({ dataIndex: "nombre_obra", title: "Obra", width: 180 }),
  fecha: dateColumn<Presupuesto>({ dataIndex: "fecha", title: "Fecha" }),
  total_neto_presupuestado: moneyColumn<Presupuesto>({ dataIndex: "total_neto_presupuestado", title: "Neto presupuestado", width: 150 }),
} satisfies Record<string, ColumnType<Presupuesto>>;
