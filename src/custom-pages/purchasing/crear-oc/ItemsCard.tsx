// The "Ítems" card of "Crear Orden de Compra": the entry row, "Agregar ítem", the items
// with their totals and remove buttons, and net / IVA 19% / total (useOrderItems).
import { Button, Card, Form, Input, Table } from "antd";
import { DeleteOutlined } from "@ant-design/icons";
import { formatCLP, formatNumber } from "../../../domain/format";
import { itemNet, numericTextValue } from "../../../domain/purchasing";
import { MaterialPickers } from "../../inventory/materiales/MaterialPickers";
import { OrderTotalsView } from "../ordenes-compra/OrderTotalsView";
import { lineNumbers, type Line, type OrderItems } from "./useOrderItems";

export function ItemsCard({ order }: { order: OrderItems }) {
  const { entry, edit, numeric } = order;
  return (
    <Card title="Ítems">
      <Form layout="vertical" component="div">
        <div className="vt-grid">
          {order.nuevoProducto ? (
            <>
              <Form.Item className="span-3" label="Código" htmlFor="oc-codigo">
                <Input id="oc-codigo" value={entry.codigo} maxLength={50} onChange={(e) => edit({ codigo: e.target.value })} />
              </Form.Item>
              <Form.Item className="span-6" label="Producto" htmlFor="oc-producto">
                <Input id="oc-producto" value={entry.producto} maxLength={200} onChange={(e) => edit({ producto: e.target.value })} />
              </Form.Item>
            </>
          ) : (
            <MaterialPickers value={entry} onChange={order.onPick} codeId="oc-codigo" productId="oc-producto" codeClass="span-3" productClass="span-6" />
          )}
          <Form.Item className="span-3" label="Unidad" htmlFor="oc-unidad">
            <Input id="oc-unidad" value={entry.unidad} maxLength={20} onChange={(e) => edit({ unidad: e.target.value })} />
          </Form.Item>
          <Form.Item className="span-3" label="Cantidad" htmlFor="oc-cantidad">
            <Input id="oc-cantidad" inputMode="decimal" value={entry.cantidad} onChange={numeric("cantidad")} />
          </Form.Item>
          <Form.Item className="span-3" label="Precio neto" htmlFor="oc-precio">
            <Input id="oc-precio" inputMode="decimal" value={entry.precio_unitario} onChange={numeric("precio_unitario")} />
          </Form.Item>
          <Form.Item className="span-6" label=" ">
            <Button onClick={() => void order.addItem()} loading={order.adding}>
              Agregar ítem
            </Button>
          </Form.Item>
        </div>
      </Form>
      <Table<Line> rowKey="key" size="small" dataSource={order.items} pagination={false} scroll={{ x: "max-content" }} locale={{ emptyText: "Sin ítems" }} aria-label="Ítems de la orden">
        <Table.Column<Line> dataIndex="codigo" title="Código" />
        <Table.Column<Line> dataIndex="producto" title="Producto" />
        <Table.Column<Line> title="Cantidad" align="right" render={(_, l) => `${formatNumber(numericTextValue(l.cantidad))} ${l.unidad}`} />
        <Table.Column<Line> title="Precio neto" align="right" render={(_, l) => formatCLP(numericTextValue(l.precio_unitario))} />
        <Table.Column<Line> title="Total" align="right" render={(_, l) => formatCLP(itemNet(lineNumbers(l)))} />
        <Table.Column<Line>
          title=""
          render={(_, l) => <Button size="small" danger icon={<DeleteOutlined />} aria-label={`Quitar ${l.codigo}`} onClick={() => order.remove(l.key)} />}
        />
      </Table>
      <OrderTotalsView totals={order.totals} />
    </Card>
  );
}
