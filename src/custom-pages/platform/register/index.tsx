// Register ("Formulario de Registro", spec 2.3 and 5): validates locally and sends
// nothing (accounts are created by an administrator under Administración → Usuarios).
import { useEffect, useRef, useState, type ChangeEvent, type FormEvent } from "react";
import "../public-forms.css";
import "./register.css";

export const REGISTER_MESSAGES = {
  required: "Todos los campos son obligatorios",
  tooShort: "La contraseña debe tener al menos 6 caracteres",
  mismatch: "Las contraseñas no coinciden",
  success: "Formulario enviado correctamente",
} as const;

const MIN_PASSWORD_LENGTH = 6;
const SUCCESS_MS = 3000;

interface Values {
  nombre: string;
  email: string;
  password: string;
  confirmar: string;
}

const EMPTY: Values = { nombre: "", email: "", password: "", confirmar: "" };

export function validateRegister(values: Values): string | null {
  if (Object.values(values).some((v) => v.trim() === "")) return REGISTER_MESSAGES.required;
  if (values.password.length < MIN_PASSWORD_LENGTH) return REGISTER_MESSAGES.tooShort;
  if (values.password !== values.confirmar) return REGISTER_MESSAGES.mismatch;
  return null;
}

export default function RegisterPage() {
  const [values, setValues] = useState<Values>(EMPTY);
  const [error, setError] = useState<string | null>(null);
  const [success, setSuccess] = useState(false);
  const timer = useRef<number | undefined>(undefined);

  useEffect(() => {
    document.title = "Registro | Ventanal";
    return () => window.clearTimeout(timer.current);
  }, []);

  const set = (field: keyof Values) => (e: ChangeEvent<HTMLInputElement>) =>
    setValues((v) => ({ ...v, [field]: e.target.value }));

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const problem = validateRegister(values);
    setError(problem);
    window.clearTimeout(timer.current);
    if (problem) {
      setSuccess(false);
      return;
    }
    setValues(EMPTY);
    setSuccess(true);
    timer.current = window.setTimeout(() => setSuccess(false), SUCCESS_MS);
  };

  return (
    <div className="vt-register">
      <section className="vt-card" aria-labelledby="vt-register-title">
        <h1 id="vt-register-title" className="vt-card__title">
          Formulario de Registro
        </h1>
        <form onSubmit={onSubmit} noValidate>
          <div className="vt-field">
            <label htmlFor="reg-nombre">Nombre</label>
            <input id="reg-nombre" name="nombre" autoComplete="name" value={values.nombre} onChange={set("nombre")} />
          </div>
          <div className="vt-field">
            <label htmlFor="reg-email">Email</label>
            <input id="reg-email" name="email" type="email" autoComplete="email" value={values.email} onChange={set("email")} />
          </div>
          <div className="vt-field">
            <label htmlFor="reg-password">Password</label>
            <input
              id="reg-password"
              name="password"
              type="password"
              autoComplete="new-password"
              value={values.password}
              onChange={set("password")}
            />
          </div>
          <div className="vt-field">
            <label htmlFor="reg-confirmar">Confirmar Contraseña</label>
            <input
              id="reg-confirmar"
              name="confirmar"
              type="password"
              autoComplete="new-password"
              value={values.confirmar}
              onChange={set("confirmar")}
            />
          </div>

          {error && (
            <div className="vt-alert vt-alert--error" role="alert">
              {error}
            </div>
          )}
          {success && (
            <div className="vt-alert vt-alert--success" role="status">
              {REGISTER_MESSAGES.success}
            </div>
          )}

          <button type="submit" className="vt-btn vt-btn--primary vt-btn--block">
            Enviar
          </button>
        </form>
      </section>
    </div>
  );
}
