// What the client reads: the company, the quote, each item with its drawing, sizes,
// quantity and price, the totals and the commercial terms. Read-only, made for 390 px.
import { useMemo } from "react";
import type { PresupuestoPublico } from "../enlaces-api";
import { formatCLP, formatDate, formatNumber } from "../../../domain/format";
import { ELEVATION_VIEW_LABELS, elevationSvg } from "../../../domain/sales/elevation";
import { tipoLabel } from "../../../domain/sales/utv";

type Item = PresupuestoPublico["contenido"]["items"][number];

function Drawing({ item, view }: { item: Item; view: PresupuestoPublico["empresa"]["vista_dibujos"] }) {
  // The SVG is built by the domain function, its text escaped there; it states the view under the drawing.
  const svg = useMemo(() => elevationSvg(item, { view, title: `Dibujo: ${ELEVATION_VIEW_LABELS[view]}` }), [item, view]);
  return <figure className="pp-dibujo" dangerouslySetInnerHTML={{ __html: svg }} />;
}

export function CompanyHeader({ e }: { e: PresupuestoPublico["empresa"] }) {
  return (
    <header className="pp-empresa">
      {e.logo && <img src={e.logo} alt={`Logo de ${e.nombre_fantasia}`} className="pp-logo" />}
      <div>
        <strong>{e.nombre_fantasia}</strong>
        <div className="pp-muted">{e.nombre} · RUT {e.rut}</div>
        <div className="pp-muted">{[e.direccion, e.telefono, e.correo].filter(Boolean).join(" · ")}</div>
      </div>
    </header>
  );
}

export function QuoteView({ data }: { data: PresupuestoPublico }) {
  const { presupuesto: p, items, totales: t, condiciones: c } = data.contenido;
  return (
    <>
      <section className="pp-card" aria-label="Presupuesto">
        <h1>Presupuesto N° {p.numero}</h1>
        <dl className="pp-facts">
          <dt>Cliente</dt>
          <dd>{p.cliente_nombre}</dd>
          <dt>Fecha</dt>
          <dd>{formatDate(p.fecha)}</dd>
          {p.nombre_obra && (
            <>
              <dt>Obra</dt>
              <dd>{p.nombre_obra}</dd>
            </>
          )}
          {p.direccion && (
            <>
              <dt>Dirección</dt>
              <dd>{p.direccion}</dd>
            </>
          )}
          <dt>Validez</dt>
          <dd>
            {p.validez_dias} días, hasta el {formatDate(p.valido_hasta)}
          </dd>
        </dl>
        {p.observacion && <p className="pp-muted">{p.observacion}</p>}
      </section>

      <section aria-label="Ítems" className="pp-items">
        {items.length === 0 && <p className="pp-card">Este presupuesto no tiene ítems: el total corresponde al neto presupuestado.</p>}
        {items.map((it, i) => (
          <article key={i} className="pp-card pp-item">
            <h2>
              {it.item || `Ítem ${i + 1}`}
              {it.recinto ? ` · ${it.recinto}` : ""}
            </h2>
            <Drawing item={it} view={data.empresa.vista_dibujos} />
            <dl className="pp-facts">
              <dt>Tipo</dt>
              <dd>
                {tipoLabel(it.tipo_ventana)} · {tipoLabel(it.tipo_apertura)}
              </dd>
              <dt>Medidas</dt>
              <dd className="pp-nowrap">
                {formatNumber(it.ancho) || "?"} × {formatNumber(it.alto) || "?"} mm
              </dd>
              <dt>Cantidad</dt>
              <dd>{formatNumber(it.cantidad ?? 1)}</dd>
              <dt>Precio unitario</dt>
              <dd className="pp-nowrap">{formatCLP(it.precio_unitario ?? 0)}</dd>
              <dt>Total</dt>
              <dd className="pp-nowrap">
                <strong>{formatCLP(it.total)}</strong>
              </dd>
            </dl>
            {it.grada_buque && <p className="pp-muted">Con grada buque</p>}
            {it.observaciones && it.texto_observaciones && <p className="pp-muted">Obs.: {it.texto_observaciones}</p>}
          </article>
        ))}
      </section>

      <section className="pp-card" aria-label="Totales">
        <dl className="pp-totales">
          <dt>Neto</dt>
          <dd>{formatCLP(t.neto)}</dd>
          <dt>IVA 19%</dt>
          <dd>{formatCLP(t.iva)}</dd>
          <dt className="pp-total">Total</dt>
          <dd className="pp-total">{formatCLP(t.total)}</dd>
        </dl>
      </section>

      <section className="pp-card" aria-label="Condiciones comerciales">
        <h2>Condiciones comerciales</h2>
        <dl className="pp-facts">
          <dt>Validez de la oferta</dt>
          <dd>{c.validez_oferta_dias} días</dd>
          {c.forma_pago && (
            <>
              <dt>Forma de pago</dt>
              <dd>{c.forma_pago}</dd>
            </>
          )}
          {c.plazo_entrega && (
            <>
              <dt>Plazo de entrega</dt>
              <dd>{c.plazo_entrega}</dd>
            </>
          )}
          {c.banco && (
            <>
              <dt>Transferencia</dt>
              <dd>{[c.banco, c.tipo_cuenta, c.numero_cuenta].filter(Boolean).join(" · ")}</dd>
            </>
          )}
        </dl>
        {data.vendedor && (
          <p className="pp-muted">
            Vendedor: {data.vendedor.nombre}
            {data.vendedor.telefono ? ` · ${data.vendedor.telefono}` : ""}
          </p>
        )}
      </section>
    </>
  );
}
