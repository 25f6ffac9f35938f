// GET api/taller/utv?mes&anio: the month's UTV records, oldest first (the fecha index),
// paged, sorted and searched on the server.
import { asc } from "drizzle-orm";
import { utvRow } from "../../../src/domain/workshop/schemas";
import { taller_utv } from "../../db/schema";
import { defineList } from "../../lists";

export const utvList = defineList({
  table: taller_utv,
  row: utvRow,
  fields: {
    id: { sort: true, filter: ["eq", "in"] },
    fecha: { sort: true, filter: ["gte", "lt", "lte", "gt", "eq"] },
    tipo: { sort: true, filter: ["eq", "in"] },
    nombre_pauta: { sort: true, filter: ["like"] },
    numero_pauta: { sort: true, filter: ["eq", "like"] },
    instalador: { sort: true, filter: ["eq", "in"] },
    valor_m2: { sort: true },
    m2_instalador: { sort: true },
  },
  search: [taller_utv.nombre_pauta, taller_utv.numero_pauta, taller_utv.instalador, taller_utv.comentario_marcos, taller_utv.comentario_otro],
  defaultSort: [asc(taller_utv.fecha)],
  tieBreaker: taller_utv.id,
  cap: 5_000,
});
