// "Registrar Termopanel" (sections 3 and 9): m2 = ancho × alto / 1,000,000 × cantidad,
// shown with 2 decimals as it is typed; the server computes and stores the same value.
import { Button, Form, Input, InputNumber } from "antd";
import { todayInSantiago } from "../../../domain/dates/dates";
import { formatM2 } from "../../../domain/workshop/format";
import { TERMOPANEL_VALOR_M2_DEFAULT, termopanelM2 } from "../../../domain/workshop/production";
import { termopanelSchema, type TermopanelInput } from "../../../domain/workshop/schemas";
import { zodRule } from "../../../components/zod-rule";
import { DateField } from "../../../components/DateField";

export type TermopanelFormValues = TermopanelInput;

export function termopanelDefaults(): TermopanelFormValues {
  return { fecha: todayInSantiago(), cliente: "", cantidad: 1, ancho_mm: null, alto_mm: null, observaciones: "", valor_m2: TERMOPANEL_VALOR_M2_DEFAULT };
}

interface Props {
  saving: boolean;
  onSubmit: (values: TermopanelFormValues) => void;
  form: ReturnType<typeof Form.useForm<TermopanelFormValues>>[0];
}

const num = (x: unknown) => (typeof x === "number" ? x : null);

export function TermopanelForm({ saving, onSubmit, form }: Props) {
  const ancho = Form.useWatch("ancho_mm", form);
  const alto = Form.useWatch("alto_mm", form);
  const cantidad = Form.useWatch("cantidad", form);
  const m2 = termopanelM2({ ancho_mm: num(ancho), alto_mm: num(alto), cantidad: num(cantidad) });
  return (
    <Form form={form} name="termopanel" layout="vertical" initialValues={termopanelDefaults()} onFinish={onSubmit} disabled={saving}>
      <div className="vt-grid">
        <Form.Item className="span-3" label="Fecha" name="fecha" rules={[zodRule(termopanelSchema.shape.fecha)]}>
          <DateField />
        </Form.Item>
        <Form.Item className="span-6" label="Cliente" name="cliente">
          <Input maxLength={200} />
        </Form.Item>
        <Form.Item className="span-3 vt-count" label="Cantidad" name="cantidad" rules={[zodRule(termopanelSchema.shape.cantidad)]}>
          <InputNumber min={1} precision={0} style={{ width: "100%" }} />
        </Form.Item>
        <Form.Item className="span-3 vt-count" label="Ancho (mm)" name="ancho_mm" rules={[zodRule(termopanelSchema.shape.ancho_mm)]}>
          <InputNumber min={0} style={{ width: "100%" }} />
        </Form.Item>
        <Form.Item className="span-3 vt-count" label="Alto (mm)" name="alto_mm" rules={[zodRule(termopanelSchema.shape.alto_mm)]}>
          <InputNumber min={0} style={{ width: "100%" }} />
        </Form.Item>
        <Form.Item className="span-3 vt-count" label="M2">
          <Input aria-label="M2" value={formatM2(m2)} readOnly />
        </Form.Item>
        <Form.Item className="span-3" label="Valor m2 termopanel" name="valor_m2" rules={[zodRule(termopanelSchema.shape.valor_m2)]}>
          <InputNumber min={0} style={{ width: "100%" }} />
        </Form.Item>
        <Form.Item className="span-12" label="Observaciones" name="observaciones">
          <Input maxLength={500} />
        </Form.Item>
      </div>
      <div className="vt-actions vt-actions--end vt-actions--stack">
        <Button onClick={() => form.resetFields()} disabled={saving}>
          Limpiar termopanel
        </Button>
        <Button type="primary" htmlType="submit" loading={saving}>
          Registrar termopanel
        </Button>
      </div>
    </Form>
  );
}
