// Adquisiciones → Proveedores: the suppliers, declared (issue 18). The API is the declared
// one; the specification's screen /ProveedorPage (custom-pages/proveedores) edits them.
// The fields' rules are the purchasing schema's (proveedorSchema).
import { RESOURCE_META } from "../resources/menu";
import { defineResource, INTEGER, RUT, TEXT } from "../resources/define-resource";
import { proveedorSchema } from "./schemas";

const f = proveedorSchema.shape;

export const proveedores = defineResource(RESOURCE_META.proveedores, {
  fields: {
    proveedor: { label: "Proveedor", schema: f.proveedor, input: TEXT, list: 200, search: true, sort: true, filter: true, required: true, unique: "Ya existe un proveedor con ese nombre" },
    rut: { label: "RUT", schema: f.rut, input: RUT, list: 112, search: true, sort: true, filter: true, unique: "Ya existe un proveedor con ese RUT" },
    vendedor: { label: "Vendedor", schema: f.vendedor, input: TEXT, list: 140, search: true, sort: true, filter: true },
    contacto: { label: "Contacto", schema: f.contacto, input: TEXT, list: 140, search: true, sort: true, filter: true },
    banco: { label: "Banco", schema: f.banco, input: TEXT, sort: true, filter: true },
    tipo_de_cuenta: { label: "Tipo de cuenta", schema: f.tipo_de_cuenta, input: TEXT },
    numero_cuenta: { label: "Número de cuenta", schema: f.numero_cuenta, input: TEXT },
    dias_credito: { label: "Días de crédito", schema: f.dias_credito, input: INTEGER, list: 90, sort: true, filter: true, example: (n) => n % 90 },
  },
  title: "proveedor",
});
