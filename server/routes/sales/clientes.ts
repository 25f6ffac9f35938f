// Clients: POST/GET api/clientes, GET/PUT api/clientes/{id}.
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { clienteSchema } from "../../../src/domain/sales/schemas";
import { createCliente } from "../../services/sales/create-cliente";
import { getCliente } from "../../services/sales/get-cliente";
import { listClientesCached } from "../../services/sales/list-clientes";
import { updateCliente } from "../../services/sales/update-cliente";
import { contextOf } from "../../services/write";
import { errorBody, idParams, listQuery } from "../schemas";
import { clienteShape } from "./shapes";
import { sendCachedList } from "./send-list";

const read = { permission: { section: "ventas", access: "read" } } as const;
const writeAccess = { permission: { section: "ventas", access: "write" } } as const;
const refusals = { 400: errorBody, 401: errorBody, 403: errorBody };

const clientesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    "/clientes",
    {
      config: writeAccess,
      schema: {
        tags: ["ventas"],
        summary: "Crear cliente (RUT opcional, validado y normalizado, único)",
        body: clienteSchema,
        response: { 201: clienteShape, ...refusals, 409: errorBody },
      },
    },
    async (req, reply) => {
      const row = await createCliente(contextOf(req), req.body);
      return reply.status(201).send(row);
    },
  );

  app.get(
    "/clientes",
    {
      config: read,
      schema: {
        tags: ["ventas"],
        summary: "Clientes por nombre; con _start/_end/_sort/_order/q pagina y envía X-Total-Count",
        querystring: listQuery,
        response: { 200: z.array(clienteShape), 304: z.null(), ...refusals },
      },
    },
    async (req, reply) => {
      return sendCachedList(req, reply, await listClientesCached(req.server.database.db, req.query));
    },
  );

  app.get(
    "/clientes/:id",
    {
      config: read,
      schema: { tags: ["ventas"], summary: "Un cliente", params: idParams, response: { 200: clienteShape, ...refusals, 404: errorBody } },
    },
    async (req) => getCliente(req.server.database.db, req.params.id),
  );

  app.put(
    "/clientes/:id",
    {
      config: writeAccess,
      schema: {
        tags: ["ventas"],
        summary: "Modificar cliente",
        params: idParams,
        body: clienteSchema,
        response: { 200: clienteShape, ...refusals, 404: errorBody, 409: errorBody },
      },
    },
    async (req) => updateCliente(contextOf(req), req.params.id, req.body),
  );
};
export default clientesRoutes;
