// Ventas → Presupuestos → Editar: correct a quote's header (PUT api/presupuestos/{id}):
// client, number, work, address, net budgeted amount, observations and date. The rules are
// the domain's; a number already used for the client is refused by the server (409).
import { useEffect, useMemo, useState } from "react";
import { Edit, useForm } from "@refinedev/antd";
import { DatePicker, Form, Select } from "antd";
import dayjs, { type Dayjs } from "dayjs";
import { presupuestoSchema } from "../../domain/sales";
import { listClientes, type Cliente, type Presupuesto } from "./shared/api";
import { clienteLabel } from "./shared/ClientQuoteSelectors";
import { zodRule } from "./shared/zod-rule";
import { PresupuestoFields } from "./PresupuestoFields";
import "./shared/sales.css";
import { PageTitle } from "./shared/PageTitle";

export default function PresupuestosEdit() {
  const { formProps, saveButtonProps, query } = useForm<Presupuesto>({
    resource: "presupuestos",
    action: "edit",
    redirect: "show",
    successNotification: () => ({ type: "success", message: "Presupuesto guardado correctamente" }),
  });
  const presupuesto = query?.data?.data;
  const [clients, setClients] = useState<Cliente[]>([]);

  useEffect(() => {
    void listClientes().then(setClients);
  }, []);

  const options = useMemo(() => {
    const list = clients.map((c) => ({ value: c.id, label: clienteLabel(c) }));
    // Until the list arrives, the current client still shows by name.
    if (presupuesto && !clients.some((c) => c.id === presupuesto.cliente_id)) {
      list.unshift({ value: presupuesto.cliente_id, label: presupuesto.cliente_nombre ?? `Cliente ${presupuesto.cliente_id}` });
    }
    return list;
  }, [clients, presupuesto]);

  const onFinish = (values: Record<string, unknown>) => {
    const parsed = presupuestoSchema.safeParse(values);
    return formProps.onFinish?.((parsed.success ? parsed.data : values) as Partial<Presupuesto>);
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
            <Select showSearch optionFilterProp="label" options={options} placeholder="Seleccione un cliente" />
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
