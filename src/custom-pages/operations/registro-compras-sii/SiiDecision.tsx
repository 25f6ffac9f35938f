// A supplier factura's state at the SII and Contabilidad's decision (issue 35 §3): the 8-day
// window and where its start comes from, Aceptar (ACD) or Reclamar with the SII's reason,
// who decided and when, and the steps to do the same in the SII's site.
import { useId, useState } from "react";
import { Alert, Button, Input, Select, Space, Tag } from "antd";
import { decideFacturaSii, fetchFacturaSii, type SiiEstado } from "../rcv-api";
import { useApiQuery, useWrite } from "../../../data/query";
import { operationsKeys } from "../keys";
import { platformKeys } from "../../platform/keys";
import { formatDateTime } from "../../../domain/format";
import { SII_MOTIVO_NOMBRES, SII_MOTIVOS_RECLAMO, siiPlazoTexto, type SiiMotivoReclamo } from "../../../domain/operations/sii-decision";
import { toHttpError } from "../../../providers/http";

const ESTADO_COLOR: Record<string, string> = { "Por aceptar": "gold", Aceptada: "green", Reclamada: "red", "Aceptada tácitamente": "default" };

export function SiiEstadoTag({ estado }: { estado: string }) {
  return <Tag color={ESTADO_COLOR[estado] ?? "default"}>{estado}</Tag>;
}

export function SiiDecision({ facturaId }: { facturaId: number }) {
  const ids = useId();
  const query = useApiQuery(operationsKeys.invoiceSii(facturaId), () => fetchFacturaSii(facturaId), { failMessage: "No se pudo leer el estado en el SII" });
  const write = useWrite();
  const [motivo, setMotivo] = useState<SiiMotivoReclamo | undefined>();
  const [comentario, setComentario] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const estado: SiiEstado | null = query.current;
  if (!estado) return <p className="vt-muted">{query.failed ? "No se pudo leer el estado en el SII." : "Cargando…"}</p>;
  const plazo = estado.plazo;
  if (!plazo) return <p className="vt-muted">Las guías y notas de crédito no se aceptan ni reclaman en el SII.</p>;

  const decide = async (decision: "aceptada" | "reclamada") => {
    setBusy(true);
    setError(null);
    try {
      const body = { decision, motivo: decision === "reclamada" ? (motivo ?? null) : null, comentario: comentario.trim() || null };
      // The facturas por aceptar and the home's cards change with it.
      const next = await write(() => decideFacturaSii(facturaId, body), { invalidates: [operationsKeys.rcv(), platformKeys.digest()] });
      query.setData(() => next);
    } catch (e) {
      setError(toHttpError(e).message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="vt-sii" aria-label="Estado en el SII">
      <p>
        <SiiEstadoTag estado={plazo.estado} /> {siiPlazoTexto({ ...plazo, dias_restantes: plazo.dias_restantes })}
      </p>
      {estado.decision && (
        <p>
          {estado.decision === "reclamada" ? "Reclamada" : "Aceptada"}
          {estado.motivo ? `: ${SII_MOTIVO_NOMBRES[estado.motivo as SiiMotivoReclamo] ?? estado.motivo} (${estado.motivo})` : ""}
          {estado.origen === "rcv" ? " — según el registro «Reclamados» del SII" : ""}
          {estado.decidido_por ? ` — ${estado.decidido_por}` : ""}
          {estado.decidido_en ? `, ${formatDateTime(estado.decidido_en)}` : ""}
          {estado.comentario ? `. ${estado.comentario}` : ""}
        </p>
      )}
      {estado.pasos.length > 0 && (
        <div>
          <strong>Para registrarlo en el SII:</strong>
          <ol className="vt-sii__pasos">
            {estado.pasos.map((p) => (
              <li key={p}>{p}</li>
            ))}
          </ol>
        </div>
      )}
      {(plazo.estado === "Por aceptar" || plazo.estado === "Aceptada tácitamente") && !estado.decision && (
        <Space direction="vertical" style={{ width: "100%" }}>
          <div>
            <label htmlFor={`${ids}-motivo`}>Motivo del reclamo</label>
            <Select<SiiMotivoReclamo>
              id={`${ids}-motivo`}
              style={{ width: "100%" }}
              placeholder="Elija el motivo (solo para reclamar)"
              value={motivo}
              onChange={setMotivo}
              options={SII_MOTIVOS_RECLAMO.map((m) => ({ value: m, label: `${SII_MOTIVO_NOMBRES[m]} (${m})` }))}
            />
          </div>
          <div>
            <label htmlFor={`${ids}-comentario`}>Comentario</label>
            <Input.TextArea id={`${ids}-comentario`} maxLength={500} rows={2} value={comentario} onChange={(e) => setComentario(e.target.value)} />
          </div>
          {error && <Alert type="error" showIcon message={error} />}
          <Space wrap>
            <Button type="primary" loading={busy} onClick={() => void decide("aceptada")}>
              Aceptar
            </Button>
            <Button danger loading={busy} disabled={!motivo || plazo.estado !== "Por aceptar"} onClick={() => void decide("reclamada")}>
              Reclamar
            </Button>
          </Space>
        </Space>
      )}
    </div>
  );
}
