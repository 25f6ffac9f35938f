// The user's own phone (optional; a Chilean number): the quote PDF prints it beside the salesperson.
import { Form, Input } from "antd";
import { zodRule } from "../../components/zod-rule";
import { createUsuarioBody } from "../../domain/usuarios/schemas";

export function TelefonoField() {
  return (
    <Form.Item label="Teléfono" name="telefono" rules={[zodRule(createUsuarioBody.shape.telefono)]} extra="Opcional. Se imprime en los presupuestos que haga.">
      <Input type="tel" autoComplete="off" placeholder="+56 9 1234 5678" />
    </Form.Item>
  );
}
