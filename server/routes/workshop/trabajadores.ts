// Workers, specification section 7 "Workshop and workers": GET api/trabajadores?periodo=,
// POST api/trabajadores, PUT and DELETE api/trabajadores/{id},
// POST api/trabajadores/copiar?de=&a=.
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { copiarPlanillaQuery, trabajadorSchema } from "../../../src/domain/workshop/fields";
import { copiarPlanillaResult, trabajadorRow, trabajadorUpdateSchema } from "../../../src/domain/workshop/schemas";
import { copyPlanilla } from "../../services/workshop/copy-planilla";
import { createTrabajador } from "../../services/workshop/create-trabajador";
import { deleteTrabajador } from "../../services/workshop/delete-trabajador";
import { trabajadoresList } from "../../services/workshop/list-trabajadores";
import { updateTrabajador } from "../../services/workshop/update-trabajador";
import { contextOf } from "../../services/write";
import { errorBody, idParams, listRoute, refusals, sectionAccess } from "../schemas";

const bodega = sectionAccess("bodega");
const tags = ["trabajadores"];

const trabajadoresRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route(
    listRoute("/trabajadores", trabajadoresList, {
      config: bodega.read,
      tags,
      summary: "Planilla de trabajadores de un periodo (periodo=AAAA-MM), por nombre; pagina, ordena, busca (q) y envía X-Total-Count",
    }),
  );

  app.post(
    "/trabajadores",
    {
      config: bodega.write,
      schema: {
        tags,
        summary: "Agregar un trabajador a la planilla de un periodo (nombre único en el periodo; horas calculadas)",
        body: trabajadorSchema,
        response: { 201: trabajadorRow, ...refusals, 409: errorBody },
      },
    },
    async (req, reply) => reply.status(201).send(await createTrabajador(contextOf(req), req.body)),
  );

  app.post(
    "/trabajadores/copiar",
    {
      config: bodega.write,
      schema: {
        tags,
        summary: "Copiar la planilla de un periodo a otro (de=AAAA-MM&a=AAAA-MM): los nombres con cifras en 0; omite los que ya están",
        querystring: copiarPlanillaQuery,
        response: { 200: copiarPlanillaResult, ...refusals, 404: errorBody },
      },
    },
    async (req) => copyPlanilla(contextOf(req), req.query.de, req.query.a),
  );

  app.put(
    "/trabajadores/:id",
    {
      config: bodega.write,
      schema: {
        tags,
        summary: "Actualizar una fila de la planilla (días, horas extras y de retraso en pasos de 0,25, observación)",
        params: idParams,
        body: trabajadorUpdateSchema,
        response: { 200: trabajadorRow, ...refusals, 404: errorBody, 409: errorBody },
      },
    },
    async (req) => updateTrabajador(contextOf(req), req.params.id, req.body),
  );

  app.delete(
    "/trabajadores/:id",
    { config: bodega.write, schema: { tags, summary: "Eliminar un trabajador de la planilla", params: idParams, response: { 204: z.null(), ...refusals, 404: errorBody } } },
    async (req, reply) => {
      await deleteTrabajador(contextOf(req), req.params.id);
      return reply.status(204).send(null);
    },
  );
};
export default trabajadoresRoutes;
