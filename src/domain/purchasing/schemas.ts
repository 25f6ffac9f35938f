// Body and row schemas of the purchasing area (specification sections 3, 5 and 7; design
// page "Purchasing"): suppliers, purchase orders, their items, invoice receipts and the
// shortage-to-order drafts. The server validates with them and the forms use the same rules.
import { z } from "zod";
import { QTY_DECIMALS } from "../inventory/quantity";
import { idField, nullableNumber, optionalIsoDate, optionalText, requiredText, rutField, timestampValue } from "../fields";
import { MSG_BODY_OBJETO } from "../sales/schemas";
import { DEFAULT_UNIT, MSG_ITEM_INCOMPLETO, MSG_PROVEEDOR_NO_VALIDO, MSG_SELECCIONAR_CLIENTE_PRESUPUESTO } from "./order-form";
import { ORDER_STATES } from "./order-state";
import { receiptInvoiceError, repeatedInReceipt } from "./receipt";
import { parseDiasCredito, supplierNameError } from "./supplier";

export const MSG_CODIGO_ITEM_OBLIGATORIO = "El código es obligatorio";
export const MSG_PRODUCTO_ITEM_OBLIGATORIO = "El producto es obligatorio";
export const MSG_CANTIDAD_POSITIVA = "La cantidad debe ser mayor que 0";
export const MSG_PRECIO_OBLIGATORIO = "El precio unitario es obligatorio";
export const MSG_PRECIO_NEGATIVO_OC = "El precio no puede ser negativo";
export const MSG_REALIZADO_POR_OBLIGATORIO = "Indique quién realiza la orden";
export const MSG_NUMERO_OC_INVALIDO = "Número de OC inválido";
export const MSG_ITEM_ID_INVALIDO = "Ítem inválido";
export const MSG_SIN_ORDENES = "Debe enviar al menos una orden";
export const MSG_SIN_FALTANTES = "Seleccione al menos un producto faltante";

// ---------------------------------------------------------------- Supplier

export const proveedorSchema = z.object(
  {
    proveedor: optionalText(200).transform((v, ctx) => {
      const error = supplierNameError(v);
      if (error) {
        ctx.addIssue({ code: "custom", message: error });
        return z.NEVER;
      }
      return v as string;
    }),
    rut: rutField(),
    vendedor: optionalText(200),
    contacto: optionalText(200),
    banco: optionalText(100),
    tipo_de_cuenta: optionalText(100),
    numero_cuenta: optionalText(50),
    dias_credito: z
      .union([z.number(), z.null()], { error: "Los días de crédito deben ser un número entero entre 0 y 365." })
      .optional()
      .transform((v, ctx) => {
        const r = parseDiasCredito(v ?? null);
        if (!r.ok) {
          ctx.addIssue({ code: "custom", message: r.message });
          return z.NEVER;
        }
        return r.value;
      }),
  },
  { error: MSG_BODY_OBJETO },
);
export type ProveedorInput = z.input<typeof proveedorSchema>;
export type ProveedorData = z.output<typeof proveedorSchema>;

export const proveedorRow = z.object({
  id: z.number().int(),
  proveedor: z.string(),
  rut: z.string().nullable(),
  vendedor: z.string().nullable(),
  contacto: z.string().nullable(),
  banco: z.string().nullable(),
  tipo_de_cuenta: z.string().nullable(),
  numero_cuenta: z.string().nullable(),
  dias_credito: z.number().int(),
});
export type ProveedorRow = z.infer<typeof proveedorRow>;

// ---------------------------------------------------------------- Order item

/** An item's own fields (POST with an order, POST/PUT api/items_oc). total and costo_neto are recomputed. */
export const itemOcFieldsSchema = z.object(
  {
    codigo: requiredText(MSG_CODIGO_ITEM_OBLIGATORIO, 50),
    producto: requiredText(MSG_PRODUCTO_ITEM_OBLIGATORIO, 200),
    cantidad: nullableNumber({ negativeMessage: MSG_CANTIDAD_POSITIVA, max: 1e9, decimals: QTY_DECIMALS }).refine((v) => v !== null && v > 0, MSG_CANTIDAD_POSITIVA).transform((v) => v as number),
    precio_unitario: nullableNumber({ negativeMessage: MSG_PRECIO_NEGATIVO_OC }).refine((v) => v !== null, MSG_PRECIO_OBLIGATORIO).transform((v) => v as number),
    unidad: optionalText(20).transform((v) => v ?? DEFAULT_UNIT),
    observacion: optionalText(2000),
  },
  { error: MSG_BODY_OBJETO },
);
export type ItemOcFields = z.output<typeof itemOcFieldsSchema>;
export type ItemOcInput = z.input<typeof itemOcFieldsSchema>;

