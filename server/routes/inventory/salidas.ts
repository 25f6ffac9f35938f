// Salidas de Material: POST api/registro_salida and GET api/salidas_inventario2.
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { salidaAnswer, salidaSchema } from "../../../src/domain/inventory/schemas";
import { createSalida } from "../../services/inventory/create-salida";
import { salidasList } from "../../services/inventory/list-salidas";
import { contextOf } from "../../services/write";
import { errorBody, listRoute, refusals, sectionAccess } from "../schemas";

const bodega = sectionAccess("bodega");
const tags = ["inventario"];

const salidasRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    "/registro_salida",
    {
      config: bodega.write,
      schema: {
        tags,
        summary: "Registrar una salida de material a una obra (movimiento SALIDA al precio actual); 409 si supera el stock actual",
        body: salidaSchema,
        response: { 201: salidaAnswer, ...refusals, 404: errorBody, 409: errorBody },
      },
    },
    async (req, reply) => reply.status(201).send(await createSalida(contextOf(req), req.body)),
  );
  app.route(listRoute("/salidas_inventario2", salidasList, { config: bodega.read, tags, summary: "Historial de salidas de material, más recientes primero (hasta 1.000 sin paginar)" }));
};
export default salidasRoutes;
