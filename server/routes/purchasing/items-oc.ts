// Order items: GET api/items_oc/{numero_oc}, POST api/items_oc, PUT/DELETE api/items_oc/{id}.
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { itemOcCreateSchema, itemOcFieldsSchema, itemOcRow } from "../../../src/domain/purchasing/schemas";
import { createItemOc } from "../../services/purchasing/create-item-oc";
import { deleteItemOc } from "../../services/purchasing/delete-item-oc";
import { listItemsOc } from "../../services/purchasing/list-items-oc";
import { updateItemOc } from "../../services/purchasing/update-item-oc";
import { contextOf } from "../../services/write";
import { errorBody, idParam, idParams, refusals, sectionAccess } from "../schemas";

const adq = sectionAccess("adquisiciones");
const tags = ["purchasing"];

const itemsOcRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/items_oc/:numero_oc",
    { config: adq.read, schema: { tags, summary: "Ítems de una OC", params: idParam("numero_oc"), response: { 200: z.array(itemOcRow), ...refusals, 404: errorBody } } },
    async (req) => listItemsOc(req.server.database.db, req.params.numero_oc),
  );

  app.post(
    "/items_oc",
    { config: adq.write, schema: { tags, summary: "Agregar un ítem a una OC", body: itemOcCreateSchema, response: { 201: itemOcRow, ...refusals, 404: errorBody } } },
    async (req, reply) => reply.status(201).send(await createItemOc(contextOf(req), req.body)),
  );

  app.put(
    "/items_oc/:id",
    {
      config: adq.write,
      schema: { tags, summary: "Modificar un ítem (código fijo si ya llegó algo; la llegada solo cambia con una recepción)", params: idParams, body: itemOcFieldsSchema, response: { 200: itemOcRow, ...refusals, 404: errorBody, 409: errorBody } },
    },
    async (req) => updateItemOc(contextOf(req), req.params.id, req.body),
  );

  app.delete(
    "/items_oc/:id",
    { config: adq.write, schema: { tags, summary: "Eliminar un ítem sin llegadas", params: idParams, response: { 200: itemOcRow, ...refusals, 404: errorBody, 409: errorBody } } },
    async (req) => deleteItemOc(contextOf(req), req.params.id),
  );
};
export default itemsOcRoutes;
