// GET api/precio-material. The catalogue itself (GET/POST api/materiales, GET/PUT/DELETE
// api/materiales/{código}, GET api/materiales/sugerencias) is declared:
// src/domain/inventory/materiales.resource.ts.
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { precioMaterialQuery, precioMaterialRow } from "../../../src/domain/inventory/schemas";
import { strictQuery } from "../../lists";
import { getPrecioMaterial } from "../../services/inventory/get-precio-material";
import { errorBody, refusals, sectionAccess } from "../schemas";

const bodega = sectionAccess("bodega");
const tags = ["inventario"];

const materialesRoutes: FastifyPluginAsyncZod = async (app) => {
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
