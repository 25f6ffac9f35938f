// What "Crear Orden de Compra" sends and prints: the POST api/ordenes_compra body (the
// route's ordenCompraSchema input: no line totals, the server computes them) and the PDF's
// data, from the screen's values.
import type { ProveedorSugerido } from "../api";
import type { OrdenCompraInput } from "../../../domain/purchasing/schemas";
import type { Presupuesto } from "../../sales/api";
import { numericTextValue } from "../../../domain/purchasing";
import type { ClienteRef } from "../../sales/clientes/ClientSelect";
import { lineNumbers, type Line } from "./useOrderItems";

export interface OrderValues {
  numero: string;
  proveedorText: string;
  proveedor: ProveedorSugerido | null;
  fecha: string;
  realizadoPor: string;
  comentario: string;
  cliente: ClienteRef | null;
  presupuesto: Presupuesto | null;
  items: Line[];
}

const lines = (items: Line[]) => items.map((i) => ({ codigo: i.codigo, producto: i.producto, unidad: i.unidad, ...lineNumbers(i) }));

/** The body of POST api/ordenes_compra (called once the order is complete: client and quote chosen). */
export function orderBody(v: OrderValues): OrdenCompraInput {
  return {
    numero_oc: numericTextValue(v.numero) ?? undefined,
    proveedor: v.proveedorText,
    fecha: v.fecha,
    realizado_por: v.realizadoPor,
    comentario: v.comentario,
    cliente_id: v.cliente?.id ?? null,
    numero_presupuesto: v.presupuesto?.numero ?? null,
    presupuesto_id: v.presupuesto?.id ?? null,
    items: lines(v.items),
  };
}

/** The order's PDF data, numbered `numero_oc`. */
export function orderPdfData(v: OrderValues, numero_oc: number | string) {
  return {
    numero_oc,
    fecha: v.fecha,
    proveedor: v.proveedor ?? { proveedor: v.proveedorText },
    realizado_por: v.realizadoPor,
    cliente_nombre: v.cliente?.nombre ?? null,
    numero_presupuesto: v.presupuesto?.numero ?? null,
    observacion: v.presupuesto?.nombre_obra ?? null,
    comentario: v.comentario,
    items: v.items.map((i) => ({ ...i, ...lineNumbers(i) })),
  };
}
