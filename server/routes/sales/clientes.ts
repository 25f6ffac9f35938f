// Clients: POST/GET api/clientes, GET api/clientes/sugerencias, GET/PUT api/clientes/{id}.
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { clienteRow, clienteSchema } from "../../../src/domain/sales/schemas";
import { strictQuery } from "../../lists";
import { createCliente } from "../../services/sales/create-cliente";
import { getCliente } from "../../services/sales/get-cliente";
import { clientesList } from "../../services/sales/list-clientes";
import { suggestClientes } from "../../services/sales/suggest-clientes";
import { updateCliente } from "../../services/sales/update-cliente";
import { contextOf } from "../../services/write";
import { errorBody, idParams, listRoute, refusals, sectionAccess } from "../schemas";

const ventas = sectionAccess("ventas");
const { tags } = ventas;

const clientesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    "/clientes",
    {
      config: ventas.write,
      schema: {
        tags,
        summary: "Crear cliente (RUT opcional, validado y normalizado, único)",
        body: clienteSchema,
        response: { 201: clienteRow, ...refusals, 409: errorBody },
      },
    },
    async (req, reply) => reply.status(201).send(await createCliente(contextOf(req), req.body)),
  );

  app.route(
    listRoute("/clientes", clientesList, {
      config: ventas.read,
      tags,
      summary: "Clientes por nombre (hasta 10.000); con _start/_end/_sort/_order/q/filtros pagina y envía X-Total-Count",
    }),
  );

  app.get(
    "/clientes/sugerencias",
    {
      config: ventas.read,
      schema: {
        tags,
        summary: "Hasta 20 clientes cuyo nombre o RUT contiene q (sin distinguir mayúsculas ni tildes), el de nombre exacto primero",
        querystring: strictQuery({ q: z.string().max(200).optional() }),
        response: { 200: z.array(clienteRow), ...refusals },
      },
    },
    async (req) => suggestClientes(req.server.database.db, req.query.q),
  );

  app.get(
    "/clientes/:id",
    {
      config: ventas.read,
      schema: { tags, summary: "Un cliente", params: idParams, response: { 200: clienteRow, ...refusals, 404: errorBody } },
    },
    async (req) => getCliente(req.server.database.db, req.params.id),
  );

  app.put(
    "/clientes/:id",
    {
      config: ventas.write,
      schema: {
        tags,
        summary: "Modificar cliente",
        params: idParams,
        body: clienteSchema,
        response: { 200: clienteRow, ...refusals, 404: errorBody, 409: errorBody },
      },
    },
    async (req) => updateCliente(contextOf(req), req.params.id, req.body),
  );
};
export default clientesRoutes;
