// The drawings of a quote's items, one card each with its item, recinto and quantity:
// the quote's page (saved items) and Editar Ítems (the rows as typed).
import type { ElevationItem } from "../../domain/sales/elevation";
import { formatNumber } from "../../domain/format";
import { ElevationImage } from "./ElevationImage";
import { useElevationView } from "./useElevationView";
import "./elevation.css";

export interface DrawnItem extends ElevationItem {
  key: string | number;
  item?: string | null;
  recinto?: string | null;
}

export function ItemDrawings({ items, label = "Dibujos de los ítems" }: { items: readonly DrawnItem[]; label?: string }) {
  const view = useElevationView();
  if (items.length === 0) return null;
  return (
    <ul className="vt-drawings" aria-label={label}>
      {items.map((it, i) => (
        <li key={it.key} className="vt-drawings__item">
          <div className="vt-drawings__title">
            <strong>{it.item || `Ítem ${i + 1}`}</strong>
            {it.recinto ? ` · ${it.recinto}` : ""}
            {typeof it.cantidad === "number" && it.cantidad !== 1 ? <span className="vt-muted">{` · ${formatNumber(it.cantidad)} unidades`}</span> : null}
          </div>
          <ElevationImage item={it} view={view} />
        </li>
      ))}
    </ul>
  );
}
