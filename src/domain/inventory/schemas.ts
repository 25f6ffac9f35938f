// Body and row schemas of the inventory area (specification sections 3 and 7).
import { z } from "zod";
import { QTY_DECIMALS } from "./quantity";
import { flagField, idField, nullableNumber, optionalText, requiredText, timestampValue } from "../fields";
import { MSG_BODY_OBJETO } from "../sales/schemas";
import { DEFAULT_UNIT } from "./movements";

export const MSG_CODIGO_OBLIGATORIO = "El código es obligatorio";
export const MSG_PRODUCTO_OBLIGATORIO = "El nombre del producto es obligatorio";
export const MSG_CODIGO_DUPLICADO = "Ya existe un material con ese código";
export const MSG_PRODUCTO_DUPLICADO = "Este nombre de producto ya existe.";
export const MSG_MATERIAL_NO_ENCONTRADO = "Material no encontrado";

// ---------------------------------------------------------------- Material

/** POST api/materiales: codigo and producto (the rest optional: unit UN, price and minimum 0). */
export const materialSchema = z.object(
  {
    codigo: requiredText(MSG_CODIGO_OBLIGATORIO, 50),
    producto: requiredText(MSG_PRODUCTO_OBLIGATORIO, 200),
    unidad: optionalText(20).transform((v) => v ?? DEFAULT_UNIT),
    precio_unitario: nullableNumber({ negativeMessage: "El precio no puede ser negativo" }).transform((v) => v ?? 0),
    stock_minimo: nullableNumber({ negativeMessage: "El stock mínimo no puede ser negativo", max: 1e9, decimals: QTY_DECIMALS }).transform((v) => v ?? 0),
  },
  { error: MSG_BODY_OBJETO },
);
export type MaterialInput = z.input<typeof materialSchema>;

/** A product as every materiales answer carries it (stock_actual is the ledger's sum). */
export const materialRow = z.object({
  codigo: z.string(),
  producto: z.string(),
  unidad: z.string(),
  precio_unitario: z.number(),
  stock_minimo: z.number(),
  stock_actual: z.number(),
});
export type MaterialRow = z.infer<typeof materialRow>;

/** GET api/precio-material?codigo=: the product's last price. */
export const precioMaterialQuery = z.object({ codigo: requiredText(MSG_CODIGO_OBLIGATORIO, 50) });
export const precioMaterialRow = materialRow.pick({ codigo: true, producto: true, precio_unitario: true, unidad: true });
export type PrecioMaterialRow = z.infer<typeof precioMaterialRow>;

// ---------------------------------------------------------------- Stock Actual (GET api/inventario)

/** A product with its derived figures (design page): reserved by active works, available = current − reserved. */
export const inventarioRow = materialRow.extend({
  stock_reservado: z.number(),
  stock_disponible: z.number(),
  /** Current stock below the minimum ("Bajo Stock", section 4). */
  bajo_stock: z.boolean(),
});
export type InventarioRow = z.infer<typeof inventarioRow>;

/** GET api/reservas_activas/{code}: what one active work still holds of the product. */
export const reservaActivaRow = z.object({
  presupuesto_id: z.number().int(),
  cliente_nombre: z.string(),
  numero_presupuesto: z.string(),
  nombre_obra: z.string().nullable(),
  cantidad: z.number(),
});
export type ReservaActivaRow = z.infer<typeof reservaActivaRow>;

/** GET api/faltantes: a product short of stock, with the works that need it. */
export const faltanteRow = inventarioRow.extend({
  /** What the active works need beyond current stock (max(0, −available)). */
  para_obras: z.number(),
  /** What to buy to bring available stock up to the minimum. */
  a_comprar: z.number(),
  obras: z.array(reservaActivaRow),
});
export type FaltanteRow = z.infer<typeof faltanteRow>;

// ---------------------------------------------------------------- Kardex

/** A movement of the ledger as the kardex shows it (GET api/materiales/{code}/movimientos). */
export const movimientoRow = z.object({
  id: z.number().int(),
  fecha: timestampValue,
  codigo: z.string(),
  tipo: z.enum(["INGRESO", "SALIDA", "AJUSTE"]),
  cantidad: z.number(),
  precio_unitario: z.number().nullable(),
  saldo: z.number(),
  documento: z.string(),
  usuario_id: z.number().int().nullable(),
  usuario_nombre: z.string().nullable(),
});
export type MovimientoRow = z.output<typeof movimientoRow>;
export type MovimientoJson = z.input<typeof movimientoRow>;

// ---------------------------------------------------------------- Ajuste de Stock

export const MSG_DIFERENCIA_INVALIDA = "La diferencia debe ser un número distinto de 0";

export const MSG_STOCK_VISTO_INVALIDO = "El stock visto debe ser un número mayor o igual a 0";

/**
 * POST api/ajuste_stock: codigo, producto, diferencia (≠ 0), usuario; comentario optional
 * (generated otherwise). `stock_visto` (ours, optional): the stock the person saw when
 * counting; when sent and the stock is no longer that, the adjustment is refused (409).
 */
export const ajusteSchema = z.object(
  {
    codigo: requiredText(MSG_CODIGO_OBLIGATORIO, 50),
    producto: optionalText(200),
    diferencia: nullableNumber({ min0: false, max: 1e9, decimals: QTY_DECIMALS }).refine((v) => v !== null && v !== 0 && v >= -1e9, MSG_DIFERENCIA_INVALIDA).transform((v) => v as number),
    usuario: optionalText(200),
    comentario: optionalText(500),
    stock_visto: nullableNumber({ max: 1e9, negativeMessage: MSG_STOCK_VISTO_INVALIDO }),
  },
  { error: MSG_BODY_OBJETO },
);
export type AjusteInput = z.input<typeof ajusteSchema>;
export type AjusteData = z.output<typeof ajusteSchema>;

