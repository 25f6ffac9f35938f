// The morning digest as plain Spanish text (npm run digest), for mailing from cron.
import { formatDate } from "../format/date";
import { formatCLP, formatNumber } from "../format/number";
import type { CifraTarjeta, ResumenDiario } from "./schemas";

const cifra = (c: CifraTarjeta) => `${c.etiqueta}: ${c.formato === "pesos" ? formatCLP(c.valor) : formatNumber(c.valor)}`;

/** The digest: a heading, then each card with its count, figures, items and where to resolve them. */
export function digestText(r: ResumenDiario, baseUrl = ""): string {
  const lines = [`Ventanal · Resumen del ${formatDate(r.fecha)} · ${r.rol}`, ""];
  if (r.tarjetas.length === 0) lines.push("Este rol no tiene tarjetas en el resumen diario.");
  for (const t of r.tarjetas) {
    lines.push(`${t.titulo}: ${formatNumber(t.cantidad)} ${t.unidad}`);
    for (const c of t.cifras) lines.push(`  ${cifra(c)}`);
    if (t.cantidad === 0 && t.items.length === 0) lines.push(`  ${t.vacio}`);
    for (const i of t.items) {
      const parts = [i.texto, i.detalle, i.monto === null ? null : formatCLP(i.monto)].filter((p): p is string => !!p);
      lines.push(`  - ${parts.join(" · ")}`);
    }
    lines.push(`  Ver: ${baseUrl}${t.enlace}`, "");
  }
  return `${lines.join("\n").trimEnd()}\n`;
}
