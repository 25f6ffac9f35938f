// GET api/auditoria: «Historial de cambios», the audit rows newest first with who made
// them, filtered by user, table (entidad), record (entidad_id) and a range of Santiago
// dates (fecha_gte / fecha_lt, "YYYY-MM-DD": from the start of that day in Chile), paged
// by the list machinery. The per-record «Historial» tabs ask the same list with
// registro=tabla:id: the record's own rows and its children's (write() records each row's
// record, the parent's for an item of a quote or an order; index auditoria_registro_idx).
import { desc, sql } from "drizzle-orm";
import { z } from "zod";
import { auditoriaRow } from "../../../src/domain/auditoria";
import { isIsoDate, santiagoDayStart } from "../../../src/domain/dates";
import { auditoria } from "../../db/schema";
import { defineList } from "../../lists";

/** The user's name: a scalar subquery (the row keeps its user id even if the user is gone). */
const usuarioNombre = sql<string | null>`(select u.nombre from usuarios u where u.id = "auditoria"."usuario_id")`;

const santiagoDay = (name: string) =>
  z
    .string()
    .refine(isIsoDate, `${name}: fecha inválida (use AAAA-MM-DD)`)
    .transform((d) => santiagoDayStart(d));

export const auditoriaList = defineList({
  table: auditoria,
  row: auditoriaRow,
  columns: {
    id: auditoria.id,
    fecha: auditoria.fecha,
    usuario_id: auditoria.usuario_id,
    usuario_nombre: usuarioNombre,
    ruta: auditoria.ruta,
    entidad: auditoria.entidad,
    entidad_id: auditoria.entidad_id,
    cambios: auditoria.cambios,
  },
  fields: {
    id: { sort: true, filter: ["eq"] },
    fecha: { sort: true, filter: ["gte", "lt"], value: santiagoDay("fecha") },
    usuario_id: { filter: ["eq", "in"] },
    entidad: { sort: true, filter: ["eq", "in"] },
    entidad_id: { filter: ["eq"] },
    /** "tabla:id": a record's rows and its children's (a quote's items, an order's lines); index auditoria_registro_idx. */
    registro: { filter: ["eq"], column: auditoria.registro, value: z.string().max(200) },
  },
  defaultSort: [desc(auditoria.id)],
  tieBreaker: auditoria.id,
  cap: 1000,
});
