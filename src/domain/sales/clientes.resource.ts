// Ventas → Clientes, declared (issue 18): the API, the Clientes pages and the «Ingreso de
// Cliente» screen (/IngresoCliente) come from this; the rules are the sales schema's
// (clienteSchema: its messages are the API's and the forms'). Every role reads clients (the
// warehouse's exit screen picks one); Ventas and the privileged roles write them and see
// them in the menu. A client's page shows its quotes (src/resources/declared/slots.ts).
import { RESOURCE_META } from "../resources/menu";
import { defineResource, EMAIL, PHONE, RUT, TEXT } from "../resources/define-resource";
import { clienteSchema } from "./schemas";

const f = clienteSchema.shape;

export const clientes = defineResource(RESOURCE_META.clientes, {
  fields: {
    nombre: { label: "Nombre", schema: f.nombre, input: TEXT, list: 200, search: true, sort: true, filter: ["like"], required: true, maxLength: 200 },
    rut: { label: "RUT", schema: f.rut, input: RUT, list: 112, priority: "needed", search: true, sort: true, filter: ["eq", "like"], unique: "Ya existe un cliente con ese RUT", extra: "Ej.: 12.345.678-5", maxLength: 20 },
    correo: { label: "Correo", schema: f.correo, input: EMAIL, list: 170, search: true, sort: true, filter: ["like"], maxLength: 200 },
    telefono: { label: "Teléfono", schema: f.telefono, input: PHONE, list: 116, priority: "needed", search: true, sort: true, filter: ["like"], maxLength: 50 },
    direccion: { label: "Dirección", schema: f.direccion, input: TEXT, list: 150, priority: "extra", sort: true, filter: ["like"], span: 12, maxLength: 300 },
  },
  title: "nombre",
  searchPlaceholder: "Nombre, RUT, correo…",
  cap: 10_000,
});
