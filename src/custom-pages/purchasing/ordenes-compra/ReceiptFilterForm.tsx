// The filters over pending orders (Ingresos de Inventario; the arrivals view of OC Pendientes).
import { Button, Form, Input } from "antd";
import type { ReceiptFilters } from "./ReceiptCards";

export function ReceiptFilterForm({ onApply, obraLabel = "Obra", withStatus = false }: { onApply: (f: ReceiptFilters) => void; obraLabel?: string; withStatus?: boolean }) {
  return (
    <Form layout="vertical" onFinish={(v: ReceiptFilters) => onApply({ ...v })} role="search">
      <div className="vt-grid">
        <Form.Item className="span-3" name="numero_oc" label="N° OC">
          <Input inputMode="numeric" allowClear />
        </Form.Item>
        <Form.Item className="span-3" name="proveedor" label="Proveedor">
          <Input allowClear />
        </Form.Item>
        <Form.Item className="span-3" name="codigo" label="Código">
          <Input allowClear />
        </Form.Item>
        <Form.Item className="span-3" name="producto" label="Material">
          <Input allowClear />
        </Form.Item>
        <Form.Item className="span-6" name="observacion" label={obraLabel}>
          <Input allowClear />
        </Form.Item>
        {withStatus && (
          <Form.Item className="span-3" label="Estado" htmlFor="ingresos-estado">
            <Input id="ingresos-estado" value="Pendiente" disabled />
          </Form.Item>
        )}
        <Form.Item className="span-3" label=" ">
          <Button htmlType="submit">Filtrar</Button>
        </Form.Item>
      </div>
    </Form>
  );
}
