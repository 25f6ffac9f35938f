// GET api/clientes: every client by name (the specification's "whole list", capped at
// 10,000), or a filtered, sorted page with its total. q searches every field the
// Clientes search box promises: name, RUT (with or without dots), e-mail and phone
// (as typed, or its digits alone), ignoring case and accents.
import { asc, sql } from "drizzle-orm";
import { clienteRow } from "../../../src/domain/sales/schemas";
import { clientes } from "../../db/schema";
import { byHumanName, defineList } from "../../lists";

/** "12345678" finds "12.345.678-5". */
const rutWithoutDots = sql`replace(${clientes.rut}, '.', '')`;

/** "56955551234" or "+56 9 5555-1234" finds "+56 9 5555 1234": digits against digits, for text that is a phone number. */
function phoneDigits(q: string) {
  const digits = q.replace(/\D/g, "");
  if (!/^[\d\s+().-]+$/.test(q) || digits.length < 3) return undefined;
  return sql`regexp_replace(${clientes.telefono}, '[^0-9]', '', 'g') like ${`%${digits}%`}`;
}

export const clientesList = defineList({
  table: clientes,
  row: clienteRow,
  fields: {
    id: { sort: true, filter: ["eq", "in"] },
    nombre: { sort: byHumanName(clientes.nombre), filter: ["like"] },
    rut: { sort: true, filter: ["eq", "like"] },
    correo: { sort: true, filter: ["like"] },
    telefono: { sort: true, filter: ["like"] },
    direccion: { sort: byHumanName(clientes.direccion), filter: ["like"] },
  },
  search: [clientes.nombre, clientes.rut, rutWithoutDots, clientes.correo, clientes.telefono, phoneDigits],
  defaultSort: [asc(byHumanName(clientes.nombre))],
  tieBreaker: clientes.id,
  cap: 10_000,
});
