// «Historial de cambios» (Administración: Informático and Gerencia): GET api/auditoria
// and GET api/auditoria/usuarios (who has audit rows, for the user filter).
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { auditUsers } from "../../services/auditoria/audit-users";
import { auditoriaList } from "../../services/auditoria/list-auditoria";
import { listRoute, refusals, sectionAccess } from "../schemas";

const administracion = sectionAccess("administracion");

const auditoriaRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route(
    listRoute("/auditoria", auditoriaList, {
      config: administracion.read,
      tags: administracion.tags,
      summary:
        "Historial de cambios, el más reciente primero: usuario_id=, entidad= (tabla), entidad_id=, registro= (tabla:id, con los cambios de sus ítems), fecha_gte= / fecha_lt= (AAAA-MM-DD, días de Santiago), paginado con _start/_end",
    }),
  );

  app.get(
    "/auditoria/usuarios",
    {
      config: administracion.read,
      schema: {
        tags: administracion.tags,
        summary: "Usuarios para el filtro del historial (id y nombre, por nombre)",
        response: { 200: z.array(z.object({ id: z.number().int(), nombre: z.string() })), ...refusals },
      },
    },
    async (req) => auditUsers(req.server.database.db),
  );
};
export default auditoriaRoutes;
