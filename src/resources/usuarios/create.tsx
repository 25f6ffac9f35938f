// Administración → Usuarios → Nuevo usuario.
import { Create, useForm } from "@refinedev/antd";
import { Form, Input, Select } from "antd";
import { MIN_PASSWORD_LENGTH, PASSWORD_RULE_MESSAGE, ROLE_OPTIONS, type Usuario } from "./shared";
import { TelefonoField } from "./TelefonoField";

interface NuevoUsuario {
  nombre: string;
  correo: string;
  rol: Usuario["rol"];
  contrasena: string;
  telefono?: string;
}

export default function UsuariosCreate() {
  const { formProps, saveButtonProps } = useForm<Usuario, never, NuevoUsuario>({
    resource: "usuarios",
    action: "create",
    redirect: "list",
  });

  return (
    <Create title="Nuevo usuario" saveButtonProps={saveButtonProps} breadcrumb={false}>
      <Form {...formProps} layout="vertical" style={{ maxWidth: 560 }}>
        <Form.Item label="Nombre" name="nombre" rules={[{ required: true, whitespace: true, message: "El nombre es obligatorio" }]}>
          <Input autoComplete="off" />
        </Form.Item>
        <Form.Item
          label="Correo"
          name="correo"
          rules={[
            { required: true, message: "El correo es obligatorio" },
            { type: "email", message: "Ingrese un correo válido" },
          ]}
        >
          <Input type="email" autoComplete="off" />
        </Form.Item>
        <Form.Item label="Rol" name="rol" rules={[{ required: true, message: "Seleccione un rol" }]}>
          <Select options={ROLE_OPTIONS} placeholder="Seleccione un rol" showSearch optionFilterProp="label" />
        </Form.Item>
        <TelefonoField />
        <Form.Item
          label="Contraseña"
          name="contrasena"
          rules={[
            { required: true, message: "La contraseña es obligatoria" },
            { min: MIN_PASSWORD_LENGTH, message: PASSWORD_RULE_MESSAGE },
          ]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
      </Form>
    </Create>
  );
}
