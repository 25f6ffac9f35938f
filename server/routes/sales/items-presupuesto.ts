// Quote items: POST api/items_presupuesto, GET api/items_presupuesto/presupuesto/{quoteId},
// PUT and DELETE api/items_presupuesto/{id}. UTV is always recomputed by the server.
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { idField } from "../../../src/domain/sales/fields";
import { itemPresupuestoFields, itemPresupuestoSchema, MSG_SELECCIONE_PRESUPUESTO } from "../../../src/domain/sales/schemas";
import { createItem } from "../../services/sales/create-item";
import { deleteItem } from "../../services/sales/delete-item";
import { listItems } from "../../services/sales/list-items";
import { updateItem } from "../../services/sales/update-item";
import { contextOf } from "../../services/write";
import { errorBody, idParams } from "../schemas";
import { itemShape } from "./shapes";
import { sendRows } from "./send-list";

const read = { permission: { section: "ventas", access: "read" } } as const;
const writeAccess = { permission: { section: "ventas", access: "write" } } as const;
const refusals = { 400: errorBody, 401: errorBody, 403: errorBody };

/** PUT sends the whole row: id and presupuesto_id may come along (the item keeps its quote). */
const itemUpdateBody = itemPresupuestoFields.extend({
  id: z.unknown().optional(),
  presupuesto_id: z.preprocess((v) => (v === null || v === "" ? undefined : v), idField(MSG_SELECCIONE_PRESUPUESTO).optional()),
});
const quoteParams = z.object({
  quoteId: z.coerce.number({ error: "Id inválido" }).int("Id inválido").positive("Id inválido"),
});

const itemsPresupuestoRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    "/items_presupuesto",
    {
      config: writeAccess,
      schema: {
        tags: ["ventas"],
        summary: "Agregar un ítem a un presupuesto (utv y utv_monto los calcula el servidor)",
        body: itemPresupuestoSchema,
        response: { 201: itemShape, ...refusals },
      },
    },
    async (req, reply) => {
      const { presupuesto_id, utv: _utv, utv_monto: _monto, ...fields } = req.body;
      const row = await createItem(contextOf(req), presupuesto_id, fields);
      return reply.status(201).send(row);
    },
  );

  app.get(
    "/items_presupuesto/presupuesto/:quoteId",
    {
      config: read,
      schema: {
        tags: ["ventas"],
        summary: "Ítems de un presupuesto, en orden de ingreso",
        params: quoteParams,
        response: { 200: z.array(itemShape), ...refusals, 404: errorBody },
      },
    },
    async (req, reply) => sendRows(reply, await listItems(req.server.database.db, req.params.quoteId)),
  );

  app.put(
    "/items_presupuesto/:id",
    {
      config: writeAccess,
      schema: {
        tags: ["ventas"],
        summary: "Modificar un ítem (fila completa; utv recalculado)",
        params: idParams,
        body: itemUpdateBody,
        response: { 200: itemShape, ...refusals, 404: errorBody },
      },
    },
    async (req) => {
      const { id: _id, presupuesto_id, utv: _utv, utv_monto: _monto, ...fields } = req.body;
      return updateItem(contextOf(req), req.params.id, presupuesto_id ?? null, fields);
    },
  );

  app.delete(
    "/items_presupuesto/:id",
    {
      config: writeAccess,
      schema: { tags: ["ventas"], summary: "Eliminar un ítem", params: idParams, response: { 204: z.null(), ...refusals, 404: errorBody } },
    },
    async (req, reply) => {
      await deleteItem(contextOf(req), req.params.id);
      return reply.status(204).send(null);
    },
  );
};
export default itemsPresupuestoRoutes;
