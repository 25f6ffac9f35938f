// Administración → Usuarios → Editar: change name, phone or role, set a new password,
// deactivate (activo false; the user can no longer sign in and its sessions end).
import { Edit, useForm } from "@refinedev/antd";
import { Form, Input, Select, Switch } from "antd";
import { MIN_PASSWORD_LENGTH, PASSWORD_RULE_MESSAGE, ROLE_OPTIONS, type Usuario } from "./shared";
import { TelefonoField } from "./TelefonoField";

interface CambiosUsuario {
  nombre?: string;
  rol?: Usuario["rol"];
  telefono?: string | null;
  activo?: boolean;
  contrasena?: string;
}

export default function UsuariosEdit() {
  const { formProps, saveButtonProps, query } = useForm<Usuario, never, CambiosUsuario>({
    resource: "usuarios",
    action: "edit",
    redirect: "list",
  });
  const usuario = query?.data?.data;

  // Only send what the form edits; an empty password field means "keep it".
  const onFinish = (values: CambiosUsuario) => {
    const body: CambiosUsuario = { nombre: values.nombre, rol: values.rol, telefono: values.telefono ?? null, activo: values.activo };
    if (values.contrasena) body.contrasena = values.contrasena;
    return formProps.onFinish?.(body);
  };

  return (
    <Edit
      title={usuario ? `Editar usuario: ${usuario.nombre}` : "Editar usuario"}
      saveButtonProps={saveButtonProps}
      canDelete={false}
      breadcrumb={false}
      headerButtons={() => null}
    >
      <Form {...formProps} onFinish={onFinish} layout="vertical" style={{ maxWidth: 560 }}>
        <Form.Item label="Nombre" name="nombre" rules={[{ required: true, whitespace: true, message: "El nombre es obligatorio" }]}>
          <Input autoComplete="off" />
        </Form.Item>
        <Form.Item label="Correo">
          <Input value={usuario?.correo} disabled aria-label="Correo" />
        </Form.Item>
        <Form.Item label="Rol" name="rol" rules={[{ required: true, message: "Seleccione un rol" }]}>
          <Select options={ROLE_OPTIONS} showSearch optionFilterProp="label" />
        </Form.Item>
        <TelefonoField />
        <Form.Item label="Activo" name="activo" valuePropName="checked" extra="Un usuario inactivo no puede iniciar sesión.">
          <Switch checkedChildren="Sí" unCheckedChildren="No" />
        </Form.Item>
        <Form.Item
          label="Nueva contraseña"
          name="contrasena"
          extra="Déjela vacía para mantener la contraseña actual."
          rules={[{ min: MIN_PASSWORD_LENGTH, message: PASSWORD_RULE_MESSAGE }]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
      </Form>
    </Edit>
  );
}
