// The client form's fields (spec 2.4, 3, 5), shared by "Ingreso de Cliente" and the
// Clientes resource's create/edit pages. Rules come from the domain schema, so the
// messages are the ones the server answers ("Nombre es obligatorio", RUT inválido…).
import { Form, Input } from "antd";
import { clienteSchema } from "../../domain/sales";
import { zodRule } from "../../components/zod-rule";

export const CLIENTE_FIELDS = ["nombre", "rut", "correo", "telefono", "direccion"] as const;

export function ClienteFields({ disabled = false }: { disabled?: boolean }) {
  const s = clienteSchema.shape;
  return (
    <div className="vt-grid">
      <Form.Item className="span-6" name="nombre" label="Nombre" required rules={[zodRule(s.nombre)]}>
        <Input autoComplete="off" maxLength={200} disabled={disabled} />
      </Form.Item>
      <Form.Item
        className="span-6"
        name="rut"
        label="RUT"
        rules={[zodRule(s.rut)]}
        validateTrigger="onBlur"
        extra="Ej.: 12.345.678-5"
      >
        <Input autoComplete="off" maxLength={20} disabled={disabled} />
      </Form.Item>
      <Form.Item className="span-6" name="correo" label="Correo" rules={[zodRule(s.correo)]} validateTrigger="onBlur">
        <Input type="email" inputMode="email" autoComplete="off" maxLength={200} disabled={disabled} />
      </Form.Item>
      <Form.Item className="span-6" name="telefono" label="Teléfono" rules={[zodRule(s.telefono)]}>
        <Input type="tel" inputMode="tel" autoComplete="off" maxLength={50} disabled={disabled} />
      </Form.Item>
      <Form.Item className="span-12" name="direccion" label="Dirección" rules={[zodRule(s.direccion)]}>
        <Input autoComplete="off" maxLength={300} disabled={disabled} />
      </Form.Item>
    </div>
  );
}

/** Form values → the POST/PUT body, normalised by the domain schema (trimmed, RUT in normal form). */
export function clienteBody(values: Record<string, unknown>) {
  return clienteSchema.parse(values);
}
