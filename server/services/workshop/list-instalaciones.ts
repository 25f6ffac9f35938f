// GET api/taller/instalaciones?mes&anio (design page): one row per UTV record of the month
// installed by the company itself, m2_rectificacion = its m2_instalador, valor_m2 = its
// valor_m2, and valor_instalacion = their product in whole pesos (installationOf).
import { asc, eq, sql } from "drizzle-orm";
import { INSTALADOR_EMPRESA } from "../../../src/config/empresa";
import { instalacionRow } from "../../../src/domain/workshop/schemas";
import { taller_utv } from "../../db/schema";
import { defineList } from "../../lists";

/** round() on numeric rounds half away from zero, as roundPesos does. */
const valorInstalacion = sql<number>`round(${taller_utv.m2_instalador} * ${taller_utv.valor_m2})::float8`.mapWith(Number);

export const instalacionesList = defineList({
  name: "taller_instalaciones",
  table: taller_utv,
  row: instalacionRow,
  columns: {
    id: taller_utv.id,
    fecha: taller_utv.fecha,
    nombre_pauta: taller_utv.nombre_pauta,
    numero_pauta: taller_utv.numero_pauta,
    instalador: taller_utv.instalador,
    m2_rectificacion: taller_utv.m2_instalador,
    valor_m2: taller_utv.valor_m2,
    valor_instalacion: valorInstalacion,
  },
  // The installer is stored with the fixed list's spelling (instaladorField).
  where: eq(taller_utv.instalador, INSTALADOR_EMPRESA),
  fields: {
    id: { sort: true, filter: ["eq", "in"] },
    fecha: { sort: true, filter: ["gte", "lt", "lte", "gt", "eq"] },
    nombre_pauta: { sort: true, filter: ["like"] },
    numero_pauta: { sort: true, filter: ["eq", "like"] },
    m2_rectificacion: { sort: true },
    valor_instalacion: { sort: true },
  },
  search: [taller_utv.nombre_pauta, taller_utv.numero_pauta],
  defaultSort: [asc(taller_utv.fecha)],
  tieBreaker: taller_utv.id,
  cap: 5_000,
});
