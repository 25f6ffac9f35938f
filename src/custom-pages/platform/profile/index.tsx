// Profile (spec 2.3, 5, 8): name, role and email; password change; logout.
import { useEffect, useRef, useState } from "react";
import { useGetIdentity, useLogout } from "@refinedev/core";
import { Alert, Button, Card, Descriptions, Form, Input, Space, Typography } from "antd";
import { changePassword } from "../api/usuarios";
import { useWrite } from "../../../data/query";
import { MIN_PASSWORD, MSG_PASSWORD_SHORT } from "../../../domain/usuarios/schemas";
import { statusOf } from "../../../providers/api";
import type { SessionUser } from "../../../providers/session";
import "./profile.css";

export const PROFILE_MESSAGES = {
  tooShort: MSG_PASSWORD_SHORT,
  success: "Contraseña actualizada con éxito",
  failure: "Hubo un error al cambiar la contraseña",
} as const;

const SUCCESS_MS = 3000;

type Feedback = { type: "success" | "error"; text: string } | null;

export default function ProfilePage() {
  const { data: user } = useGetIdentity<SessionUser | null>();
  const { mutate: logout, isPending: loggingOut } = useLogout();
  const [password, setPassword] = useState("");
  const [saving, setSaving] = useState(false);
  const write = useWrite();
  const [feedback, setFeedback] = useState<Feedback>(null);
  const timer = useRef<number | undefined>(undefined);

  useEffect(() => () => window.clearTimeout(timer.current), []);

  const show = (next: Feedback) => {
    window.clearTimeout(timer.current);
    setFeedback(next);
    if (next?.type === "success") timer.current = window.setTimeout(() => setFeedback(null), SUCCESS_MS);
  };

  const onChangePassword = async () => {
    if (!user || saving) return;
    if (password.length < MIN_PASSWORD) {
      show({ type: "error", text: PROFILE_MESSAGES.tooShort });
      return;
    }
    setSaving(true);
    try {
      await write(() => changePassword(user.id, password));
      setPassword("");
      show({ type: "success", text: PROFILE_MESSAGES.success });
    } catch (error) {
      console.error("Error al cambiar la contraseña", error);
      // A 401 already ended the session (api.ts); anything else is reported here.
      if (statusOf(error) !== 401) show({ type: "error", text: PROFILE_MESSAGES.failure });
    } finally {
      setSaving(false);
    }
  };

  if (!user) return null;

  return (
    <div className="vt-profile">
      <Typography.Title level={2}>Mi perfil</Typography.Title>
      <Card className="vt-profile__card">
        <Descriptions column={1} bordered size="middle" styles={{ label: { width: 120 } }}>
          <Descriptions.Item label="Nombre">{user.nombre}</Descriptions.Item>
          <Descriptions.Item label="Rol">{user.rol}</Descriptions.Item>
          <Descriptions.Item label="Correo">{user.correo}</Descriptions.Item>
        </Descriptions>
      </Card>

      <Card className="vt-profile__card" title="Cambiar contraseña">
        <Form layout="vertical" onFinish={onChangePassword} requiredMark={false}>
          <Form.Item label="Nueva contraseña" htmlFor="perfil-nueva-contrasena" extra="Mínimo 6 caracteres.">
            <Input.Password
              id="perfil-nueva-contrasena"
              autoComplete="new-password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
            />
          </Form.Item>
          {feedback && (
            <Alert
              className="vt-profile__alert"
              type={feedback.type}
              message={feedback.text}
              showIcon
              role={feedback.type === "error" ? "alert" : "status"}
            />
          )}
          <Button type="primary" htmlType="submit" loading={saving} disabled={saving}>
            Actualizar
          </Button>
        </Form>
      </Card>

      <Space>
        <Button danger onClick={() => logout()} loading={loggingOut} disabled={loggingOut}>
          Cerrar sesión
        </Button>
      </Space>
    </div>
  );
}
