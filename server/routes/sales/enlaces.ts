// The client's links of a quote (issue 34): POST/GET api/presupuestos/{id}/enlaces,
// DELETE api/presupuestos/{id}/enlaces/{enlaceId}. Ventas, Gerencia and the privileged
// roles (the Ventas section's writers) make, list and revoke them.
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { enlaceCreado, enlaceRow } from "../../../src/domain/sales/enlaces";
import { createEnlace } from "../../services/sales/create-enlace";
import { listEnlaces } from "../../services/sales/list-enlaces";
import { revokeEnlace } from "../../services/sales/revoke-enlace";
import { contextOf } from "../../services/write";
import { errorBody, idParams, refusals, sectionAccess } from "../schemas";

const ventas = sectionAccess("ventas");
const { tags } = ventas;
const enlaceParams = idParams.extend({ enlaceId: idParams.shape.id });

const enlacesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    "/presupuestos/:id/enlaces",
    {
      config: ventas.write,
      schema: {
        tags,
        summary: "Crear un enlace para que el cliente vea, acepte y firme el presupuesto (el enlace se muestra solo esta vez)",
        params: idParams,
        response: { 201: enlaceCreado, ...refusals, 404: errorBody },
      },
    },
    async (req, reply) => reply.status(201).send(await createEnlace(contextOf(req), req.params.id, `${req.protocol}://${req.host}`)),
  );

  app.get(
    "/presupuestos/:id/enlaces",
    {
      config: ventas.write,
      schema: { tags, summary: "Enlaces del presupuesto con su estado y quién los hizo", params: idParams, response: { 200: z.array(enlaceRow), ...refusals, 404: errorBody } },
    },
    async (req) => listEnlaces(req.server.database.db, req.params.id),
  );

  app.delete(
    "/presupuestos/:id/enlaces/:enlaceId",
    {
      config: ventas.write,
      schema: { tags, summary: "Anular un enlace (deja de funcionar de inmediato)", params: enlaceParams, response: { 204: z.null(), ...refusals, 404: errorBody, 409: errorBody } },
    },
    async (req, reply) => {
      await revokeEnlace(contextOf(req), req.params.id, req.params.enlaceId);
      return reply.status(204).send(null);
    },
  );
};
export default enlacesRoutes;
