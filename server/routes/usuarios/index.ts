// Users (design page "Users"): list, show, create, change and delete are the declared
// resource's (src/domain/usuarios/usuarios.resource.ts, with the hooks of
// server/services/usuarios/hooks.ts). Here: everyone may change their own password,
// administrators (Informático, Gerencia) anyone's.
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { changePasswordBody } from "../../../src/domain/usuarios/schemas";
import { changePassword } from "../../services/usuarios/change-password";
import { contextOf } from "../../services/write";
import { errorBody, idParams, refusals, sectionAccess } from "../schemas";

const { tags } = sectionAccess("administracion");

const usuariosRoutes: FastifyPluginAsyncZod = async (app) => {
  app.put(
    "/usuarios/:id/cambiar-contrasena",
    {
      config: { permission: "session" },
      schema: {
        tags,
        summary: "Cambiar contraseña: la propia, o la de cualquiera para Informático y Gerencia (la de un Informático solo Informático); cierra sus otras sesiones; 429 pasado el límite de cambios",
        params: idParams,
        body: changePasswordBody,
        response: { 200: z.object({ message: z.string() }), ...refusals, 404: errorBody, 429: errorBody },
      },
    },
    async (req) => changePassword(contextOf(req), req.params.id, req.body.nuevaContrasena, { currentToken: req.token }),
  );
};
export default usuariosRoutes;
