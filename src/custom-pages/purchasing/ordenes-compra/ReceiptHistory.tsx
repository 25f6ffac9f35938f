// Every receipt of an order (invoice, its date, when and by whom it was entered, and what
// arrived of each item), so a partial delivery over several invoices stays traceable.
import { Table } from "antd";
import { getOrdenCompra } from "../api";
import { useApiQuery } from "../../../data/query";
import type { RecepcionRow } from "../../../domain/purchasing";
import { formatDate, formatDateTime, formatNumber } from "../../../domain/format";
import { purchasingKeys } from "../keys";

export function ReceiptHistory({ numero }: { numero: number }) {
  const history = useApiQuery(purchasingKeys.receipts(numero), () => getOrdenCompra(numero).then((o) => o.recepciones), {
    failMessage: "No se pudieron cargar las recepciones",
  });
  const rows = history.failed ? [] : history.current;
  if (rows === null) return null;
  if (rows.length === 0) return <p className="vt-muted" style={{ margin: "8px 0 0" }}>Sin recepciones registradas.</p>;
  return (
    <Table<RecepcionRow> style={{ marginTop: 8 }} rowKey="id" size="small" pagination={false} dataSource={rows} scroll={{ x: "max-content" }} aria-label={`Recepciones OC ${numero}`}>
      <Table.Column<RecepcionRow> dataIndex="factura" title="Factura" />
      <Table.Column<RecepcionRow> title="Fecha factura" render={(_, r) => formatDate(r.fecha_factura)} />
      <Table.Column<RecepcionRow> title="Ingresada" render={(_, r) => formatDateTime(r.fecha)} />
      <Table.Column<RecepcionRow> title="Usuario" render={(_, r) => r.usuario_nombre ?? "—"} />
      <Table.Column<RecepcionRow> title="Llegó" render={(_, r) => r.items.map((i) => `${i.codigo}: +${formatNumber(i.diferencia)}`).join(" · ")} />
    </Table>
  );
}
