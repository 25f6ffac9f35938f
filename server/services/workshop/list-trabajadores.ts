// GET api/trabajadores?periodo=YYYY-MM: a period's roster by name (accents and case
// ignored); without periodo every period's rows, capped.
import { asc } from "drizzle-orm";
import { periodoField } from "../../../src/domain/workshop/fields";
import { trabajadorRow } from "../../../src/domain/workshop/schemas";
import { trabajadores } from "../../db/schema";
import { byHumanName, defineList } from "../../lists";

export const trabajadoresList = defineList({
  table: trabajadores,
  row: trabajadorRow,
  fields: {
    id: { sort: true, filter: ["eq", "in"] },
    periodo: { sort: true, filter: ["eq", "in", "gte", "lte"], value: periodoField() },
    nombre: { sort: byHumanName(trabajadores.nombre), filter: ["like"] },
    dias_trab: { sort: true, filter: ["gte", "lte"] },
    horas_trab: { sort: true },
    horas_extras: { sort: true },
    horas_retraso: { sort: true },
    horas_acum_trab: { sort: true, filter: ["gte", "lte"] },
  },
  search: [trabajadores.nombre, trabajadores.observacion],
  defaultSort: [asc(trabajadores.periodo), asc(byHumanName(trabajadores.nombre))],
  tieBreaker: trabajadores.id,
  cap: 5_000,
});