/** An adjustment as stored (the POST answer; GET api/ajuste_stock gives the last one per code). */
export const ajusteRow = z.object({
  id: z.number().int(),
  fecha: timestampValue,
  codigo: z.string(),
  producto: z.string(),
  stock_anterior: z.number(),
  diferencia: z.number(),
  stock_nuevo: z.number(),
  comentario: z.string(),
  usuario: z.string(),
  usuario_id: z.number().int().nullable(),
});
export type AjusteRow = z.output<typeof ajusteRow>;
export type AjusteJson = z.input<typeof ajusteRow>;

/** GET api/ajuste_stock/inventario_join: each product with its stock and its last adjustment. */
export const inventarioJoinRow = z.object({
  codigo: z.string(),
  producto: z.string(),
  unidad: z.string(),
  stock_actual: z.number(),
  fecha: timestampValue.nullable(),
  comentario: z.string().nullable(),
});
export type InventarioJoinRow = z.output<typeof inventarioJoinRow>;
export type InventarioJoinJson = z.input<typeof inventarioJoinRow>;

/** PUT api/ajuste_stock/materiales/{code}/nombre. */
export const nombreProductoSchema = z.object({ producto: requiredText("El nombre no puede estar vacío.", 200) }, { error: MSG_BODY_OBJETO });

// ---------------------------------------------------------------- Salidas de material

export const MSG_CLIENTE_OBLIGATORIO = "Seleccione un cliente";
export const MSG_PRESUPUESTO_OBLIGATORIO = "Seleccione un presupuesto";
export const MSG_PRESUPUESTO_NO_EXISTE = "El presupuesto no existe";
export const MSG_PRESUPUESTO_DE_OTRO_CLIENTE = "El presupuesto no pertenece al cliente";

/** POST api/registro_salida (section 7). Names are re-read on the server from the quote. */
export const salidaSchema = z.object(
  {
    codigo: requiredText(MSG_CODIGO_OBLIGATORIO, 50),
    producto: optionalText(200),
    cantidad_salida: nullableNumber({ min0: false, max: 1e9, decimals: QTY_DECIMALS })
      .refine((v) => v !== null && v > 0, "La cantidad de salida debe ser mayor que 0.")
      .transform((v) => v as number),
    cliente_id: idField(MSG_CLIENTE_OBLIGATORIO),
    presupuesto_id: idField(MSG_PRESUPUESTO_OBLIGATORIO),
    cliente_nombre: optionalText(200),
    presupuesto_numero: optionalText(50),
    nombre_obra: optionalText(200),
    observacion: optionalText(1000),
  },
  { error: MSG_BODY_OBJETO },
);
export type SalidaInput = z.input<typeof salidaSchema>;
export type SalidaData = z.output<typeof salidaSchema>;

/** A material exit (history row of section 3, plus ids). precio_neto is the unit price when it left. */
export const salidaRow = z.object({
  id: z.number().int(),
  fecha: timestampValue,
  codigo: z.string(),
  producto: z.string(),
  cantidad: z.number(),
  precio_neto: z.number(),
  cliente_id: z.number().int(),
  presupuesto_id: z.number().int(),
  cliente_nombre: z.string(),
  presupuesto_numero: z.string(),
  nombre_obra: z.string().nullable(),
  observacion: z.string().nullable(),
  usuario_id: z.number().int().nullable(),
});
export type SalidaRow = z.output<typeof salidaRow>;
export type SalidaJson = z.input<typeof salidaRow>;

export const salidaAnswer = z.object({ message: z.string(), salida: salidaRow });

// ---------------------------------------------------------------- Solicitudes de bodega

/** POST api/solicitudes (one per item, section 7). */
export const solicitudSchema = z.object(
  {
    codigo: requiredText(MSG_CODIGO_OBLIGATORIO, 50),
    producto: requiredText(MSG_PRODUCTO_OBLIGATORIO, 200),
    cantidad: nullableNumber({ min0: false, max: 1e9, decimals: QTY_DECIMALS })
      .refine((v) => v !== null && v >= 1, "La cantidad mínima es 1")
      .transform((v) => v as number),
    solicitante: requiredText("El solicitante es obligatorio", 200),
  },
  { error: MSG_BODY_OBJETO },
);
export type SolicitudInput = z.input<typeof solicitudSchema>;
export type SolicitudData = z.output<typeof solicitudSchema>;

/** PUT api/solicitudes/{id}: approve (true) or revert (false). */
export const aprobarSolicitudSchema = z.object({ aprobada: flagField() }, { error: MSG_BODY_OBJETO });

export const solicitudRow = z.object({
  id: z.number().int(),
  codigo: z.string(),
  producto: z.string(),
  cantidad: z.number(),
  solicitante: z.string(),
  estado: z.string(),
  fecha_creacion: timestampValue,
  fecha_aprobacion: timestampValue.nullable(),
  aprobado_por: z.string().nullable(),
  aprobado_por_id: z.number().int().nullable(),
  creado_por_id: z.number().int().nullable(),
});
export type SolicitudRow = z.output<typeof solicitudRow>;
export type SolicitudJson = z.input<typeof solicitudRow>;
