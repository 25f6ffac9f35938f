// Ventas → Presupuestos → Editar: correct a quote's header (PUT api/presupuestos/{id}):
// client, number, work, address, net budgeted amount, observations and date. The rules are
// the domain's; a number already used for the client is refused by the server (409).
import { Edit, useForm } from "@refinedev/antd";
import { App, Form } from "antd";
import { confirmAccepted } from "../../custom-pages/sales/compartir-cliente/confirm-accepted";
import { presupuestoSchema } from "../../domain/sales";
import { withTypedNumbers } from "../../domain/format";
import type { Presupuesto } from "../../custom-pages/sales/api";
import { DateField } from "../../components/DateField";
import { PageTitle } from "../../components/PageTitle";
import { zodRule } from "../../components/zod-rule";
import { ClientSelect } from "../../custom-pages/sales/clientes/ClientSelect";
import { PresupuestoFields } from "../../custom-pages/sales/presupuestos/PresupuestoFields";
import { WithHistory } from "../../custom-pages/platform/auditoria/WithHistory";

export default function PresupuestosEdit() {
  const { formProps, saveButtonProps, query } = useForm<Presupuesto>({
    resource: "presupuestos",
    action: "edit",
    redirect: "show",
    successNotification: () => ({ type: "success", message: "Presupuesto guardado correctamente" }),
  });
  const presupuesto = query?.data?.data;
  const current = presupuesto ? { id: presupuesto.cliente_id, nombre: presupuesto.cliente_nombre, rut: presupuesto.cliente_rut } : null;

  const { modal } = App.useApp();
  const onFinish = (values: Record<string, unknown>) => {
    const typed = withTypedNumbers(values, ["total_neto_presupuestado"]);
    const parsed = presupuestoSchema.safeParse(typed);
    const save = () => formProps.onFinish?.((parsed.success ? parsed.data : typed) as Partial<Presupuesto>);
    // A quote the client accepted: the change is confirmed first (the server records it as made after the acceptance).
    if (presupuesto?.aceptado_fecha) return confirmAccepted(modal, presupuesto.aceptado_fecha, () => void save());
    return save();
  };

  return (
    <Edit
      title={<PageTitle>{presupuesto ? `Editar presupuesto #${presupuesto.numero}` : "Editar presupuesto"}</PageTitle>}
      saveButtonProps={saveButtonProps}
      canDelete={false}
      breadcrumb={false}
      headerButtons={() => null}
    >
      <WithHistory entidad="presupuestos" entidadId={presupuesto?.id}>
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
          >
            <DateField />
          </Form.Item>
          <PresupuestoFields numeroRules />
        </div>
      </Form>
      </WithHistory>
    </Edit>
  );
}
