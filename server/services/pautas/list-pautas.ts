// GET api/ot_pautas_{category} (the eight lists of section 7): every line of one
// category with its client's name, its quote's number and its work's name, first saved
// first (the (categoria, id) index); capped at 10,000 unpaged, or a filtered, sorted,
// searched page with its total. `activa` tells whether the work is still open (its
// tracking record has recepcion_final false), and filters by it.
import { asc, eq, type SQL } from "drizzle-orm";
import { z } from "zod";
import { PAUTA_CATEGORIES, pautaTableName, type PautaCategory } from "../../../src/domain/pautas/categories";
import { pautaListRow, type PautaListRow } from "../../../src/domain/pautas/schemas";
import { clientes, obraActivaDe, pautas, presupuestos } from "../../db/schema";
import { byHumanName, defineList, type List } from "../../lists";
import { pautaColumns, pautaPresupuesto } from "./pauta-row";

/** The work of the line's quote is open ("obra activa", server/db/schema/reservas.ts). */
const obraActiva: SQL<boolean> = obraActivaDe(pautas.presupuesto_id);

const trueFalse = z.enum(["true", "false"], { error: "activa: debe ser true o false" }).transform((v) => v === "true");

function pautasList(category: PautaCategory): List<PautaListRow> {
  return defineList({
    name: pautaTableName(category),
    table: pautas,
    row: pautaListRow,
    columns: { ...pautaColumns, cliente_nombre: clientes.nombre, nombre_obra: presupuestos.nombre_obra, activa: obraActiva },
    joins: [
      { table: presupuestos, on: pautaPresupuesto },
      { table: clientes, on: eq(clientes.id, presupuestos.cliente_id) },
    ],
    where: eq(pautas.categoria, category),
    fields: {
      id: { sort: true, filter: ["eq", "in"] },
      presupuesto_id: { sort: true, filter: ["eq", "in"] },
      cliente_id: { sort: true, filter: ["eq", "in"] },
      numero_presupuesto: { sort: true, filter: ["eq", "like"] },
      codigo: { sort: true, filter: ["eq", "in", "like"] },
      producto: { sort: byHumanName(pautas.producto), filter: ["like"] },
      cantidad: { sort: true, filter: ["gte", "lte", "gt", "lt"] },
      cantidad_original: { sort: true },
      separado: { sort: true, filter: ["eq"] },
      cliente_nombre: { sort: byHumanName(clientes.nombre), filter: ["like"] },
      nombre_obra: { sort: byHumanName(presupuestos.nombre_obra), filter: ["like"] },
      activa: { filter: ["eq"], value: trueFalse },
    },
    search: [pautas.codigo, pautas.producto, presupuestos.numero, clientes.nombre, presupuestos.nombre_obra],
    defaultSort: [asc(pautas.id)],
    tieBreaker: pautas.id,
    cap: 10_000,
  });
}

export const pautasLists = Object.fromEntries(PAUTA_CATEGORIES.map((c) => [c, pautasList(c)])) as Record<PautaCategory, List<PautaListRow>>;
