// "Registrar UTV" (sections 3, 4 and 9): every count, type, comments, value per unit,
// installer m2 and installer from the fixed list of six. Create or edit mode; "Limpiar"
// resets it. The UTV units and value are shown as they are typed (production.ts).
import { useEffect, useState } from "react";
import { Button, Form, Input, InputNumber, Select } from "antd";
import { INSTALADORES } from "../../../config/empresa";
import { todayInSantiago } from "../../../domain/dates/dates";
import { formatCLP, formatNumber } from "../../../domain/format";
import { UTV_CONTEO_ETIQUETAS, UTV_CONTEOS, UTV_TIPOS, UTV_VALOR_M2_DEFAULT, utvUnits, utvValue } from "../../../domain/workshop/production";
import { utvSchema, type UtvInput } from "../../../domain/workshop/schemas";
import { zodRule } from "../../../components/zod-rule";
import type { Utv } from "../api";
import { DateField } from "../../../components/DateField";

export type UtvFormValues = UtvInput;

export function utvDefaults(): UtvFormValues {
  return {
    fecha: todayInSantiago(),
    nombre_pauta: "",
    numero_pauta: "",
    tipo: "PVC",
    ...Object.fromEntries(UTV_CONTEOS.map((c) => [c, 0])),
    comentario_marcos: "",
    comentario_otro: "",
    valor_m2: UTV_VALOR_M2_DEFAULT,
    m2_instalador: 0,
    instalador: null,
  };
}

interface Props {
  editing: Utv | null;
  saving: boolean;
  onSubmit: (values: UtvFormValues) => void;
  onClear: () => void;
  form: ReturnType<typeof Form.useForm<UtvFormValues>>[0];
}

export function UtvForm({ editing, saving, onSubmit, onClear, form }: Props) {
  const values = Form.useWatch([], form) as UtvFormValues | undefined;
  const [preview, setPreview] = useState({ units: 0, value: 0 });
  useEffect(() => {
    const v = values ?? {};
    const num = (x: unknown) => (typeof x === "number" ? x : null);
    const record = { ...Object.fromEntries(UTV_CONTEOS.map((c) => [c, num((v as Record<string, unknown>)[c])])), valor_m2: num(v.valor_m2) };
    setPreview({ units: utvUnits(record), value: utvValue(record) });
  }, [values]);

  return (
    <Form form={form} name="utv" layout="vertical" initialValues={utvDefaults()} onFinish={onSubmit} disabled={saving}>
      <div className="vt-grid">
        <Form.Item className="span-3" label="Fecha" name="fecha" rules={[zodRule(utvSchema.shape.fecha)]}>
          <DateField />
        </Form.Item>
        <Form.Item className="span-3" label="Nombre pauta" name="nombre_pauta">
          <Input maxLength={200} />
        </Form.Item>
        <Form.Item className="span-3" label="Número pauta" name="numero_pauta">
          <Input maxLength={50} />
        </Form.Item>
        <Form.Item className="span-3" label="Tipo" name="tipo">
          <Select options={UTV_TIPOS.map((t) => ({ value: t, label: t }))} />
        </Form.Item>
        {UTV_CONTEOS.map((c) => (
          <Form.Item key={c} className="span-3 vt-count" label={UTV_CONTEO_ETIQUETAS[c]} name={c} rules={[zodRule(utvSchema.shape[c])]}>
            <InputNumber min={0} precision={0} style={{ width: "100%" }} />
          </Form.Item>
        ))}
        <Form.Item className="span-6" label="Comentario marcos adicionales" name="comentario_marcos">
          <Input maxLength={500} />
        </Form.Item>
        <Form.Item className="span-6" label="Comentario otro" name="comentario_otro">
          <Input maxLength={500} />
        </Form.Item>
        <Form.Item className="span-3" label="Valor m2" name="valor_m2" rules={[zodRule(utvSchema.shape.valor_m2)]}>
          <InputNumber min={0} style={{ width: "100%" }} />
        </Form.Item>
        <Form.Item className="span-3" label="M2 instalador" name="m2_instalador" rules={[zodRule(utvSchema.shape.m2_instalador)]}>
          <InputNumber min={0} step={0.01} decimalSeparator="," style={{ width: "100%" }} />
        </Form.Item>
        <Form.Item className="span-6" label="Instalador" name="instalador">
          <Select allowClear placeholder="Seleccione instalador" options={INSTALADORES.map((i) => ({ value: i, label: i }))} />
        </Form.Item>
      </div>
      <p className="vt-muted" aria-live="polite">
        UTV: <strong className="vt-num">{formatNumber(preview.units, 2)}</strong> · Valor: <strong className="vt-num">{formatCLP(preview.value)}</strong>
      </p>
      <div className="vt-actions vt-actions--end vt-actions--stack">
        <Button onClick={onClear} disabled={saving}>
          Limpiar
        </Button>
        <Button type="primary" htmlType="submit" loading={saving}>
          {editing ? "Actualizar UTV" : "Guardar UTV"}
        </Button>
      </div>
    </Form>
  );
}
