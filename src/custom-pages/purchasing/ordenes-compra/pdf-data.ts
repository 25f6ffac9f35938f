// The PDF's data from a saved order (GET api/ordenes_compra/{numero_oc}).
import type { OrdenCompraDetalle } from "../api";
import type { OcPdfData } from "../pdf/oc-data";

export function pdfDataOf(o: OrdenCompraDetalle): OcPdfData {
  return {
    numero_oc: o.numero_oc,
    fecha: o.fecha,
    proveedor: {
      proveedor: o.proveedor,
      rut: o.rut_proveedor,
      vendedor: o.vendedor,
      contacto: o.contacto,
      banco: o.banco,
      tipo_de_cuenta: o.tipo_de_cuenta,
      numero_cuenta: o.numero_cuenta,
      dias_credito: o.dias_credito,
    },
    realizado_por: o.realizado_por,
    cliente_nombre: o.cliente_nombre,
    numero_presupuesto: o.numero_presupuesto,
    observacion: o.observacion,
    comentario: o.comentario,
    items: o.detalles,
  };
}