/** POST api/items_oc: the item plus numero_oc. */
export const itemOcCreateSchema = itemOcFieldsSchema.extend({ numero_oc: idField(MSG_NUMERO_OC_INVALIDO) });
export type ItemOcCreateData = z.output<typeof itemOcCreateSchema>;

export const itemOcRow = z.object({
  id: z.number().int(),
  numero_oc: z.number().int(),
  codigo: z.string(),
  producto: z.string(),
  unidad: z.string(),
  cantidad: z.number(),
  precio_unitario: z.number(),
  costo_neto: z.number().nullable(),
  observacion: z.string().nullable(),
  cantidad_llegada: z.number(),
  observacion_ingreso: z.string().nullable(),
});
export type ItemOcRow = z.infer<typeof itemOcRow>;

// ---------------------------------------------------------------- Purchase order

const clientRef = z
  .union([z.number(), z.string(), z.null()], { error: MSG_SELECCIONAR_CLIENTE_PRESUPUESTO })
  .optional()
  .transform((v, ctx) => {
    const t = v === null || v === undefined ? "" : String(v).trim();
    if (t === "") {
      ctx.addIssue({ code: "custom", message: MSG_SELECCIONAR_CLIENTE_PRESUPUESTO });
      return z.NEVER;
    }
    return t;
  });

const optionalId = (message: string) => z.preprocess((v) => (v === null ? undefined : v), idField(message).optional());

/**
 * POST api/ordenes_compra. cliente_id carries the client's id or (as the original web app
 * sends it) the client's name; numero_presupuesto is that client's quote number.
 */
export const ordenCompraSchema = z.object(
  {
    numero_oc: optionalId(MSG_NUMERO_OC_INVALIDO),
    proveedor: requiredText(MSG_PROVEEDOR_NO_VALIDO, 200),
    fecha: optionalIsoDate(),
    realizado_por: requiredText(MSG_REALIZADO_POR_OBLIGATORIO, 200),
    comentario: optionalText(2000),
    cliente_id: clientRef,
    numero_presupuesto: requiredText(MSG_SELECCIONAR_CLIENTE_PRESUPUESTO, 50),
    presupuesto_id: optionalId(MSG_SELECCIONAR_CLIENTE_PRESUPUESTO),
    items: z.array(itemOcFieldsSchema, { error: MSG_ITEM_INCOMPLETO }).min(1, MSG_ITEM_INCOMPLETO).max(500, "Máximo 500 ítems por orden"),
  },
  { error: MSG_BODY_OBJETO },
);
export type OrdenCompraInput = z.input<typeof ordenCompraSchema>;
export type OrdenCompraData = z.output<typeof ordenCompraSchema>;

/** PUT api/ordenes_compra/{numero_oc}: the comment. */
export const comentarioOcSchema = z.object({ comentario: optionalText(2000) }, { error: MSG_BODY_OBJETO });

/** An order as every list answers it: its state and net derived from its items. */
export const ordenCompraRow = z.object({
  numero_oc: z.number().int(),
  proveedor_id: z.number().int(),
  proveedor: z.string(),
  fecha: z.string().describe("AAAA-MM-DD"),
  realizado_por: z.string(),
  comentario: z.string().nullable(),
  cliente_id: z.number().int().nullable(),
  cliente_nombre: z.string().nullable(),
  presupuesto_id: z.number().int().nullable(),
  numero_presupuesto: z.string().nullable(),
  observacion: z.string().nullable(),
  factura: z.string().nullable(),
  fecha_factura: z.string().nullable(),
  estado: z.enum(ORDER_STATES),
  total_neto: z.number(),
});
export type OrdenCompraRow = z.infer<typeof ordenCompraRow>;

/** GET api/ordenes_compra_estado: an order with its items. */
export const ordenCompraEstadoRow = ordenCompraRow.extend({ detalles: z.array(itemOcRow) });
export type OrdenCompraEstadoRow = z.infer<typeof ordenCompraEstadoRow>;

export const recepcionItemRow = z.object({
  item_id: z.number().int(),
  codigo: z.string(),
  cantidad_anterior: z.number(),
  cantidad_llegada: z.number(),
  diferencia: z.number(),
  precio_unitario: z.number(),
  observacion_ingreso: z.string().nullable(),
});
export const recepcionRow = z.object({
  id: z.number().int(),
  numero_oc: z.number().int(),
  factura: z.string(),
  fecha_factura: z.string(),
  fecha: timestampValue,
  usuario_nombre: z.string().nullable(),
  items: z.array(recepcionItemRow),
});
/** The web's receipt (fecha as ISO text); the server works with z.output (a Date). */
export type RecepcionRow = z.input<typeof recepcionRow>;
export type RecepcionData = z.output<typeof recepcionRow>;

