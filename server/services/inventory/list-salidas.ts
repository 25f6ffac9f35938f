// GET api/salidas_inventario2: the exits' history (section 2.7), newest first; capped
// unpaged, or a filtered, sorted, searched page with its total.
import { desc } from "drizzle-orm";
import { salidaRow } from "../../../src/domain/inventory/schemas";
import { salidas_inventario } from "../../db/schema";
import { byHumanName, defineList } from "../../lists";

export const salidasList = defineList({
  table: salidas_inventario,
  row: salidaRow,
  fields: {
    id: { sort: true },
    fecha: { sort: true, filter: ["gte", "lte"] },
    codigo: { sort: true, filter: ["eq", "in", "like"] },
    producto: { sort: byHumanName(salidas_inventario.producto), filter: ["like"] },
    cantidad: { sort: true },
    precio_neto: { sort: true },
    cliente_id: { filter: ["eq", "in"] },
    presupuesto_id: { filter: ["eq", "in"] },
    cliente_nombre: { sort: byHumanName(salidas_inventario.cliente_nombre), filter: ["like"] },
    presupuesto_numero: { sort: true, filter: ["eq", "like"] },
    nombre_obra: { sort: true, filter: ["like"] },
  },
  search: [salidas_inventario.codigo, salidas_inventario.producto, salidas_inventario.cliente_nombre, salidas_inventario.presupuesto_numero, salidas_inventario.nombre_obra],
  defaultSort: [desc(salidas_inventario.fecha)],
  tieBreaker: salidas_inventario.id,
  cap: 1_000,
});
