// Ventas → Presupuestos → Editar: correct a quote's header (PUT api/presupuestos/{id}):
// client, number, work, address, net budgeted amount, observations and date. The rules are
// the domain's; a number already used for the client is refused by the server (409).
import { Edit, useForm } from "@refinedev/antd";
import { DatePicker, Form } from "antd";
import dayjs, { type Dayjs } from "dayjs";
import { presupuestoSchema } from "../../domain/sales";
import { withTypedNumbers } from "../../domain/format";
import type { Presupuesto } from "../../api/sales";
import { PageTitle } from "../../components/PageTitle";
import { zodRule } from "../../components/zod-rule";
import { ClientSelect } from "../clientes/ClientSelect";
import { PresupuestoFields } from "./PresupuestoFields";

export default function PresupuestosEdit() {
  const { formProps, saveButtonProps, query } = useForm<Presupuesto>({
    resource: "presupuestos",
    action: "edit",
    redirect: "show",
    successNotification: () => ({ type: "success", message: "Presupuesto guardado correctamente" }),
  });
  const presupuesto = query?.data?.data;
  const current = presupuesto ? { id: presupuesto.cliente_id, nombre: presupuesto.cliente_nombre, rut: presupuesto.cliente_rut } : null;

  const onFinish = (values: Record<string, unknown>) => {
    const typed = withTypedNumbers(values, ["total_neto_presupuestado"]);
    const parsed = presupuestoSchema.safeParse(typed);
    return formProps.onFinish?.((parsed.success ? parsed.data : typed) as Partial<Presupuesto>);
  };

  return (
    <Edit
      title={<PageTitle>{presupuesto ? `Editar presupuesto #${presupuesto.numero}` : "Editar presupuesto"}</PageTitle>}
      saveButtonProps={saveButtonProps}
      canDelete={false}
    >
      <Form {...formProps} layout="vertical" style={{ maxWidth: 900 }} onFinish={onFinish}>
        <div className="vt-grid">
          <Form.Item
            className="span-8"
            name="cliente_id"
            label="Cliente"
            required
            rules={[zodRule(presupuestoSchema.shape.cliente_id)]}
          >
            <ClientSelect current={current} />
          </Form.Item>
          <Form.Item
            className="span-4"
            name="fecha"
            label="Fecha"
            rules={[zodRule(presupuestoSchema.shape.fecha)]}
            getValueProps={(v: string | null | undefined) => ({ value: v ? dayjs(v) : undefined })}
            normalize={(d: Dayjs | null) => (d ? d.format("YYYY-MM-DD") : null)}
          >
            <DatePicker format="DD-MM-YYYY" style={{ width: "100%" }} allowClear={false} />
          </Form.Item>
          <PresupuestoFields numeroRules />
        </div>
      </Form>
    </Edit>
  );
}
