// The client's page (/p/{token}, no sign-in, outside the app shell; issue 34): the quote
// with its drawings, totals and terms, "Descargar PDF", and "Aceptar presupuesto" (name,
// RUT, the box and a drawn signature) or "Rechazar". An accepted quote is shown as it was
// signed, read-only. Never indexed, no referrer (the server's headers and these metas).
import { useEffect, useState } from "react";
import { useParams } from "react-router";
import { QueryClient, QueryClientProvider, useQuery } from "@tanstack/react-query";
import { getPresupuestoPublico, PublicError, type PresupuestoPublico } from "../enlaces-api";
import { formatDateTime } from "../../../domain/format";
import { hashCorto } from "../../../domain/sales/enlaces";
import { FIRMA_ALTO, FIRMA_ANCHO } from "../../../domain/sales/enlaces";
import { AcceptForm, RejectForm } from "./AcceptForm";
import { downloadPublicPdf } from "./download";
import { CompanyHeader, QuoteView } from "./QuoteView";
import "./publico.css";

function useNoIndex() {
  useEffect(() => {
    const metas = [
      ["robots", "noindex, nofollow"],
      ["referrer", "no-referrer"],
    ].map(([name, content]) => {
      const m = document.createElement("meta");
      m.name = name;
      m.content = content;
      document.head.appendChild(m);
      return m;
    });
    return () => metas.forEach((m) => m.remove());
  }, []);
}

// The page lives outside the app (no Refine, no session): its own small query client.
const queries = new QueryClient({ defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } } });

function Signed({ a }: { a: NonNullable<PresupuestoPublico["aceptacion"]> }) {
  const png = a.firma.startsWith("data:image/png");
  return (
    <section className="pp-card pp-aceptado" aria-label="Aceptación">
      <h2>Presupuesto aceptado</h2>
      <p>
        {a.nombre}, RUT {a.rut}, lo aceptó el {formatDateTime(a.aceptado_en)} (hora de Chile).
      </p>
      {png ? (
        <img src={a.firma} alt="Firma del cliente" className="pp-firma-imagen" />
      ) : (
        <svg viewBox={`0 0 ${FIRMA_ANCHO} ${FIRMA_ALTO}`} className="pp-firma-imagen" role="img" aria-label="Firma del cliente">
          <path d={a.firma} stroke="#1f2937" strokeWidth={4} fill="none" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
      )}
      <p className="pp-muted">Versión aceptada: {hashCorto(a.hash)}</p>
    </section>
  );
}

export default function PresupuestoPublicoPage() {
  return (
    <QueryClientProvider client={queries}>
      <PublicQuote />
    </QueryClientProvider>
  );
}

function PublicQuote() {
  useNoIndex();
  const { token = "" } = useParams();
  const quote = useQuery<PresupuestoPublico>({ queryKey: ["presupuesto_publico", token], queryFn: () => getPresupuestoPublico(token) });
  const [notice, setNotice] = useState<string | null>(null);
  const [downloading, setDownloading] = useState(false);

  useEffect(() => {
    if (quote.data) document.title = `Presupuesto N° ${quote.data.contenido.presupuesto.numero} · ${quote.data.empresa.nombre_fantasia}`;
  }, [quote.data]);

  /** After an acceptance or a rejection: its message, and the quote as it is now. */
  const done = (message: string) => {
    setNotice(message || null);
    void quote.refetch();
    window.scrollTo({ top: 0 });
  };

  if (quote.isPending) return <main className="pp-page"><p className="pp-card">Cargando el presupuesto…</p></main>;
  if (quote.isError) {
    return (
      <main className="pp-page">
        <section className="pp-card">
          <h1>No se pudo abrir el presupuesto</h1>
          <p>{quote.error instanceof PublicError ? quote.error.message : "No se pudo abrir el presupuesto."}</p>
        </section>
      </main>
    );
  }
  const d = quote.data;
  const download = async () => {
    setDownloading(true);
    try {
      await downloadPublicPdf(d);
    } catch (e) {
      console.error("No se pudo generar el PDF", e);
      setNotice("No se pudo generar el PDF. Intente de nuevo.");
    } finally {
      setDownloading(false);
    }
  };

  return (
    <main className="pp-page">
      <CompanyHeader e={d.empresa} />
      {notice && (
        <p className="pp-alert" role="status">
          {notice}
        </p>
      )}
      {d.cambiado && d.estado === "vigente" && (
        <p className="pp-alert pp-alert-warn" role="note">
          Este presupuesto cambió desde que se le envió el enlace: lo que ve es la versión actual.
        </p>
      )}
      {d.aceptacion && <Signed a={d.aceptacion} />}
      <QuoteView data={d} />
      <div className="pp-row">
        <button type="button" className="pp-secondary" onClick={() => void download()} disabled={downloading}>
          {downloading ? "Generando PDF…" : "Descargar PDF"}
        </button>
      </div>
      {d.estado === "vigente" && (
        <>
          {d.rechazo ? (
            <p className="pp-alert" role="note">
              Registramos su rechazo{d.rechazo.motivo ? `: «${d.rechazo.motivo}»` : ""}. Si cambia de opinión, aún puede aceptarlo.
            </p>
          ) : null}
          <AcceptForm token={token} data={d} onDone={done} />
          {!d.rechazo && <RejectForm token={token} onDone={done} />}
        </>
      )}
      <footer className="pp-muted pp-pie">
        Enlace válido hasta el {formatDateTime(d.vence)}. {d.empresa.nombre_fantasia} · {d.empresa.sitio_web ?? d.empresa.correo ?? ""}
      </footer>
    </main>
  );
}
