// The "Ingreso de Cliente" form (the /IngresoCliente screen and Clientes → Nuevo), spec 2.4, 4, 5, 8: Nombre (required), RUT,
// Correo, Teléfono, Dirección; "Guardar Cliente" shows "Guardando..." and is disabled
// while saving; on success "Cliente guardado correctamente" (gone after 3 s) and the
// form is cleared; on failure "Error al guardar el cliente" with the server's field
// errors (invalid RUT, duplicate RUT…) under the fields.
import { useState } from "react";
import { Button, Card, Form } from "antd";
import { createCliente } from "../../api/sales";
import { Page } from "../../components/Page";
import { useBanner } from "../../components/useBanner";
import { showFieldErrors } from "../../components/zod-rule";
import { CLIENTE_FIELDS, ClienteFields, clienteBody } from "./ClienteFields";

export const MSG_CLIENTE_OK = "Cliente guardado correctamente";
export const MSG_CLIENTE_ERROR = "Error al guardar el cliente";

/** `onSaved` gets the new client's id (the resource's create page opens it). */
export function IngresoClienteForm({ onSaved }: { onSaved?: (id: number | undefined) => void }) {
  const [form] = Form.useForm();
  const [saving, setSaving] = useState(false);
  const { banner, show, clear } = useBanner();

  const onFinish = async (values: Record<string, unknown>) => {
    if (saving) return;
    setSaving(true);
    show(null);
    try {
      const saved = await createCliente(clienteBody(values));
      form.resetFields();
      show({ type: "success", message: MSG_CLIENTE_OK });
      onSaved?.(saved?.id);
    } catch (error) {
      console.error(MSG_CLIENTE_ERROR, error);
      show({ type: "error", message: MSG_CLIENTE_ERROR, description: showFieldErrors(form, error, CLIENTE_FIELDS) });
    } finally {
      setSaving(false);
    }
  };

  return (
    <Page title="Ingreso de Cliente" narrow banner={banner} onCloseBanner={clear}>
      <Card>
        <Form form={form} name="ingreso-cliente" layout="vertical" onFinish={onFinish} requiredMark disabled={saving}>
          <ClienteFields />
          <div className="vt-actions vt-actions--end vt-actions--stack">
            <Button type="primary" htmlType="submit" disabled={saving} loading={saving}>
              {saving ? "Guardando..." : "Guardar Cliente"}
            </Button>
          </div>
        </Form>
      </Card>
    </Page>
  );
}
