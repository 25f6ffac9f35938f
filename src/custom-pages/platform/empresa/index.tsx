// Administración → Empresa: the company's own data that the quote and purchase-order PDFs
// print (name, RUT, address, contact, bank account for transfers, offer validity, payment
// terms, delivery time, logo). Informático edits it; Gerencia sees it read-only.
import { useEffect, useState } from "react";
import { useGetIdentity } from "@refinedev/core";
import { Button, Card, Form, Input, InputNumber, Select, Space, Upload } from "antd";
import { UploadOutlined } from "@ant-design/icons";
import { getEmpresa, updateEmpresa } from "../api/empresa";
import { useApiQuery, useWrite } from "../../../data/query";
import { platformKeys } from "../keys";
import { empresaSchema, LOGO_MAX_BYTES, LOGO_TIPOS, MSG_LOGO_GRANDE, MSG_LOGO_TIPO, type EmpresaInput } from "../../../domain/empresa/schemas";
import { ELEVATION_VIEW_LABELS, ELEVATION_VIEWS } from "../../../domain/sales/elevation";
import { EMPRESA_EDITORS, isRole } from "../../../domain/roles/roles";
import { Page } from "../../../components/Page";
import { useBanner } from "../../../components/useBanner";
import { showFieldErrors, zodRule } from "../../../components/zod-rule";
import type { SessionUser } from "../../../providers/session";

export const MSG_EMPRESA_GUARDADA = "Datos de la empresa guardados";
export const MSG_EMPRESA_ERROR = "No se pudieron guardar los datos de la empresa.";
export const MSG_SOLO_INFORMATICO = "Solo el rol Informático puede modificar estos datos.";

const FIELDS = Object.keys(empresaSchema.shape);
const VISTA_OPTIONS = ELEVATION_VIEWS.map((v) => ({ value: v, label: ELEVATION_VIEW_LABELS[v] }));
const rule = (name: keyof typeof empresaSchema.shape) => [zodRule(empresaSchema.shape[name])];

function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });
}

