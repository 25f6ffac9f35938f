// Adquisiciones → Proveedores, declared (issue 18): the API, the generic pages and the
// specification's screen «Crear/Editar Proveedores» (screen "proveedor-page", the menu's entry) come
// from this; the rules are the purchasing schema's (proveedorSchema). The name is unique
// ignoring case (its index predates the naming convention: proveedores_nombre_uq).
import { RESOURCE_META } from "../resources/menu";
import { defineResource, INTEGER, RUT, TEXT } from "../resources/define-resource";
import { proveedorSchema } from "./schemas";

const f = proveedorSchema.shape;

/** A supplier's bank account: only the roles that write suppliers see it (issue 32; Bodega reads suppliers for its pickers). */
const bank = { readers: RESOURCE_META.proveedores.writers } as const;

export const proveedores = defineResource(RESOURCE_META.proveedores, {
  fields: {
    proveedor: { label: "Proveedor", schema: f.proveedor, input: TEXT, list: 170, search: true, sort: true, filter: ["like"], required: true, unique: "Ya existe un proveedor con ese nombre", uniqueIndex: "proveedores_nombre_uq", maxLength: 200 },
    rut: { label: "RUT", schema: f.rut, input: RUT, list: 116, priority: "needed", search: true, sort: true, filter: ["eq", "like"], unique: "Ya existe un proveedor con ese RUT", span: 3, placeholder: "76.086.428-5", maxLength: 20 },
    dias_credito: { label: "Días de crédito", schema: f.dias_credito, input: INTEGER, list: 90, sort: true, filter: ["eq", "lte", "gte"], span: 3, placeholder: "0", maxLength: 3, example: (n) => n % 90 },
    vendedor: { label: "Vendedor", schema: f.vendedor, input: TEXT, list: 130, search: true, sort: true, filter: ["like"], maxLength: 200 },
    contacto: { label: "Contacto", schema: f.contacto, input: TEXT, list: 130, search: true, sort: true, filter: ["like"], maxLength: 200 },
    banco: { label: "Banco", schema: f.banco, input: TEXT, list: 120, priority: "extra", sort: true, filter: ["like"], span: 4, maxLength: 100, ...bank },
    tipo_de_cuenta: { label: "Tipo de cuenta", schema: f.tipo_de_cuenta, input: TEXT, list: 120, priority: "extra", span: 4, maxLength: 100, ...bank },
    numero_cuenta: { label: "Número de cuenta", schema: f.numero_cuenta, input: TEXT, list: 120, priority: "extra", span: 4, maxLength: 50, ...bank },
  },
  title: "proveedor",
  searchPlaceholder: "Nombre, RUT, vendedor…",
  // The pickers (Crear OC, the supplier box) show the name and the RUT: that is all they get.
  suggest: { fields: ["proveedor", "rut"] },
});
