// Users (design page "Users"): list, show, create, change (role, activo, password) for
// administrators (Informático, Gerencia); everyone may change their own password.
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { changePassword } from "../../services/usuarios/change-password";
import { createUsuario } from "../../services/usuarios/create-usuario";
import { getUsuario } from "../../services/usuarios/get-usuario";
import { listUsuarios } from "../../services/usuarios/list-usuarios";
import { updateUsuario } from "../../services/usuarios/update-usuario";
import { changePasswordBody, createUsuarioBody, updateUsuarioBody, usuariosListQuery } from "../../services/usuarios/schemas";
import { contextOf } from "../../services/write";
import { errorBody, idParams } from "../schemas";

const read = { permission: { section: "administracion", access: "read" } } as const;
const writeAccess = { permission: { section: "administracion", access: "write" } } as const;
const refusals = { 400: errorBody, 401: errorBody, 403: errorBody };
const tags = ["usuarios"];

const usuarioShape = z.object({
  id: z.number(),
  nombre: z.string(),
  correo: z.string(),
  rol: z.string(),
  activo: z.boolean(),
  creado_en: z.string(),
});

const usuariosRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/usuarios",
    {
      config: read,
      schema: {
        tags,
        summary: "Usuarios por nombre; con _start/_end/_sort/_order/q (nombre, correo), rol= o activo= pagina y envía X-Total-Count",
        querystring: usuariosListQuery,
        response: { 200: z.array(usuarioShape), ...refusals },
      },
    },
    async (req, reply) => {
      const { rows, total } = await listUsuarios(req.server.database.db, req.query);
      if (total !== null) reply.header("x-total-count", String(total)).header("access-control-expose-headers", "X-Total-Count");
      return rows;
    },
  );

  app.get(
    "/usuarios/:id",
    { config: read, schema: { tags, summary: "Un usuario", params: idParams, response: { 200: usuarioShape, ...refusals, 404: errorBody } } },
    async (req) => getUsuario(req.server.database.db, req.params.id),
  );

  app.post(
    "/usuarios",
    {
      config: writeAccess,
      schema: {
        tags,
        summary: "Crear usuario (correo único, en minúsculas; contraseña de al menos 6 caracteres)",
        body: createUsuarioBody,
        response: { 201: usuarioShape, ...refusals, 409: errorBody },
      },
    },
    async (req, reply) => reply.status(201).send(await createUsuario(contextOf(req), req.body)),
  );

  app.put(
    "/usuarios/:id",
    {
      config: writeAccess,
      schema: {
        tags,
        summary: "Modificar usuario: nombre, correo, rol, activo o contraseña (desactivar o cambiar la contraseña cierra sus sesiones)",
        params: idParams,
        body: updateUsuarioBody,
        response: { 200: usuarioShape, ...refusals, 404: errorBody, 409: errorBody },
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
