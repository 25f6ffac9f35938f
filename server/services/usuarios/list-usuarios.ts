// GET api/usuarios: every user by name, or a filtered, sorted page with its total.
import { sql } from "drizzle-orm";
import type { UsuarioRow } from "../../../src/domain/usuarios/schemas";
import { usuarios } from "../../db/schema";
import { defineList } from "../../lists";
import { usuarioColumns } from "./row";

export const usuariosList = defineList<UsuarioRow>({
  name: "usuarios",
  table: usuarios,
  columns: usuarioColumns,
  fields: {
    id: { column: usuarios.id, sort: true, filter: ["eq", "in"] },
    nombre: { column: usuarios.nombre, sort: true, filter: ["like"] },
    correo: { column: usuarios.correo, sort: true, filter: ["like"] },
    rol: { column: usuarios.rol, sort: true, filter: ["eq", "in"] },
    activo: { column: usuarios.activo, sort: true, filter: ["eq"] },
    creado_en: { column: usuarios.creado_en, sort: true, filter: ["gte", "lte"] },
  },
  search: [usuarios.nombre, usuarios.correo, usuarios.rol],
  defaultSort: [sql`${usuarios.nombre} asc`],
  tieBreaker: usuarios.id,
});
