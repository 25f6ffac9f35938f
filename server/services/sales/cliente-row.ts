// The client row every clientes answer carries, and its list spec.
import { asc, sql, type AnyColumn } from "drizzle-orm";
import { clientes } from "../../db/schema";
import type { ListSpec } from "../list";

export const clienteColumns = {
  id: clientes.id,
  nombre: clientes.nombre,
  rut: clientes.rut,
  correo: clientes.correo,
  telefono: clientes.telefono,
  direccion: clientes.direccion,
};

export interface ClienteRow {
  id: number;
  nombre: string;
  rut: string | null;
  correo: string | null;
  telefono: string | null;
  direccion: string | null;
}

export const MSG_CLIENTE_NO_EXISTE = "El cliente no existe.";
export const MSG_RUT_DUPLICADO = "Ya existe un cliente con ese RUT";

/**
 * Names sort as people expect (Álvaro beside Alberto, lower and upper case together):
 * the ICU root collation, present in PostgreSQL and PGlite alike; the database default
 * ("C") would put every accented or lower-case name after "Z".
 */
export const byHumanName = (column: AnyColumn) => sql`${column} collate "und-x-icu"`;

/** RUT without dots, so "12345678" finds "12.345.678-5". */
const rutCompact = sql`replace(${clientes.rut}, '.', '')`;

export const clienteListSpec: ListSpec = {
  sortable: {
    id: clientes.id,
    nombre: byHumanName(clientes.nombre),
    rut: clientes.rut,
    correo: clientes.correo,
    telefono: clientes.telefono,
    direccion: byHumanName(clientes.direccion),
  },
  defaultSort: [asc(byHumanName(clientes.nombre))],
  tieBreaker: clientes.id,
  searchable: [clientes.nombre, clientes.rut, rutCompact],
};
