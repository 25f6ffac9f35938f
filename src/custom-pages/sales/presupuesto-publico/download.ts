// "Descargar PDF" on the client's page: the same quote PDF the office prints (its module
// and @react-pdf/renderer loaded only now), drawn from the public answer; an accepted
// quote carries the signed acceptance block.
import type { PresupuestoPublico } from "../enlaces-api";
import type { Empresa } from "../../../domain/empresa/schemas";
import { quotePdfFileName } from "../../../domain/format/filename";
import { saveBlob } from "../../../components/save-blob";
import type { QuotePdfData } from "../pdf/quote-data";

export function publicPdfData(d: PresupuestoPublico): QuotePdfData {
  const { presupuesto: p, items, condiciones: c } = d.contenido;
  const empresa: Empresa = {
    ...d.empresa,
    correo_compras: null,
    plazo_entrega_oc: null,
    enlace_vigencia_dias: 30,
    ...c,
    actualizado_en: new Date(0).toISOString(),
  };
  return {
    presupuesto: { numero: p.numero, fecha: p.fecha, nombre_obra: p.nombre_obra, direccion: p.direccion, observacion: p.observacion, total_neto_presupuestado: d.contenido.totales.neto },
    cliente: { nombre: p.cliente_nombre, rut: null, direccion: null },
    items: items.map(({ total: _t, ...it }) => it),
    empresa,
    vendedor: d.vendedor ? { nombre: d.vendedor.nombre, correo: "", telefono: d.vendedor.telefono } : null,
    aceptacion: d.aceptacion ? { ...d.aceptacion, aceptado_en: String(d.aceptacion.aceptado_en) } : null,
  };
}

export async function downloadPublicPdf(d: PresupuestoPublico): Promise<void> {
  const { renderQuotePdf } = await import("../pdf/QuotePdf");
  const blob = await renderQuotePdf(publicPdfData(d));
  saveBlob(blob, quotePdfFileName(d.contenido.presupuesto.numero, d.contenido.presupuesto.cliente_nombre));
}