/** GET api/ordenes_compra/{numero_oc}: the order, its supplier's transfer data, items and receipts. */
export const ordenCompraDetalleRow = ordenCompraEstadoRow.extend({
  rut_proveedor: z.string().nullable(),
  rut: z.string().nullable(),
  banco: z.string().nullable(),
  tipo_de_cuenta: z.string().nullable(),
  numero_cuenta: z.string().nullable(),
  /** The supplier's salesperson and contact (the PDF prints them only when present). */
  vendedor: z.string().nullable(),
  contacto: z.string().nullable(),
  /** The supplier's credit days: the order's payment condition. */
  dias_credito: z.number().int(),
  recepciones: z.array(recepcionRow),
});
export type OrdenCompraDetalleRow = z.input<typeof ordenCompraDetalleRow>;
export type OrdenCompraDetalleData = z.output<typeof ordenCompraDetalleRow>;

// ---------------------------------------------------------------- Invoice receipt

const receiptLine = z.object(
  {
    id: idField(MSG_ITEM_ID_INVALIDO),
    cantidad_llegada: nullableNumber({ negativeMessage: "La cantidad llegada no puede ser negativa", max: 1e9, decimals: QTY_DECIMALS }),
    precio_unitario: nullableNumber({ negativeMessage: MSG_PRECIO_NEGATIVO_OC }),
    observacion_ingreso: optionalText(2000),
  },
  { error: MSG_BODY_OBJETO },
);

const receiptOrder = z
  .object(
    {
      numero_oc: idField(MSG_NUMERO_OC_INVALIDO),
      factura: optionalText(50),
      fecha_factura: z.union([z.string(), z.null()]).optional(),
      detalles: z.array(receiptLine, { error: "Los detalles deben ser una lista" }).max(500).default([]),
    },
    { error: MSG_BODY_OBJETO },
  )
  .transform((o, ctx) => {
    const error = receiptInvoiceError(o.numero_oc, o.factura, o.fecha_factura);
    if (error) {
      ctx.addIssue({ code: "custom", message: error, path: [o.factura ? "fecha_factura" : "factura"] });
      return z.NEVER;
    }
    return { ...o, factura: o.factura as string, fecha_factura: String(o.fecha_factura).trim() };
  });

/**
 * POST api/ingresar_factura: the orders received, each with its invoice and the items' new
 * cumulative arrived quantities. An order number, or an item within an order, appears once.
 */
export const ingresarFacturaSchema = z
  .object({ ordenes: z.array(receiptOrder, { error: MSG_SIN_ORDENES }).min(1, MSG_SIN_ORDENES).max(100) }, { error: MSG_BODY_OBJETO })
  .superRefine((body, ctx) => {
    for (const r of repeatedInReceipt(body.ordenes)) ctx.addIssue({ code: "custom", path: r.path, message: r.message });
  });
export type IngresarFacturaInput = z.input<typeof ingresarFacturaSchema>;
export type IngresarFacturaData = z.output<typeof ingresarFacturaSchema>;

export const ingresoResultRow = z.object({
  numero_oc: z.number().int(),
  estado: z.enum(ORDER_STATES),
  /** The receipt written, or null when nothing changed (a receipt sent again). */
  recepcion_id: z.number().int().nullable(),
  movimientos: z.number().int(),
});
export const ingresarFacturaRow = z.object({ message: z.string(), ordenes: z.array(ingresoResultRow) });
export type IngresarFacturaRow = z.infer<typeof ingresarFacturaRow>;

// ---------------------------------------------------------------- Shortage → draft orders

export const borradoresSchema = z.object(
  {
    faltantes: z
      .array(
        z.object({
          codigo: requiredText(MSG_CODIGO_ITEM_OBLIGATORIO, 50),
          cantidad: nullableNumber({ negativeMessage: MSG_CANTIDAD_POSITIVA, max: 1e9, decimals: QTY_DECIMALS }).refine((v) => v !== null && v > 0, MSG_CANTIDAD_POSITIVA).transform((v) => v as number),
        }),
        { error: MSG_SIN_FALTANTES },
      )
      .min(1, MSG_SIN_FALTANTES)
      .max(500),
  },
  { error: MSG_BODY_OBJETO },
);
export type BorradoresData = z.output<typeof borradoresSchema>;

export const borradorItemRow = z.object({
  codigo: z.string(),
  producto: z.string(),
  unidad: z.string(),
  cantidad: z.number(),
  precio_unitario: z.number(),
  /** Works that need it (active quotes with it in their pautas). */
  obras: z.array(z.object({ presupuesto_id: z.number().int(), numero_presupuesto: z.string(), nombre_obra: z.string().nullable(), cliente_nombre: z.string() })),
});
export const borradorRow = z.object({
  /** The product's last supplier; null for products never bought. */
  proveedor_id: z.number().int().nullable(),
  proveedor: z.string().nullable(),
  items: z.array(borradorItemRow),
});
export type BorradorRow = z.infer<typeof borradorRow>;
