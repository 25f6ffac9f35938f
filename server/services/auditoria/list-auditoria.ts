// GET api/auditoria: «Historial de cambios», the audit rows newest first with who made
// them (the name and role stored in the row when written), filtered by user, table (entidad), record (entidad_id) and a range of Santiago
// dates (fecha_gte / fecha_lt, "YYYY-MM-DD": from the start of that day in Chile), paged
// by the list machinery. The per-record «Historial» tabs ask the same list with
// registro=tabla:id: the record's own rows and its children's (write() records each row's
// record, the parent's for an item of a quote or an order; index auditoria_registro_idx).
//
// Newest first is by date (fecha, then id for the rows of one transaction, which share its
// date), in the order of the indexes auditoria_fecha_idx (fecha, id) and
// auditoria_registro_idx (registro, fecha, id): the first page, a range of dates and a
// record's history are each read as one short index range, whatever the table's size. By id
// alone, a week's page had to read every row of the week and sort them, or walk the ids back
// from the newest until the week (2,000,000 rows, a week ten months back: 917,523 rows
// skipped, a quarter of a second; bench/explain-auditoria.ts).
import { desc } from "drizzle-orm";
import { z } from "zod";
import { auditoriaRow } from "../../../src/domain/auditoria";
import { isIsoDate, santiagoDayStart } from "../../../src/domain/dates";
import { auditoria } from "../../db/schema";
import { defineList } from "../../lists";

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
    // Stored when written (issue 32): a renamed or deleted user's rows keep the name they had.
    usuario_nombre: auditoria.usuario_nombre,
    usuario_rol: auditoria.usuario_rol,
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
  defaultSort: [desc(auditoria.fecha), desc(auditoria.id)],
  tieBreaker: auditoria.id,
  cap: 1000,
});
