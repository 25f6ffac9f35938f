// "Aceptar presupuesto": nombre, RUT (checked as typed, the domain's rule), the box
// "Acepto el presupuesto y sus condiciones" and the drawn signature; one tap sends it.
// The version on screen goes with it: if the quote changed meanwhile the server says so
// (409) and the page reloads the current version. "Rechazar" with an optional reason.
import { useState } from "react";
import { aceptarPresupuesto, PublicError, rechazarPresupuesto, type PresupuestoPublico } from "../enlaces-api";
import { MSG_ACEPTO, MSG_FIRMA } from "../../../domain/sales/enlaces";
import { MSG_RUT_INVALIDO, normalizeRut } from "../../../domain/fields/rut";
import { SignaturePad } from "./SignaturePad";

type Errors = Partial<Record<"nombre" | "rut" | "acepto" | "firma" | "_", string>>;

export function AcceptForm({ token, data, onDone }: { token: string; data: PresupuestoPublico; onDone: (message: string) => void }) {
  const [nombre, setNombre] = useState("");
  const [rut, setRut] = useState("");
  const [acepto, setAcepto] = useState(false);
  const [firma, setFirma] = useState("");
  const [errors, setErrors] = useState<Errors>({});
  const [sending, setSending] = useState(false);

  const check = (): Errors => {
    const e: Errors = {};
    if (nombre.trim() === "") e.nombre = "Escriba su nombre";
    if (rut.trim() === "") e.rut = "Escriba su RUT";
    else if (!normalizeRut(rut)) e.rut = MSG_RUT_INVALIDO;
    if (!acepto) e.acepto = MSG_ACEPTO;
    if (firma === "") e.firma = MSG_FIRMA;
    return e;
  };

  const submit = async (ev: React.FormEvent) => {
    ev.preventDefault();
    if (sending) return;
    const e = check();
    setErrors(e);
    if (Object.keys(e).length > 0) return;
    setSending(true);
    try {
      const r = await aceptarPresupuesto(token, { nombre, rut, acepto: true, firma, version: data.version });
      onDone(r.message);
    } catch (err) {
      const pe = err instanceof PublicError ? err : new PublicError(0, "No se pudo registrar la aceptación.");
      const field = (k: string) => pe.errors[k]?.[0];
      setErrors({ nombre: field("nombre"), rut: field("rut"), acepto: field("acepto"), firma: field("firma"), _: pe.message });
      // Changed or accepted meanwhile: show what is true now.
      if (pe.status === 409) onDone(pe.message);
    } finally {
      setSending(false);
    }
  };

  return (
    <form className="pp-card" onSubmit={(e) => void submit(e)} noValidate aria-labelledby="pp-aceptar-titulo">
      <h2 id="pp-aceptar-titulo">Aceptar presupuesto</h2>
      <label className="pp-field">
        <span>Nombre</span>
        <input name="nombre" autoComplete="name" value={nombre} onChange={(e) => setNombre(e.target.value)} aria-invalid={!!errors.nombre} />
        {errors.nombre && <small className="pp-error">{errors.nombre}</small>}
      </label>
      <label className="pp-field">
        <span>RUT</span>
        <input name="rut" inputMode="text" placeholder="12.345.678-5" value={rut} onChange={(e) => setRut(e.target.value)} onBlur={() => setRut((v) => normalizeRut(v) ?? v)} aria-invalid={!!errors.rut} />
        {errors.rut && <small className="pp-error">{errors.rut}</small>}
      </label>
      <div className="pp-field">
        <span id="pp-firma-etiqueta">Firma</span>
        <SignaturePad onChange={setFirma} disabled={sending} />
        {errors.firma && <small className="pp-error">{errors.firma}</small>}
      </div>
      <label className="pp-check">
        <input type="checkbox" checked={acepto} onChange={(e) => setAcepto(e.target.checked)} />
        <span>Acepto el presupuesto y sus condiciones</span>
      </label>
      {errors.acepto && <small className="pp-error">{errors.acepto}</small>}
      {errors._ && (
        <p className="pp-alert pp-alert-error" role="alert">
          {errors._}
        </p>
      )}
      <button type="submit" className="pp-primary" disabled={sending}>
        {sending ? "Enviando…" : "Aceptar presupuesto"}
      </button>
    </form>
  );
}

export function RejectForm({ token, onDone }: { token: string; onDone: (message: string) => void }) {
  const [open, setOpen] = useState(false);
  const [motivo, setMotivo] = useState("");
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const send = async () => {
    if (sending) return;
    setSending(true);
    setError(null);
    try {
      onDone((await rechazarPresupuesto(token, { motivo })).message);
    } catch (err) {
      setError(err instanceof PublicError ? err.message : "No se pudo enviar su respuesta.");
    } finally {
      setSending(false);
    }
  };

  if (!open) {
    return (
      <button type="button" className="pp-secondary" onClick={() => setOpen(true)}>
        Rechazar
      </button>
    );
  }
  return (
    <div className="pp-card">
      <h2>Rechazar el presupuesto</h2>
      <label className="pp-field">
        <span>Motivo (opcional)</span>
        <textarea rows={3} maxLength={1000} value={motivo} onChange={(e) => setMotivo(e.target.value)} />
      </label>
      {error && (
        <p className="pp-alert pp-alert-error" role="alert">
          {error}
        </p>
      )}
      <div className="pp-row">
        <button type="button" className="pp-secondary" onClick={() => setOpen(false)} disabled={sending}>
          Volver
        </button>
        <button type="button" className="pp-danger" onClick={() => void send()} disabled={sending}>
          Enviar rechazo
        </button>
      </div>
    </div>
  );
}
