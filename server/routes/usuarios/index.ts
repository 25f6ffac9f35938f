// Users (design page "Users"): list, show, create, change (role, activo, password) for
// administrators (Informático, Gerencia); everyone may change their own password.
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { changePasswordBody, createUsuarioBody, updateUsuarioBody, usuarioRow } from "../../../src/domain/usuarios/schemas";
import { changePassword } from "../../services/usuarios/change-password";
import { createUsuario } from "../../services/usuarios/create-usuario";
import { getUsuario } from "../../services/usuarios/get-usuario";
import { usuariosList } from "../../services/usuarios/list-usuarios";
import { updateUsuario } from "../../services/usuarios/update-usuario";
import { contextOf } from "../../services/write";
import { asc, eq } from "drizzle-orm";
import { usuarios } from "../../db/schema";
import { strictQuery, suggestions } from "../../lists";

const usuarioOption = z.object({ id: z.number().int(), nombre: z.string(), rol: z.string() });
import { errorBody, idParams, listRoute, refusals, sectionAccess } from "../schemas";

const administracion = sectionAccess("administracion");
const { tags } = administracion;

const usuariosRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route(
    listRoute("/usuarios", usuariosList, {
      config: administracion.read,
      tags,
      summary: "Usuarios por nombre; con _start/_end/_sort/_order/q (nombre, correo, rol) o filtros pagina y envía X-Total-Count",
    }),
  );

  // The picker of a field that names a person (a vehicle's responsable, src/domain/resources):
  // any signed-in user may find the active users by name, and sees only their id, name and role.
  app.get(
    "/usuarios/sugerencias",
    {
      config: { permission: "session" },
      schema: {
        tags,
        summary: "Hasta 20 usuarios activos cuyo nombre o correo contiene q (id, nombre y rol), el de nombre exacto primero",
        querystring: strictQuery({ q: z.string().max(200).optional() }),
        response: { 200: z.array(usuarioOption), ...refusals },
      },
    },
    async (req) =>
      suggestions(
        req.server.database.db,
        { table: usuarios, columns: { id: usuarios.id, nombre: usuarios.nombre, rol: usuarios.rol }, match: [usuarios.nombre, usuarios.correo], exact: usuarios.nombre, orderBy: [asc(usuarios.nombre), asc(usuarios.id)], where: eq(usuarios.activo, true) },
        req.query.q,
      ),
  );

  app.get(
    "/usuarios/:id",
    { config: administracion.read, schema: { tags, summary: "Un usuario", params: idParams, response: { 200: usuarioRow, ...refusals, 404: errorBody } } },
    async (req) => getUsuario(req.server.database.db, req.params.id),
  );

  app.post(
    "/usuarios",
    {
      config: administracion.write,
      schema: {
        tags,
        summary: "Crear usuario (correo único, en minúsculas; contraseña de al menos 6 caracteres)",
        body: createUsuarioBody,
        response: { 201: usuarioRow, ...refusals, 409: errorBody },
      },
    },
    async (req, reply) => reply.status(201).send(await createUsuario(contextOf(req), req.body)),
  );

  app.put(
    "/usuarios/:id",
    {
      config: administracion.write,
      schema: {
        tags,
        summary: "Modificar usuario: nombre, correo, rol, activo o contraseña (desactivar o cambiar la contraseña cierra sus sesiones)",
        params: idParams,
        body: updateUsuarioBody,
        response: { 200: usuarioRow, ...refusals, 404: errorBody, 409: errorBody },
      },
    },
    async (req) => updateUsuario(contextOf(req), req.params.id, req.body, { currentToken: req.token }),
  );

  app.put(
    "/usuarios/:id/cambiar-contrasena",
    {
      config: { permission: "session" },
      schema: {
        tags,
        summary: "Cambiar contraseña: la propia, o la de cualquiera para Informático y Gerencia (cierra sus otras sesiones)",
        params: idParams,
        body: changePasswordBody,
        response: { 200: z.object({ message: z.string() }), ...refusals, 404: errorBody },
      },
    },
    async (req) => changePassword(contextOf(req), req.params.id, req.body.nuevaContrasena, { currentToken: req.token }),
  );
};
export default usuariosRoutes;
