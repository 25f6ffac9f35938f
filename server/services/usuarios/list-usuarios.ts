// GET api/usuarios: every user by name, or a filtered, sorted page with its total.
import { sql } from "drizzle-orm";
import { usuarioRow } from "../../../src/domain/usuarios/schemas";
import { usuarios } from "../../db/schema";
import { defineList } from "../../lists";

export const usuariosList = defineList({
  table: usuarios,
  row: usuarioRow,
  fields: {
    id: { sort: true, filter: ["eq", "in"] },
    nombre: { sort: true, filter: ["like"] },
    correo: { sort: true, filter: ["like"] },
    rol: { sort: true, filter: ["eq", "in"] },
    activo: { sort: true, filter: ["eq"] },
    creado_en: { sort: true, filter: ["gte", "lte"] },
  },
  search: [usuarios.nombre, usuarios.correo, usuarios.rol],
  defaultSort: [sql`${usuarios.nombre} asc`],
  tieBreaker: usuarios.id,
});
