// Quotes: GET/POST api/presupuestos, GET api/presupuestos/cliente/{clientId},
// GET api/presupuestos/id/{id}, PUT api/presupuestos/{id}.
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { presupuestoSchema } from "../../../src/domain/sales/schemas";
import { createPresupuesto } from "../../services/sales/create-presupuesto";
import { getPresupuesto } from "../../services/sales/get-presupuesto";
import { listPresupuestosCached } from "../../services/sales/list-presupuestos";
import { listPresupuestosCliente } from "../../services/sales/list-presupuestos-cliente";
import { updatePresupuesto } from "../../services/sales/update-presupuesto";
import { contextOf } from "../../services/write";
import { errorBody, idParams, listQuery } from "../schemas";
import { presupuestoShape } from "./shapes";
import { sendCachedList, sendRows } from "./send-list";

const read = { permission: { section: "ventas", access: "read" } } as const;
const writeAccess = { permission: { section: "ventas", access: "write" } } as const;
const refusals = { 400: errorBody, 401: errorBody, 403: errorBody };

const presupuestosQuery = listQuery.extend({
  cliente_id: z.coerce.number({ error: "Id de cliente inválido" }).int("Id de cliente inválido").positive("Id de cliente inválido").optional(),
});
const clientParams = z.object({
  clientId: z.coerce.number({ error: "Id inválido" }).int("Id inválido").positive("Id inválido"),
});

const presupuestosRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/presupuestos",
    {
      config: read,
      schema: {
        tags: ["ventas"],
        summary: "Presupuestos, más recientes primero; con _start/_end/_sort/_order/q/cliente_id pagina y envía X-Total-Count",
        querystring: presupuestosQuery,
        response: { 200: z.array(presupuestoShape), 304: z.null(), ...refusals },
      },
    },
    async (req, reply) => {
      return sendCachedList(req, reply, await listPresupuestosCached(req.server.database.db, req.query));
    },
  );

  app.get(
    "/presupuestos/cliente/:clientId",
    {
      config: read,
      schema: {
        tags: ["ventas"],
        summary: "Presupuestos de un cliente, más recientes primero",
        params: clientParams,
        response: { 200: z.array(presupuestoShape), ...refusals, 404: errorBody },
      },
    },
    async (req, reply) => sendRows(reply, await listPresupuestosCliente(req.server.database.db, req.params.clientId)),
  );

  app.get(
    "/presupuestos/id/:id",
    {
      config: read,
      schema: { tags: ["ventas"], summary: "Un presupuesto", params: idParams, response: { 200: presupuestoShape, ...refusals, 404: errorBody } },
    },
    async (req) => getPresupuesto(req.server.database.db, req.params.id),
  );

  app.post(
    "/presupuestos",
    {
      config: writeAccess,
      schema: {
        tags: ["ventas"],
        summary: "Crear presupuesto y su seguimiento de obra (misma transacción)",
        body: presupuestoSchema,
        response: { 201: presupuestoShape, ...refusals, 409: errorBody },
      },
    },
    async (req, reply) => {
      const row = await createPresupuesto(contextOf(req), req.body);
      return reply.status(201).send(row);
    },
  );

  app.put(
    "/presupuestos/:id",
    {
      config: writeAccess,
      schema: {
        tags: ["ventas"],
        summary: "Modificar el encabezado de un presupuesto",
        params: idParams,
        body: presupuestoSchema,
        response: { 200: presupuestoShape, ...refusals, 404: errorBody, 409: errorBody },
      },
    },
    async (req) => updatePresupuesto(contextOf(req), req.params.id, req.body),
  );
};
export default presupuestosRoutes;
