// Warehouse requests: GET/POST api/solicitudes (Bodega) and PUT api/solicitudes/{id}
// (approve or revert: "Ver solicitudes de Bodega" is in the Adquisiciones menu).
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { aprobarSolicitudSchema, solicitudRow, solicitudSchema } from "../../../src/domain/inventory/schemas";
import { createSolicitud, solicitudesList, updateSolicitud } from "../../services/inventory/solicitudes";
import { contextOf } from "../../services/write";
import { errorBody, idParams, listRoute, refusals, sectionAccess } from "../schemas";

const bodega = sectionAccess("bodega");
const adquisiciones = sectionAccess("adquisiciones");
const tags = ["inventario"];

const solicitudesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route(listRoute("/solicitudes", solicitudesList, { config: bodega.read, tags, summary: "Solicitudes de bodega, más recientes primero; estado_ne=Aprobado deja las pendientes" }));
  app.post(
    "/solicitudes",
    {
      config: bodega.write,
      schema: { tags, summary: "Crear una solicitud (una por ítem), Pendiente", body: solicitudSchema, response: { 201: solicitudRow, ...refusals } },
    },
    async (req, reply) => reply.status(201).send(await createSolicitud(contextOf(req), req.body)),
  );
  app.put(
    "/solicitudes/:id",
    {
      config: adquisiciones.write,
      schema: {
        tags,
        summary: "Aprobar (aprobada true: Aprobado, quién y cuándo) o revertir (false: Pendiente) una solicitud",
        params: idParams,
        body: aprobarSolicitudSchema,
        response: { 200: solicitudRow, ...refusals, 404: errorBody },
      },
    },
    async (req) => updateSolicitud(contextOf(req), req.params.id, req.body.aprobada),
  );
};
export default solicitudesRoutes;
