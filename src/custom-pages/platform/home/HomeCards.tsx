// "Hoy" on the home page (issue 19): the signed-in role's cards from GET api/resumen-diario,
// each with its count, figures, its most urgent items and a link to the screen that
// resolves them, already filtered. Read again when the user comes back to the tab
// (react-query's refetch on focus and visibility); the server keeps each card until a table
// it read is written, so that costs one tiny query when nothing it shows changed.
import { useEffect } from "react";
import { useQuery } from "@tanstack/react-query";
import { Link } from "react-router";
import { Alert, Skeleton } from "antd";
import { fetchResumenDiario } from "../api/hoy";
import { formatCLP, formatNumber } from "../../../domain/format";
import type { Tarjeta } from "../../../domain/hoy/schemas";
import { INFO_CARDS } from "../../../domain/hoy/rules";
import { platformKeys } from "../keys";

function Card({ t }: { t: Tarjeta }) {
  const titleId = `hoy-${t.clave}`;
  return (
    <section className={`vt-hoy__card${INFO_CARDS.includes(t.clave) ? " vt-hoy__card--info" : t.cantidad > 0 ? " vt-hoy__card--alert" : ""}`} aria-labelledby={titleId} data-card={t.clave}>
      <header className="vt-hoy__head">
        <h3 id={titleId}>{t.titulo}</h3>
        <p className="vt-hoy__count" aria-label={`${t.titulo}: ${formatNumber(t.cantidad)} ${t.unidad}`}>
          <strong>{formatNumber(t.cantidad)}</strong> <span>{t.unidad}</span>
        </p>
      </header>
      {t.cifras.length > 0 && t.cantidad > 0 && (
        <dl className="vt-hoy__figures">
          {t.cifras.map((c) => (
            <div key={c.etiqueta}>
              <dt>{c.etiqueta}</dt>
              <dd>{c.formato === "pesos" ? formatCLP(c.valor) : formatNumber(c.valor)}</dd>
            </div>
          ))}
        </dl>
      )}
      {t.items.length > 0 ? (
        <ul className="vt-hoy__items">
          {t.items.map((i, k) => (
            <li key={k}>
              <span className="vt-hoy__item">{i.enlace ? <Link to={i.enlace}>{i.texto}</Link> : i.texto}</span>
              {i.monto !== null && <span className="vt-hoy__amount">{formatCLP(i.monto)}</span>}
              {i.detalle && <span className="vt-hoy__detail">{i.detalle}</span>}
            </li>
          ))}
        </ul>
      ) : (
        t.cantidad === 0 && <p className="vt-hoy__empty">{t.vacio}</p>
      )}
      <Link className="vt-hoy__link" to={t.enlace} aria-label={`${t.enlace_texto}: ${t.titulo}`}>
        {t.enlace_texto} →
      </Link>
    </section>
  );
}

export function HomeCards() {
  const { data, isError, isPending, refetch } = useQuery({
    queryKey: platformKeys.digest(),
    queryFn: fetchResumenDiario,
    refetchOnWindowFocus: "always", // react-query: when the tab becomes visible again
    staleTime: 0,
  });
  // Also when the window gets the focus back without the tab having been hidden.
  useEffect(() => {
    const again = () => void refetch();
    window.addEventListener("focus", again);
    return () => window.removeEventListener("focus", again);
  }, [refetch]);
  if (isPending) return <Skeleton active className="vt-hoy" />;
  if (isError) return <Alert className="vt-hoy" type="warning" showIcon message="No se pudo cargar lo pendiente de hoy." />;
  if (data.tarjetas.length === 0) return null;
  return (
    <section className="vt-hoy" aria-label="Pendientes de hoy">
      <h2 className="vt-hoy__title">Hoy</h2>
      <div className="vt-hoy__grid">
        {data.tarjetas.map((t) => (
          <Card key={t.clave} t={t} />
        ))}
      </div>
    </section>
  );
}
