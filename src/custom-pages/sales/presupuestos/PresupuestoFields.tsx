// The quote's own fields (spec 2.4 "Nuevo Presupuesto"), shared by the new-quote screen
// and the Presupuestos resource's edit page. The client box is handled by the caller.
import { Form, Input } from "antd";
import { presupuestoSchema } from "../../../domain/sales";
import { formatCLP, parseNumberInput } from "../../../domain/format";
import { zodRule } from "../../../components/zod-rule";

export const PRESUPUESTO_FIELDS = ["numero", "cliente_id", "nombre_obra", "direccion", "observacion", "fecha", "total_neto_presupuestado"] as const;

export function PresupuestoFields({ numeroRules = false }: { numeroRules?: boolean }) {
  const s = presupuestoSchema.shape;
  return (
    <>
      <Form.Item
        className="span-4"
        name="numero"
        label="Número de presupuesto"
        required
        rules={numeroRules ? [zodRule(s.numero)] : undefined}
      >
        <Input autoComplete="off" maxLength={50} />
      </Form.Item>
      <Form.Item className="span-8" name="nombre_obra" label="Nombre de la obra" rules={[zodRule(s.nombre_obra)]}>
        <Input autoComplete="off" maxLength={200} />
      </Form.Item>
      <Form.Item className="span-8" name="direccion" label="Dirección" rules={[zodRule(s.direccion)]}>
        <Input autoComplete="off" maxLength={300} />
      </Form.Item>
      <Form.Item noStyle shouldUpdate={(a, b) => a.total_neto_presupuestado !== b.total_neto_presupuestado}>
        {({ getFieldValue }) => {
          const parsed = parseNumberInput(getFieldValue("total_neto_presupuestado") as string | number | null | undefined);
          return (
            <Form.Item
              className="span-4"
              name="total_neto_presupuestado"
              label="Total neto presupuestado"
              rules={[zodRule(s.total_neto_presupuestado, { typedNumber: true })]}
              extra={parsed !== null ? `${formatCLP(parsed)} + IVA` : "En pesos, sin IVA"}
            >
              <Input inputMode="numeric" autoComplete="off" prefix="$" />
            </Form.Item>
          );
        }}
      </Form.Item>
      <Form.Item className="span-12" name="observacion" label="Observaciones" rules={[zodRule(s.observacion)]}>
        <Input.TextArea rows={3} maxLength={2000} />
      </Form.Item>
    </>
  );
}