export default function EmpresaPage() {
  const { data: user } = useGetIdentity<SessionUser | null>();
  const canEdit = !!user && isRole(user.rol) && EMPRESA_EDITORS.includes(user.rol);
  const [form] = Form.useForm<EmpresaInput>();
  const empresa = useApiQuery(platformKeys.empresa(), getEmpresa, { failMessage: "Error al cargar la empresa" });
  const loaded = empresa.current;
  const [saving, setSaving] = useState(false);
  const write = useWrite();
  const { banner, show, clear } = useBanner();
  const logo = Form.useWatch("logo", form);

  useEffect(() => {
    if (loaded) form.setFieldsValue(loaded);
  }, [form, loaded]);
  useEffect(() => {
    if (empresa.failed) show({ type: "error", message: "No se pudieron cargar los datos de la empresa." });
  }, [empresa.failed, show]);

  const onFinish = async (values: EmpresaInput) => {
    setSaving(true);
    try {
      // The stored row is the answer of the one key every view of the company reads.
      const row = await write(() => updateEmpresa({ ...values, logo: values.logo ?? null }));
      empresa.setData(() => row);
      show({ type: "success", message: MSG_EMPRESA_GUARDADA });
    } catch (err) {
      console.error(MSG_EMPRESA_ERROR, err);
      show({ type: "error", message: MSG_EMPRESA_ERROR, description: showFieldErrors(form, err, FIELDS) });
    } finally {
      setSaving(false);
    }
  };

  const pickLogo = async (file: File) => {
    if (!(LOGO_TIPOS as readonly string[]).includes(file.type)) show({ type: "error", message: MSG_LOGO_TIPO });
    else if (file.size > LOGO_MAX_BYTES) show({ type: "error", message: MSG_LOGO_GRANDE });
    else form.setFieldValue("logo", await readAsDataUrl(file));
    return false; // never uploaded by itself: saved with the form
  };

  return (
    <Page title="Datos de la empresa" subtitle="Lo que imprimen los presupuestos y las órdenes de compra." banner={banner} onCloseBanner={clear}>
      <Form form={form} name="empresa" layout="vertical" onFinish={onFinish} disabled={!loaded || saving || !canEdit} style={{ display: "flex", flexDirection: "column", gap: 16 }}>
        <Card size="small" title="Empresa">
          <div className="vt-grid">
            <Form.Item className="span-6" name="nombre" label="Razón social" rules={rule("nombre")} required>
              <Input maxLength={200} />
            </Form.Item>
            <Form.Item className="span-3" name="nombre_fantasia" label="Nombre de fantasía" rules={rule("nombre_fantasia")} required>
              <Input maxLength={100} />
            </Form.Item>
            <Form.Item className="span-3" name="rut" label="RUT" rules={rule("rut")} required>
              <Input maxLength={20} placeholder="76.123.456-0" />
            </Form.Item>
            <Form.Item className="span-12" name="giro" label="Giro" rules={rule("giro")}>
              <Input maxLength={300} />
            </Form.Item>
            <Form.Item className="span-6" name="direccion" label="Dirección" rules={rule("direccion")} required>
              <Input maxLength={300} />
            </Form.Item>
            <Form.Item className="span-3" name="telefono" label="Teléfono" rules={rule("telefono")}>
              <Input maxLength={50} />
            </Form.Item>
            <Form.Item className="span-3" name="sitio_web" label="Sitio web" rules={rule("sitio_web")}>
              <Input maxLength={200} />
            </Form.Item>
            <Form.Item className="span-6" name="correo" label="Correo de ventas" rules={rule("correo")}>
              <Input maxLength={200} inputMode="email" />
            </Form.Item>
            <Form.Item className="span-6" name="correo_compras" label="Correo de compras" rules={rule("correo_compras")}>
              <Input maxLength={200} inputMode="email" />
            </Form.Item>
          </div>
        </Card>
        <Card size="small" title="Datos bancarios (transferencias de clientes)">
          <div className="vt-grid">
            <Form.Item className="span-4" name="banco" label="Banco" rules={rule("banco")}>
              <Input maxLength={100} />
            </Form.Item>
            <Form.Item className="span-4" name="tipo_cuenta" label="Tipo de cuenta" rules={rule("tipo_cuenta")}>
              <Input maxLength={50} />
            </Form.Item>
            <Form.Item className="span-4" name="numero_cuenta" label="Número de cuenta" rules={rule("numero_cuenta")}>
              <Input maxLength={50} />
            </Form.Item>
            <Form.Item className="span-6" name="correo_transferencias" label="Correo para avisar transferencias" rules={rule("correo_transferencias")}>
              <Input maxLength={200} inputMode="email" />
            </Form.Item>
          </div>
        </Card>
        <Card size="small" title="Condiciones de los documentos">
          <div className="vt-grid">
            <Form.Item className="span-3" name="validez_oferta_dias" label="Validez de la oferta (días)" rules={rule("validez_oferta_dias")} required>
              <InputNumber min={1} max={365} precision={0} style={{ width: "100%" }} />
            </Form.Item>
            <Form.Item className="span-9" name="forma_pago" label="Forma de pago" rules={rule("forma_pago")}>
              <Input maxLength={300} />
            </Form.Item>
            <Form.Item className="span-12" name="plazo_entrega" label="Plazo de entrega" rules={rule("plazo_entrega")}>
              <Input maxLength={300} />
            </Form.Item>
            <Form.Item className="span-12" name="plazo_entrega_oc" label="Plazo de entrega pedido a proveedores (órdenes de compra)" rules={rule("plazo_entrega_oc")}>
              <Input maxLength={300} />
            </Form.Item>
            <Form.Item
              className="span-6"
              name="vista_dibujos"
              label="Vista de los dibujos de ventanas"
              rules={rule("vista_dibujos")}
              extra="Cómo se dibujan las ventanas en presupuestos y PDF; «desde el interior» invierte los lados."
            >
              <Select options={VISTA_OPTIONS} />
            </Form.Item>
            <Form.Item
              className="span-6"
              name="enlace_vigencia_dias"
              label="Vigencia de los enlaces (días)"
              rules={rule("enlace_vigencia_dias")}
              extra="Cuántos días puede abrir el cliente el enlace de un presupuesto."
            >
              <InputNumber min={1} max={365} precision={0} style={{ width: "100%" }} />
            </Form.Item>
          </div>
        </Card>
        <Card size="small" title="Logo">
          <Form.Item name="logo" hidden>
            <Input />
          </Form.Item>
          <Space wrap align="center">
            {logo ? <img src={logo} alt="Logo de la empresa" style={{ maxHeight: 64, maxWidth: 200 }} /> : <span>Sin logo: los documentos usan la marca Ventanal.</span>}
            <Upload accept={LOGO_TIPOS.join(",")} showUploadList={false} beforeUpload={(f) => pickLogo(f)}>
              <Button icon={<UploadOutlined />}>Elegir imagen</Button>
            </Upload>
            {logo && <Button onClick={() => form.setFieldValue("logo", null)}>Quitar logo</Button>}
          </Space>
          <p className="vt-page__subtitle">{`PNG o JPEG de hasta ${LOGO_MAX_BYTES / 1024} KB.`}</p>
        </Card>
        <div className="vt-actions vt-actions--end">
          {!canEdit && user && <span>{MSG_SOLO_INFORMATICO}</span>}
          <Button type="primary" htmlType="submit" loading={saving}>
            Guardar
          </Button>
        </div>
      </Form>
    </Page>
  );
}
