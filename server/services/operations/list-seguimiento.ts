// GET api/seguimiento_obras: the work-tracking records with their quote and client, newest
// quote first. Without parameters the plain array (up to 5,000); with the simple-rest
// parameters paged, searched (quote number, work, client) and filtered (completa=false
// is the screen's default: complete works are hidden unless the box is ticked).
import { desc } from "drizzle-orm";
import { z } from "zod";
import { seguimientoRow } from "../../../src/domain/operations/schemas";
import { WORK_STAGES } from "../../../src/domain/sales/tracking";
import { clientes, presupuestos, seguimientoObras } from "../../db/schema";
import { byHumanName, defineList, type ListField } from "../../lists";
import { completaExpr, conPautaExpr, fechaMaxExpr, seguimientoColumns, seguimientoJoins } from "./seguimiento-row";

const isoDateValue = (name: string) => z.string().regex(/^\d{4}-\d{2}-\d{2}$/, `${name}: fecha inválida (use AAAA-MM-DD)`);

const stageFields = Object.fromEntries(WORK_STAGES.map((s) => [s, { sort: true, filter: ["eq"] }])) as Record<string, Partial<ListField>>;

export const seguimientoList = defineList({
  name: "seguimiento_obras",
  table: seguimientoObras,
  row: seguimientoRow,
  columns: seguimientoColumns,
  joins: seguimientoJoins,
  fields: {
    id: { sort: true, filter: ["eq", "in"] },
    presupuesto_id: { sort: true, filter: ["eq", "in"] },
    cliente_id: { filter: ["eq", "in"] },
    presupuesto_numero: { sort: true, filter: ["eq", "like"] },
    cliente_nombre: { sort: byHumanName(clientes.nombre), filter: ["like"] },
    nombre_obra: { sort: byHumanName(presupuestos.nombre_obra), filter: ["like"] },
    rectificacion_fecha: { sort: true, filter: ["eq", "lt", "lte", "gt", "gte"] },
    fecha_max: { column: fechaMaxExpr, sort: true, filter: ["lt", "lte", "gt", "gte"], value: isoDateValue("fecha_max") },
    etapa_fecha: { sort: true, filter: ["eq", "lt", "lte", "gt", "gte"] },
    con_pauta: { column: conPautaExpr, filter: ["eq"], value: z.enum(["true", "false"], { error: "con_pauta: debe ser true o false" }).transform((v) => v === "true") },
    completa: { column: completaExpr, filter: ["eq"], value: z.enum(["true", "false"], { error: "completa: debe ser true o false" }).transform((v) => v === "true") },
    ...stageFields,
  },
  search: [presupuestos.numero, presupuestos.nombre_obra, clientes.nombre],
  defaultSort: [desc(presupuestos.creado_en), desc(presupuestos.id)],
  tieBreaker: seguimientoObras.id,
  cap: 5000,
});
