// GET api/materiales: every product by code (the screens' code and product pickers use
// the suggestions below instead), or a filtered, sorted page with its total.
import { asc } from "drizzle-orm";
import { materialRow } from "../../../src/domain/inventory/schemas";
import { materiales } from "../../db/schema";
import { byHumanName, defineList } from "../../lists";

export const materialesList = defineList({
  table: materiales,
  row: materialRow,
  fields: {
    codigo: { sort: true, filter: ["eq", "in", "like"] },
    producto: { sort: byHumanName(materiales.producto), filter: ["like"] },
    unidad: { sort: true, filter: ["eq"] },
    precio_unitario: { sort: true, filter: ["gte", "lte"] },
    stock_minimo: { sort: true },
    stock_actual: { sort: true, filter: ["gt", "gte", "lt", "lte", "eq", "ne"] },
  },
  search: [materiales.codigo, materiales.producto],
  defaultSort: [asc(materiales.codigo)],
  tieBreaker: materiales.codigo,
  cap: 10_000,
});
