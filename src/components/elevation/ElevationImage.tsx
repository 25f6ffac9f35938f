// An item's elevation drawing on a screen: the domain's SVG (src/domain/sales/elevation.ts)
// shown as an image (no markup of ours in the page, scales to its box). Its alternative
// text names the type and the sizes, which is also how a test finds it.
import { useMemo } from "react";
import { elevationSvg, type ElevationItem, type ElevationView } from "../../domain/sales/elevation";
import { tipoLabel } from "../../domain/sales/utv";
import { formatNumber } from "../../domain/format";

/** "Dibujo de Doble corredera, 1.500 × 1.200 mm" (or "sin medidas"). */
export function elevationAlt(item: ElevationItem): string {
  const size = item.ancho || item.alto ? `${formatNumber(item.ancho) || "?"} × ${formatNumber(item.alto) || "?"} mm` : "sin medidas";
  return `Dibujo de ${tipoLabel(item.tipo_ventana ?? "Otro")}, ${size}`;
}

export function ElevationImage({ item, view, maxWidth = 360 }: { item: ElevationItem; view: ElevationView; maxWidth?: number }) {
  const { ancho, alto, tipo_ventana, tipo_apertura, adicional, cuadros_adicionales } = item;
  const src = useMemo(
    () => `data:image/svg+xml;charset=utf-8,${encodeURIComponent(elevationSvg({ ancho, alto, tipo_ventana, tipo_apertura, adicional, cuadros_adicionales }, { view }))}`,
    [ancho, alto, tipo_ventana, tipo_apertura, adicional, cuadros_adicionales, view],
  );
  return <img className="vt-elevation" src={src} alt={elevationAlt(item)} style={{ maxWidth }} />;
}
