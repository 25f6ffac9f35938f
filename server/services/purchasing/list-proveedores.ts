// GET api/proveedores: every supplier by name (capped at 5,000), or a filtered, sorted page
// with its total; q finds name, RUT (with or without dots), seller and contact.
import { asc, sql } from "drizzle-orm";
import { proveedorRow } from "../../../src/domain/purchasing/schemas";
import { proveedores } from "../../db/schema";
import { byHumanName, defineList } from "../../lists";

const rutWithoutDots = sql`replace(${proveedores.rut}, '.', '')`;

export const proveedoresList = defineList({
  table: proveedores,
  row: proveedorRow,
  fields: {
    id: { sort: true, filter: ["eq", "in"] },
    proveedor: { sort: byHumanName(proveedores.proveedor), filter: ["like"] },
    rut: { sort: true, filter: ["eq", "like"] },
    vendedor: { sort: byHumanName(proveedores.vendedor), filter: ["like"] },
    contacto: { sort: true, filter: ["like"] },
    banco: { sort: true, filter: ["like"] },
    dias_credito: { sort: true, filter: ["eq", "lte", "gte"] },
  },
  search: [proveedores.proveedor, proveedores.rut, rutWithoutDots, proveedores.vendedor, proveedores.contacto],
  defaultSort: [asc(byHumanName(proveedores.proveedor))],
  tieBreaker: proveedores.id,
  cap: 5_000,
});
