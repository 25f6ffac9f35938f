// Body and row schemas of the inventory area (specification sections 3 and 7).
import { z } from "zod";
import { nullableNumber, optionalText, requiredText } from "../sales/fields";
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
    stock_minimo: nullableNumber({ negativeMessage: "El stock mínimo no puede ser negativo", max: 1e9 }).transform((v) => v ?? 0),
  },
  { error: MSG_BODY_OBJETO },
);
export type MaterialInput = z.input<typeof materialSchema>;
export type MaterialData = z.output<typeof materialSchema>;

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
