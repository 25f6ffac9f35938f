// Bodega → the product catalogue, declared (issue 18): GET/POST api/materiales,
// GET/PUT/DELETE api/materiales/{código}, GET api/materiales/sugerencias come from this; the
// rules are the inventory schema's (materialSchema). The code is the key (the ledger's tables
// point to it): a PUT never changes it. The product name is unique ignoring case. Stock only
// moves through the ledger: stock_actual is a computed column, never in a body.
import { RESOURCE_META } from "../resources/menu";
import { defineResource, MONEY, QUANTITY, TEXT } from "../resources/define-resource";
import { MSG_CODIGO_DUPLICADO, MSG_MATERIAL_NO_ENCONTRADO, MSG_PRODUCTO_DUPLICADO, materialSchema } from "./schemas";

const f = materialSchema.shape;

export const materiales = defineResource(RESOURCE_META.materiales, {
  key: "codigo",
  fields: {
    codigo: { label: "Código", schema: f.codigo, input: TEXT, list: 110, search: true, sort: true, filter: ["eq", "in", "like"], required: true, unique: MSG_CODIGO_DUPLICADO, uniqueIndex: "materiales_pkey", maxLength: 50, span: 3, edit: "readOnly", example: (n) => `MAT-${n}` },
    producto: { label: "Producto", schema: f.producto, input: TEXT, list: 260, priority: "needed", search: true, sort: true, filter: ["like"], required: true, unique: MSG_PRODUCTO_DUPLICADO, maxLength: 200, span: 9 },
    unidad: { label: "Unidad", schema: f.unidad, input: TEXT, list: 80, sort: true, filter: ["eq", "like"], optional: true, maxLength: 20, span: 3, placeholder: "UN", example: () => "UN" },
    precio_unitario: { label: "Precio unitario", schema: f.precio_unitario, input: MONEY, list: 120, sort: true, filter: ["eq", "gte", "lte"], optional: true, span: 3 },
    stock_minimo: { label: "Stock mínimo", schema: f.stock_minimo, input: QUANTITY, list: 110, sort: true, optional: true, span: 3 },
  },
  computed: {
    stock_actual: { label: "Stock actual", input: QUANTITY, list: 110, priority: "needed", sort: true, filter: ["gt", "gte", "lt", "lte", "eq", "ne"] },
  },
  title: "codigo",
  cap: 10_000,
  partialUpdate: true,
  notFound: MSG_MATERIAL_NO_ENCONTRADO,
  searchPlaceholder: "Código o producto…",
});
