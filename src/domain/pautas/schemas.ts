// The fields of pauta lines, declared once (specification sections 3, 5 and 7 and the
// design page "Technical lists"): the bodies of the ot_pautas and stock-reservado calls
// (the server validates requests with them; the screens use the same rules) and the rows
// the API answers.
import { z } from "zod";
import { QTY_DECIMALS, roundQty } from "../inventory/quantity";
import { hasAtMostDecimals, idField, MSG_MAXIMO_4_DECIMALES, optionalText, requiredText } from "../fields";
import { MSG_BODY_OBJETO, MSG_SELECCIONE_CLIENTE, MSG_SELECCIONE_PRESUPUESTO } from "../sales/schemas";
import { PAUTA_CATEGORIES, type PautaCategory } from "./categories";

export const MSG_PAUTA_CODIGO_OBLIGATORIO = "El código es obligatorio";
export const MSG_PAUTA_PRODUCTO_OBLIGATORIO = "El producto es obligatorio";
export const MSG_PAUTA_CANTIDAD_POSITIVA = "La cantidad debe ser un número mayor que 0";
export const MSG_PAUTA_SIN_ITEMS = "Agregue al menos un ítem a la pauta";
export const MSG_PAUTA_DEMASIADOS_ITEMS = (max: number) => `Una pauta se guarda con ${max.toLocaleString("es-CL")} líneas como máximo`;
export const MSG_PAUTA_ITEMS_LISTA = "Los ítems deben ser una lista";
export const MSG_SEPARADO_INVALIDO = "Indique separado: true o false";
export const MSG_CATEGORIA_DESCONOCIDA = (c: string) => `Categoría de pauta desconocida: «${c}».`;

/** Lines one batch may carry (a 10,000-line CSV gives far fewer distinct codes). */
export const MAX_LOTE_LINEAS = 50_000;
/** The largest quantity a line may carry (metres, units or m²). */
const MAX_CANTIDAD = 1e9;

/**
 * A quantity above 0: a JSON number (issue 23.12: numeric text is refused; the screens
 * read what is typed, es-CL, before sending) with at most the 4 decimals the database keeps
 * (more is refused: "Use como máximo 4 decimales"; float dust is dropped). Missing or null → null.
 */
function quantity() {
  return z
    .union([z.number(), z.null()], { error: MSG_PAUTA_CANTIDAD_POSITIVA })
    .optional()
    .transform((v, ctx) => {
      if (v === null || v === undefined) return null;
      const n = v;
      if (!(n > 0) || n > MAX_CANTIDAD || roundQty(n) <= 0) {
        ctx.addIssue({ code: "custom", message: MSG_PAUTA_CANTIDAD_POSITIVA });
        return z.NEVER;
      }
      if (!hasAtMostDecimals(n, QTY_DECIMALS)) {
        ctx.addIssue({ code: "custom", message: MSG_MAXIMO_4_DECIMALES });
        return z.NEVER;
      }
      return roundQty(n);
    });
}

/**
 * One line of a batch: code, product and its quantity (issue 23.10).
 * - With `cantidad_original` (the quantity as a list gave it: metres for perfiles and
 *   refuerzos, the CSV import): the server derives the quantity with pautaCantidad (bars
 *   of 5.8 m or rounded up) and ignores the `cantidad` sent.
 * - With `cantidad` only (a line given by hand, "Añadir"): stored as given, no conversion.
 * The output carries one of the two: `cantidad_original` (a list's) or `cantidad` (by hand).
 */
export const pautaItemSchema = z
  .object(
    {
      codigo: requiredText(MSG_PAUTA_CODIGO_OBLIGATORIO, 50),
      producto: requiredText(MSG_PAUTA_PRODUCTO_OBLIGATORIO, 200),
      cantidad: quantity(),
      cantidad_original: quantity(),
    },
    { error: "Cada ítem debe ser un objeto con codigo, producto y cantidad" },
  )
  .transform((item, ctx): { codigo: string; producto: string; cantidad: number | null; cantidad_original: number | null } => {
    if (item.cantidad_original !== null) return { codigo: item.codigo, producto: item.producto, cantidad: null, cantidad_original: item.cantidad_original };
    if (item.cantidad === null) {
      ctx.addIssue({ code: "custom", message: MSG_PAUTA_CANTIDAD_POSITIVA, path: ["cantidad"] });
      return z.NEVER;
    }
    return { codigo: item.codigo, producto: item.producto, cantidad: item.cantidad, cantidad_original: null };
  });
export type PautaItemInput = z.input<typeof pautaItemSchema>;
export type PautaItemData = z.output<typeof pautaItemSchema>;

const pautaItems = z
  .array(pautaItemSchema, { error: MSG_PAUTA_ITEMS_LISTA })
  .max(MAX_LOTE_LINEAS, MSG_PAUTA_DEMASIADOS_ITEMS(MAX_LOTE_LINEAS));

const loteHeader = {
  cliente_id: idField(MSG_SELECCIONE_CLIENTE),
  presupuesto_id: idField(MSG_SELECCIONE_PRESUPUESTO),
  /** Sent by the screen; the server stores the quote's own number. */
  numero_presupuesto: optionalText(50),
};

