// The schedule (daily, Chile time) and the retention of the backups.
import { useEffect } from "react";
import { Button, Card, Form, Input, InputNumber } from "antd";
import { ajustesRespaldoSchema, type AjustesRespaldo } from "../../../domain/respaldos/schemas";
import { showFieldErrors, zodRule } from "../../../components/zod-rule";
import type { FormInstance } from "antd";

const FIELDS = Object.keys(ajustesRespaldoSchema.shape);
const rule = (name: keyof typeof ajustesRespaldoSchema.shape) => [zodRule(ajustesRespaldoSchema.shape[name])];

interface Props {
  ajustes: AjustesRespaldo | null;
  origen: "guardados" | "entorno" | null;
  saving: boolean;
  onSave: (values: AjustesRespaldo) => Promise<void>;
}

export function AjustesCard({ ajustes, origen, saving, onSave }: Props) {
  const [form] = Form.useForm<AjustesRespaldo>();
  useEffect(() => {
    if (ajustes) form.setFieldsValue(ajustes);
  }, [ajustes, form]);
  return (
    <Card size="small" title="Horario y retención">
      <Form form={form} name="ajustes-respaldo" layout="vertical" disabled={!ajustes || saving} onFinish={(v) => onSave(v).catch((err) => showFieldErrors(form as FormInstance, err, FIELDS))}>
        <div className="vt-grid">
          <Form.Item className="span-3" name="hora" label="Hora diaria (Chile)" rules={rule("hora")} required>
            <Input maxLength={5} placeholder="02:00" inputMode="numeric" />
          </Form.Item>
          <Form.Item className="span-3" name="diarios" label="Diarios a conservar" rules={rule("diarios")} required>
            <InputNumber min={1} max={60} precision={0} style={{ width: "100%" }} />
          </Form.Item>
          <Form.Item className="span-3" name="semanales" label="Semanales a conservar" rules={rule("semanales")} required>
            <InputNumber min={0} max={52} precision={0} style={{ width: "100%" }} />
          </Form.Item>
          <Form.Item className="span-3" name="mensuales" label="Mensuales a conservar" rules={rule("mensuales")} required>
            <InputNumber min={0} max={120} precision={0} style={{ width: "100%" }} />
          </Form.Item>
        </div>
        <div className="vt-actions">
          <span className="vt-muted">{origen === "guardados" ? "Guardados en esta pantalla." : "Tomados del entorno (BACKUP_HORA, BACKUP_DIARIOS…) o por defecto."}</span>
          <Button type="primary" htmlType="submit" loading={saving}>
            Guardar horario
          </Button>
        </div>
      </Form>
    </Card>
  );
}
