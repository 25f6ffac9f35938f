// Quote items: POST api/items_presupuesto, GET api/items_presupuesto/presupuesto/{quoteId},
// PUT and DELETE api/items_presupuesto/{id}. utv and utv_monto are always the server's.
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { idQueryField } from "../../../src/domain/fields";
import { itemPresupuestoRow, itemPresupuestoSchema, itemPresupuestoUpdateSchema, MSG_SELECCIONE_PRESUPUESTO } from "../../../src/domain/sales/schemas";
import { sendRows, strictQuery } from "../../lists";
import { createItem } from "../../services/sales/create-item";
import { deleteItem } from "../../services/sales/delete-item";
import { listItems } from "../../services/sales/list-items";
import { updateItem } from "../../services/sales/update-item";
import { contextOf } from "../../services/write";
import { errorBody, idParam, idParams, refusals, sectionAccess } from "../schemas";

const ventas = sectionAccess("ventas");
const { tags } = ventas;

const itemsPresupuestoRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    "/items_presupuesto",
    {
      config: ventas.write,
      schema: {
        tags,
        summary: "Agregar un ítem a un presupuesto (utv y utv_monto los calcula el servidor)",
        body: itemPresupuestoSchema,
        response: { 201: itemPresupuestoRow, ...refusals },
      },
    },
    async (req, reply) => {
      const { presupuesto_id, ...fields } = req.body;
      return reply.status(201).send(await createItem(contextOf(req), presupuesto_id, fields));
    },
  );

  app.get(
    "/items_presupuesto/presupuesto/:quoteId",
    {
      config: ventas.read,
      schema: {
        tags,
        summary: "Ítems de un presupuesto, en orden de ingreso",
        params: idParam("quoteId"),
        response: { 200: z.array(itemPresupuestoRow), ...refusals, 404: errorBody },
      },
    },
    async (req, reply) => sendRows(reply, await listItems(req.server.database.db, req.params.quoteId)),
  );

  app.put(
    "/items_presupuesto/:id",
    {
      config: ventas.write,
      schema: {
        tags,
        summary: "Modificar un ítem (fila completa; utv recalculado; no cambia de presupuesto)",
        params: idParams,
        body: itemPresupuestoUpdateSchema,
        response: { 200: itemPresupuestoRow, ...refusals, 404: errorBody },
      },
    },
    async (req) => {
      const { presupuesto_id, ...fields } = req.body;
      return updateItem(contextOf(req), req.params.id, presupuesto_id, fields);
    },
  );

  app.delete(
    "/items_presupuesto/:id",
    {
      config: ventas.write,
      schema: {
        tags,
        summary: "Eliminar un ítem; con presupuesto_id, solo si es de ese presupuesto (400 si no)",
        params: idParams,
        querystring: strictQuery({ presupuesto_id: idQueryField(MSG_SELECCIONE_PRESUPUESTO).optional() }),
        response: { 204: z.null(), ...refusals, 404: errorBody },
      },
    },
    async (req, reply) => {
      await deleteItem(contextOf(req), req.params.id, req.query.presupuesto_id);
      return reply.status(204).send(null);
    },
  );
};
export default itemsPresupuestoRoutes;
