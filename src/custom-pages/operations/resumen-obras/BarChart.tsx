// A small grouped bar chart in CSS (no chart library in the project): two bars per item
// (e.g. budgeted vs actual net), scaled to the largest value shown.
import { formatCLP } from "../../../domain/format";

export interface BarItem {
  key: number | string;
  label: string;
  title?: string;
  a: number;
  b: number;
}

export function BarChart({ items, labelA, labelB }: { items: BarItem[]; labelA: string; labelB: string }) {
  const max = Math.max(1, ...items.flatMap((i) => [i.a, i.b]));
  const pct = (v: number) => `${Math.max(0, (v / max) * 100).toFixed(2)}%`;
  return (
    <figure className="vt-bars" aria-label={`${labelA} vs ${labelB}`}>
      <div className="vt-bars__legend">
        <span className="vt-bars__key vt-bars__key--a" /> {labelA}
        <span className="vt-bars__key vt-bars__key--b" /> {labelB}
      </div>
      {items.map((i) => (
        <div key={i.key} className="vt-bars__row" title={i.title}>
          <div className="vt-bars__label">{i.label}</div>
          <div className="vt-bars__bars">
            <div className="vt-bars__bar vt-bars__bar--a" style={{ width: pct(i.a) }} aria-label={`${i.label} ${labelA} ${formatCLP(i.a)}`} role="img" />
            <div className="vt-bars__bar vt-bars__bar--b" style={{ width: pct(i.b) }} aria-label={`${i.label} ${labelB} ${formatCLP(i.b)}`} role="img" />
          </div>
          <div className="vt-bars__values vt-muted">
            {formatCLP(i.a)} / {formatCLP(i.b)}
          </div>
        </div>
      ))}
    </figure>
  );
}