/** POST api/ot_pautas/{category}/lote (section 7). */
export const pautaLoteSchema = z.object({ ...loteHeader, items: pautaItems.min(1, MSG_PAUTA_SIN_ITEMS) }, { error: MSG_BODY_OBJETO });
export type PautaLoteInput = z.input<typeof pautaLoteSchema>;
export type PautaLoteData = z.output<typeof pautaLoteSchema>;

/**
 * POST api/ot_pautas/lote (ours, additive): every category's lines in one transaction,
 * so "Guardar TODO" saves all of them or none. Unknown category names are refused.
 */
export const pautaLoteTodoSchema = z
  .object(
    {
      ...loteHeader,
      categorias: z
        .strictObject(
          Object.fromEntries(PAUTA_CATEGORIES.map((c) => [c, pautaItems.optional()])) as Record<PautaCategory, z.ZodOptional<typeof pautaItems>>,
          { error: (iss) => (iss.code === "unrecognized_keys" ? `Categoría de pauta desconocida: ${iss.keys.join(", ")}` : "Las categorías deben ser un objeto con una lista por categoría") },
        )
        .transform((c, ctx) => {
          const total = PAUTA_CATEGORIES.reduce((n, k) => n + (c[k]?.length ?? 0), 0);
          if (total === 0) ctx.addIssue({ code: "custom", message: MSG_PAUTA_SIN_ITEMS });
          else if (total > MAX_LOTE_LINEAS) ctx.addIssue({ code: "custom", message: MSG_PAUTA_DEMASIADOS_ITEMS(MAX_LOTE_LINEAS) });
          return c as Partial<Record<PautaCategory, PautaItemData[]>>;
        }),
    },
    { error: MSG_BODY_OBJETO },
  );
export type PautaLoteTodoInput = z.input<typeof pautaLoteTodoSchema>;
export type PautaLoteTodoData = z.output<typeof pautaLoteTodoSchema>;

/** PUT api/ot_pautas/{category}/{id} (section 7): the quantity the work needs (bars for perfiles and refuerzos). */
export const pautaCantidadSchema = z.object(
  {
    cantidad: quantity().transform((v, ctx) => {
      if (v === null) {
        ctx.addIssue({ code: "custom", message: MSG_PAUTA_CANTIDAD_POSITIVA });
        return z.NEVER;
      }
      return v;
    }),
  },
  { error: MSG_BODY_OBJETO },
);
export type PautaCantidadInput = z.input<typeof pautaCantidadSchema>;

/** PATCH api/stock-reservado/{table}/{id} (section 7): `separado`, required, JSON true or false (a missing value never unticks a line). */
export const separadoSchema = z.object(
  {
    separado: z.boolean({ error: MSG_SEPARADO_INVALIDO }),
  },
  { error: MSG_BODY_OBJETO },
);
export type SeparadoInput = z.input<typeof separadoSchema>;

// ---------------------------------------------------------------- Rows the API answers

/** A stored pauta line (section 3). */
export const pautaRow = z.object({
  id: z.number().int(),
  categoria: z.enum(PAUTA_CATEGORIES),
  cliente_id: z.number().int(),
  presupuesto_id: z.number().int(),
  numero_presupuesto: z.string(),
  codigo: z.string(),
  producto: z.string(),
  /** What the work needs: as given by hand, or from a list's quantity (bars of 5.8 m for perfiles and refuerzos, rounded up otherwise). */
  cantidad: z.number(),
  /** As the list gave it (metres for bars; a quantity given by hand counts 5.8 m a bar), added up over the batches. */
  cantidad_original: z.number(),
  separado: z.boolean(),
});
export type PautaRow = z.infer<typeof pautaRow>;

/** A line of GET api/ot_pautas_{category}: with its client's name and its work's name (the quote's, as they are now). */
export const pautaListRow = pautaRow.extend({
  cliente_nombre: z.string(),
  nombre_obra: z.string().nullable(),
  /** The work is active: its tracking record has recepcion_final false. */
  activa: z.boolean(),
});
export type PautaListRow = z.infer<typeof pautaListRow>;

/** The answer of a batch. */
export const pautaLoteResult = z.object({
  message: z.string(),
  presupuesto_id: z.number().int(),
  /** Lines received. */
  lineas: z.number().int(),
  /** Codes that were new for the quote and category. */
  creadas: z.number().int(),
  /** Codes the quote already had: their quantities were added up. */
  actualizadas: z.number().int(),
  /** Codes written per category. */
  por_categoria: z.partialRecord(z.enum(PAUTA_CATEGORIES), z.number().int()),
});
export type PautaLoteResult = z.infer<typeof pautaLoteResult>;

/** A work of "Stock reservado por OT" (GET api/stock-reservado/obras, ours): an active work and its pauta lines. */
export const obraReservaRow = z.object({
  presupuesto_id: z.number().int(),
  numero_presupuesto: z.string(),
  cliente_id: z.number().int(),
  cliente_nombre: z.string(),
  nombre_obra: z.string().nullable(),
  lineas: z.number().int(),
  separadas: z.number().int(),
  pautas: z.array(pautaRow),
});
export type ObraReservaRow = z.infer<typeof obraReservaRow>;
