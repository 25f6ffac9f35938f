// Materials: GET/POST api/materiales, GET api/materiales/sugerencias, GET api/precio-material.
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { materialRow, materialSchema, precioMaterialQuery, precioMaterialRow } from "../../../src/domain/inventory/schemas";
import { strictQuery } from "../../lists";
import { createMaterial } from "../../services/inventory/create-material";
import { getPrecioMaterial } from "../../services/inventory/get-precio-material";
import { materialesList } from "../../services/inventory/list-materiales";
import { suggestMateriales } from "../../services/inventory/suggest-materiales";
import { contextOf } from "../../services/write";
import { errorBody, listRoute, refusals, sectionAccess } from "../schemas";

const bodega = sectionAccess("bodega");
// New products are created by purchasing (Crear OC's "new product" mode).
const adquisiciones = sectionAccess("adquisiciones");
const tags = ["inventario"];

const materialesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route(
    listRoute("/materiales", materialesList, {
      config: bodega.read,
      tags,
      summary: "Materiales por código (hasta 10.000); con _start/_end/_sort/_order/q/filtros pagina y envía X-Total-Count",
    }),
  );

  app.get(
    "/materiales/sugerencias",
    {
      config: bodega.read,
      schema: {
        tags,
        summary: "Hasta 20 materiales cuyo código o producto contiene q (sin distinguir mayúsculas ni tildes), el de código exacto primero",
        querystring: strictQuery({ q: z.string().max(200).optional() }),
        response: { 200: z.array(materialRow), ...refusals },
      },
    },
    async (req) => suggestMateriales(req.server.database.db, req.query.q),
  );

  app.post(
    "/materiales",
    {
      config: adquisiciones.write,
      schema: {
        tags,
        summary: "Crear material (código y nombre únicos, el nombre sin distinguir mayúsculas); stock 0",
        body: materialSchema,
        response: { 201: materialRow, ...refusals, 409: errorBody },
      },
    },
    async (req, reply) => reply.status(201).send(await createMaterial(contextOf(req), req.body)),
  );

  app.get(
    "/precio-material",
    {
      config: bodega.read,
      schema: {
        tags,
        summary: "Último precio de un material (404 si no existe)",
        querystring: strictQuery(precioMaterialQuery.shape),
        response: { 200: precioMaterialRow, ...refusals, 404: errorBody },
      },
    },
    async (req) => getPrecioMaterial(req.server.database.db, req.query.codigo),
  );
};
export default materialesRoutes;
