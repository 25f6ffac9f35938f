// GET api/taller/termopanel?mes&anio: the month's thermal panel lines, oldest first.
import { asc } from "drizzle-orm";
import { termopanelRow } from "../../../src/domain/workshop/schemas";
import { taller_termopanel } from "../../db/schema";
import { defineList } from "../../lists";

export const termopanelList = defineList({
  table: taller_termopanel,
  row: termopanelRow,
  fields: {
    id: { sort: true, filter: ["eq", "in"] },
    fecha: { sort: true, filter: ["gte", "lt", "lte", "gt", "eq"] },
    cliente: { sort: true, filter: ["like"] },
    cantidad: { sort: true },
    m2: { sort: true, filter: ["gte", "lte"] },
    valor_m2: { sort: true },
  },
  search: [taller_termopanel.cliente, taller_termopanel.observaciones],
  defaultSort: [asc(taller_termopanel.fecha)],
  tieBreaker: taller_termopanel.id,
  cap: 5_000,
});
