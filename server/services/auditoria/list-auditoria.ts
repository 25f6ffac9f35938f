// GET api/auditoria: «Historial de cambios», the audit rows newest first with who made
// them, filtered by user, table (entidad), record (entidad_id) and a range of Santiago
// dates (fecha_gte / fecha_lt, "YYYY-MM-DD": from the start of that day in Chile), paged
// by the list machinery. The per-record «Historial» tabs ask the same list with
// entidad= and entidad_id= (index auditoria_entidad_idx).
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
  },
  defaultSort: [desc(auditoria.id)],
  tieBreaker: auditoria.id,
  cap: 1000,
});
