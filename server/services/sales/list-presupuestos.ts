// GET api/presupuestos: every quote, newest first (the specification's "whole list",
// capped at 10,000), or a filtered, sorted page with its total. q searches the number,
// the work's name and the client's name.
import { z } from "zod";
import { presupuestoRow } from "../../../src/domain/sales/schemas";
import { clientes, presupuestos } from "../../db/schema";
import { byHumanName, defineList } from "../../lists";
import { presupuestoCliente, presupuestoColumns, presupuestoNewestFirst, sinItemsExpr } from "./presupuesto-row";

export const presupuestosList = defineList({
  table: presupuestos,
  row: presupuestoRow,
  columns: presupuestoColumns,
  joins: [{ table: clientes, on: presupuestoCliente }],
  fields: {
    id: { sort: true, filter: ["eq", "in"] },
    numero: { sort: true, filter: ["eq", "like"] },
    cliente_id: { sort: true, filter: ["eq", "in"] },
    nombre_obra: { sort: byHumanName(presupuestos.nombre_obra), filter: ["like"] },
    direccion: { sort: byHumanName(presupuestos.direccion), filter: ["like"] },
    fecha: { sort: true, filter: ["eq", "gte", "lte", "gt", "lt"] },
    total_neto_presupuestado: { sort: true, filter: ["gte", "lte"] },
    aceptado_fecha: { sort: true, filter: ["eq", "gte", "lte"] },
    cliente_nombre: { sort: byHumanName(clientes.nombre), filter: ["like"] },
    cliente_rut: { sort: true },
    sin_items: { column: sinItemsExpr, filter: ["eq"], value: z.enum(["true", "false"], { error: "sin_items: debe ser true o false" }).transform((v) => v === "true") },
  },
  search: [presupuestos.numero, presupuestos.nombre_obra, clientes.nombre],
  defaultSort: presupuestoNewestFirst,
  tieBreaker: presupuestos.id,
  cap: 10_000,
});
