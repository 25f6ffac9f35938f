// Login (spec 2.3, 5, 8): welcome panel + card "Iniciar Sesión". Plain React and
// CSS so that /login loads fast (no antd, no Refine runtime).
import { useEffect, useState, type FormEvent } from "react";
import { prefetchApp, startApp } from "../../../app-loader";
import { useNavigate } from "react-router";
import { login, LOGIN_ERROR_MESSAGE } from "../../../providers/auth-provider";
import { statusOf } from "../../../providers/http";
import { Logo } from "../../../components/Logo";
import "../public-forms.css";
import "./login.css";
import { linkTo } from "../../screens";

interface FieldErrors {
  correo?: string;
  contrasena?: string;
}

export default function LoginPage() {
  const navigate = useNavigate();
  const [correo, setCorreo] = useState("");
  const [contrasena, setContrasena] = useState("");
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [error, setError] = useState<string | null>(null);
  const [detail, setDetail] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  useEffect(() => {
    document.title = "Iniciar Sesión | Ventanal";
  }, []);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (sending) return;
    const errors: FieldErrors = {};
    if (!correo.trim()) errors.correo = "Ingrese su correo";
    if (!contrasena) errors.contrasena = "Ingrese su contraseña";
    setFieldErrors(errors);
    if (errors.correo || errors.contrasena) return;
    setSending(true);
    setError(null);
    setDetail(null);
    // The signed-in application, with its stylesheet applied, while the credentials are checked.
    startApp();
    try {
      await login({ correo: correo.trim(), contrasena });
      navigate(linkTo("home"), { replace: true });
    } catch (err) {
      console.error("Error al iniciar sesión", err);
      setError(LOGIN_ERROR_MESSAGE);
      if (statusOf(err) === 429) setDetail("Demasiados intentos. Espere un momento antes de volver a intentar.");
      setSending(false);
    }
  };

  return (
    <div className="vt-login">
      <section className="vt-login__welcome" aria-labelledby="vt-login-welcome">
        <Logo size={64} />
        <h2 id="vt-login-welcome">Bienvenido a Ventanal</h2>
        <p>Sistema integrado de producción, inventario y administración.</p>
        <ul>
          <li>Presupuestos y clientes</li>
          <li>Bodega, stock y órdenes de compra</li>
          <li>Oficina técnica, obras y pagos</li>
        </ul>
      </section>

      <section className="vt-card vt-login__card" aria-labelledby="vt-login-title">
        <h1 id="vt-login-title" className="vt-card__title">
          Iniciar Sesión
        </h1>
        {/* A person typing will sign in: the application's code and stylesheet start downloading. */}
        <form onSubmit={onSubmit} onFocus={prefetchApp} noValidate>
          <div className="vt-field">
            <label htmlFor="login-correo">Correo</label>
            <input
              id="login-correo"
              name="correo"
              type="email"
              autoComplete="username"
              inputMode="email"
              required
              aria-required="true"
              aria-invalid={fieldErrors.correo ? true : undefined}
              aria-describedby={fieldErrors.correo ? "login-correo-error" : undefined}
              value={correo}
              onChange={(e) => setCorreo(e.target.value)}
            />
            {fieldErrors.correo && (
              <p id="login-correo-error" className="vt-field__error">
                {fieldErrors.correo}
              </p>
            )}
          </div>
          <div className="vt-field">
            <label htmlFor="login-contrasena">Contraseña</label>
            <input
              id="login-contrasena"
              name="contrasena"
              type="password"
              autoComplete="current-password"
              required
              aria-required="true"
              aria-invalid={fieldErrors.contrasena ? true : undefined}
              aria-describedby={fieldErrors.contrasena ? "login-contrasena-error" : undefined}
              value={contrasena}
              onChange={(e) => setContrasena(e.target.value)}
            />
            {fieldErrors.contrasena && (
              <p id="login-contrasena-error" className="vt-field__error">
                {fieldErrors.contrasena}
              </p>
            )}
          </div>

          {error && (
            <div className="vt-alert vt-alert--error" role="alert">
              {error}
              {detail && <small>{detail}</small>}
            </div>
          )}

          <button type="submit" className="vt-btn vt-btn--primary vt-btn--block" disabled={sending}>
            {sending ? "Ingresando…" : "Ingresar"}
          </button>
          <p className="vt-login__forgot">
            {/* Spec 2.3: the link does nothing. */}
            <a href="#" onClick={(e) => e.preventDefault()}>
              ¿Olvidaste tu contraseña?
            </a>
          </p>
        </form>
      </section>
    </div>
  );
}
