// Suppliers: GET/POST api/proveedores, GET api/proveedores/sugerencias, GET/PUT api/proveedores/{id}.
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { proveedorRow, proveedorSchema } from "../../../src/domain/purchasing/schemas";
import { strictQuery } from "../../lists";
import { createProveedor } from "../../services/purchasing/create-proveedor";
import { getProveedor } from "../../services/purchasing/get-proveedor";
import { proveedoresList } from "../../services/purchasing/list-proveedores";
import { suggestProveedores } from "../../services/purchasing/suggest-proveedores";
import { updateProveedor } from "../../services/purchasing/update-proveedor";
import { contextOf } from "../../services/write";
import { errorBody, idParams, listRoute, refusals, sectionAccess } from "../schemas";

const adq = sectionAccess("adquisiciones");
const tags = ["purchasing"];

const proveedoresRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route(
    listRoute("/proveedores", proveedoresList, {
      config: adq.read,
      tags,
      summary: "Proveedores por nombre (hasta 5.000); con _start/_end/_sort/_order/q/filtros pagina y envía X-Total-Count",
    }),
  );

  app.get(
    "/proveedores/sugerencias",
    {
      config: adq.read,
      schema: {
        tags,
        summary: "Hasta 20 proveedores cuyo nombre o RUT contiene q, el de nombre exacto primero",
        querystring: strictQuery({ q: z.string().max(200).optional() }),
        response: { 200: z.array(proveedorRow), ...refusals },
      },
    },
    async (req) => suggestProveedores(req.server.database.db, req.query.q),
  );

  app.post(
    "/proveedores",
    {
      config: adq.write,
      schema: { tags, summary: "Crear proveedor (nombre obligatorio y único, RUT validado y único)", body: proveedorSchema, response: { 201: proveedorRow, ...refusals, 409: errorBody } },
    },
    async (req, reply) => reply.status(201).send(await createProveedor(contextOf(req), req.body)),
  );

  app.get(
    "/proveedores/:id",
    { config: adq.read, schema: { tags, summary: "Un proveedor", params: idParams, response: { 200: proveedorRow, ...refusals, 404: errorBody } } },
    async (req) => getProveedor(req.server.database.db, req.params.id),
  );

  app.put(
    "/proveedores/:id",
    {
      config: adq.write,
      schema: { tags, summary: "Modificar proveedor", params: idParams, body: proveedorSchema, response: { 200: proveedorRow, ...refusals, 404: errorBody, 409: errorBody } },
    },
    async (req) => updateProveedor(contextOf(req), req.params.id, req.body),
  );
};
export default proveedoresRoutes;
