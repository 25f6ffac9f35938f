// The "Nuevo Presupuesto" form (the /IngresoPresupuesto screen and Presupuestos → Nuevo), spec 2.4, 4, 5, 8.
// - Client text box with suggestions (exact match selects; on blur the first client whose
//   name contains the text is chosen).
// - Number (required mark), work name, address, net budgeted amount, observations.
// - The date is kept in state (today in Santiago) and has no input.
// - Banners at the top: "Complete los campos obligatorios", "Ya existe un presupuesto con ese
//   número para este cliente" (checked against the client's quotes before sending; the
//   server's 409 says the same), success "Presupuesto y seguimiento guardados correctamente"
//   (gone after 3 s; form and client text cleared), or "Error al guardar presupuesto o seguimiento".
import { useId, useState } from "react";
import { Button, Card, Form } from "antd";
import { presupuestoSchema } from "../../../domain/sales";
import { todayInSantiago } from "../../../domain/dates";
import { formatDate, withTypedNumbers } from "../../../domain/format";
import { createPresupuesto, fetchPresupuestosDeCliente, type Cliente, type Presupuesto } from "../api";
import { salesKeys } from "../keys";
import { useWrite } from "../../../data/query";
import { Page } from "../../../components/Page";
import { useBanner } from "../../../components/useBanner";
import { showFieldErrors } from "../../../components/zod-rule";
import { statusOf } from "../../../providers/http";
import { ClientAutoComplete } from "../clientes/ClientAutoComplete";
import { PRESUPUESTO_FIELDS, PresupuestoFields } from "./PresupuestoFields";

const PRESUPUESTO_INPUTS = PRESUPUESTO_FIELDS.filter((f) => f !== "cliente_id" && f !== "fecha");

export const MSG_CAMPOS_OBLIGATORIOS = "Complete los campos obligatorios";
export const MSG_PRESUPUESTO_DUPLICADO = "Ya existe un presupuesto con ese número para este cliente";
export const MSG_PRESUPUESTO_OK = "Presupuesto y seguimiento guardados correctamente";
export const MSG_PRESUPUESTO_ERROR = "Error al guardar presupuesto o seguimiento";

/** The same comparison the server's uniqueness rule makes (numbers are trimmed). */
function sameNumero(a: string | null | undefined, b: string): boolean {
  return (a ?? "").trim() === b.trim();
}

interface Props {
  /** Called with the new quote's id after a successful save (the resource's create page opens it). */
  onSaved?: (id: number | undefined) => void;
}

export function NuevoPresupuestoForm({ onSaved }: Props) {
  const [form] = Form.useForm();
  const clientBoxId = useId();
  const [clientText, setClientText] = useState("");
  const [client, setClient] = useState<Cliente | null>(null);
  const [fecha, setFecha] = useState(() => todayInSantiago());
  const [saving, setSaving] = useState(false);
  const write = useWrite();
  const [clientMissing, setClientMissing] = useState(false);
  const { banner, show, clear } = useBanner();

  /** An error banner is about the last attempt: editing the form dismisses it. */
  const dismissError = () => {
    if (banner && banner.type !== "success") clear();
  };

  const onClientChange = (text: string, selected: Cliente | null) => {
    setClientText(text);
    setClient(selected);
    if (selected) setClientMissing(false);
    dismissError();
  };

  const submit = async () => {
    if (saving) return;
    const values = form.getFieldsValue() as Record<string, unknown>;
    const numero = String(values.numero ?? "").trim();
    if (!client || numero === "") {
      setClientMissing(!client);
      show({ type: "error", message: MSG_CAMPOS_OBLIGATORIOS });
      return;
    }
    try {
      await form.validateFields();
    } catch {
      return; // field messages are shown under the fields
    }
    const parsed = presupuestoSchema.safeParse({ ...withTypedNumbers(values, ["total_neto_presupuestado"]), cliente_id: client.id, fecha });
    if (!parsed.success) {
      show({ type: "error", message: MSG_CAMPOS_OBLIGATORIOS });
      return;
    }
    const body = parsed.data;

    setSaving(true);
    show(null);
    try {
      // Uniqueness per client, checked first by fetching the client's quotes (spec 5).
      let existing: Presupuesto[] = [];
      try {
        existing = await fetchPresupuestosDeCliente(client.id);
      } catch (error) {
        // The server enforces the rule too (409), so a failed check does not block the save.
        console.error("No se pudieron cargar los presupuestos del cliente", error);
      }
      if (existing.some((p) => sameNumero(p.numero, body.numero))) {
        show({ type: "error", message: MSG_PRESUPUESTO_DUPLICADO });
        return;
      }
      // The quotes lists and pickers (this client's included) know it at once.
      const saved = await write(() => createPresupuesto(body), { invalidates: [salesKeys.quotes()] });
      form.resetFields();
      setClientText("");
      setClient(null);
      setFecha(todayInSantiago());
      show({ type: "success", message: MSG_PRESUPUESTO_OK });
      onSaved?.(saved?.id);
    } catch (error) {
      console.error(MSG_PRESUPUESTO_ERROR, error);
      if (statusOf(error) === 409) {
        show({ type: "error", message: MSG_PRESUPUESTO_DUPLICADO });
        return;
      }
      // The client box and the date are not inputs of this form: their messages go to the banner only.
      const description = showFieldErrors(form, error, PRESUPUESTO_FIELDS, PRESUPUESTO_INPUTS);
      show({ type: "error", message: MSG_PRESUPUESTO_ERROR, description });
    } finally {
      setSaving(false);
    }
  };

  return (
    <Page
      title="Nuevo Presupuesto"
      subtitle={<>Fecha: {formatDate(fecha)}</>}
      narrow
      banner={banner}
      onCloseBanner={clear}
    >
      <Card>
        <Form
          form={form}
          name="nuevo-presupuesto"
          layout="vertical"
          onFinish={() => void submit()}
          onFinishFailed={() => void submit()}
          onValuesChange={dismissError}
          disabled={saving}
        >
          <div className="vt-grid">
            <Form.Item
              className="span-12"
              label="Cliente"
              htmlFor={clientBoxId}
              required
              validateStatus={clientMissing ? "error" : undefined}
              help={clientMissing ? "Seleccione un cliente de la lista" : undefined}
              extra={
                client ? (
                  <span>
                    Cliente seleccionado: {client.nombre}
                    {client.rut ? ` · RUT ${client.rut}` : ""}
                  </span>
                ) : undefined
              }
            >
              <ClientAutoComplete
                id={clientBoxId}
                text={clientText}
                selected={client}
                onChange={onClientChange}
                disabled={saving}
                status={clientMissing ? "error" : undefined}
              />
            </Form.Item>
            <PresupuestoFields />
          </div>
          <div className="vt-actions vt-actions--end vt-actions--stack">
            <Button type="primary" htmlType="submit" disabled={saving} loading={saving}>
              Guardar Presupuesto
            </Button>
          </div>
        </Form>
      </Card>
    </Page>
  );
}
