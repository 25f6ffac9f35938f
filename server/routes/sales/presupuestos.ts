// Quotes: GET/POST api/presupuestos, GET api/presupuestos/cliente/{clientId},
// GET api/presupuestos/id/{id}, PUT api/presupuestos/{id}.
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { presupuestoRow, presupuestoSchema, vendedorPresupuestoRow } from "../../../src/domain/sales/schemas";
import { sendRows } from "../../lists";
import { createPresupuesto } from "../../services/sales/create-presupuesto";
import { getPresupuesto } from "../../services/sales/get-presupuesto";
import { getVendedor } from "../../services/sales/get-vendedor";
import { presupuestosList } from "../../services/sales/list-presupuestos";
import { listPresupuestosCliente } from "../../services/sales/list-presupuestos-cliente";
import { updatePresupuesto } from "../../services/sales/update-presupuesto";
import { contextOf } from "../../services/write";
import { errorBody, idParam, idParams, listRoute, refusals, sectionAccess } from "../schemas";

const ventas = sectionAccess("ventas");
const { tags } = ventas;

const presupuestosRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route(
    listRoute("/presupuestos", presupuestosList, {
      config: ventas.read,
      tags,
      summary: "Presupuestos, más recientes primero (hasta 10.000); con _start/_end/_sort/_order/q/filtros pagina y envía X-Total-Count",
    }),
  );

  app.get(
    "/presupuestos/cliente/:clientId",
    {
      config: ventas.read,
      schema: {
        tags,
        summary: "Presupuestos de un cliente, más recientes primero",
        params: idParam("clientId"),
        response: { 200: z.array(presupuestoRow), ...refusals, 404: errorBody },
      },
    },
    async (req, reply) => sendRows(reply, await listPresupuestosCliente(req.server.database.db, req.params.clientId)),
  );

  app.get(
    "/presupuestos/id/:id",
    {
      config: ventas.read,
      schema: { tags, summary: "Un presupuesto", params: idParams, response: { 200: presupuestoRow, ...refusals, 404: errorBody } },
    },
    async (req) => getPresupuesto(req.server.database.db, req.params.id),
  );

  app.get(
    "/presupuestos/:id/vendedor",
    {
      config: ventas.read,
      schema: { tags, summary: "Quién hizo el presupuesto (su PDF lo nombra como vendedor)", params: idParams, response: { 200: vendedorPresupuestoRow, ...refusals, 404: errorBody } },
    },
    async (req) => getVendedor(req.server.database.db, req.params.id),
  );

  app.post(
    "/presupuestos",
    {
      config: ventas.write,
      schema: {
        tags,
        summary: "Crear presupuesto y su seguimiento de obra (misma transacción)",
        body: presupuestoSchema,
        response: { 201: presupuestoRow, ...refusals, 409: errorBody },
      },
    },
    async (req, reply) => reply.status(201).send(await createPresupuesto(contextOf(req), req.body)),
  );

  app.put(
    "/presupuestos/:id",
    {
      config: ventas.write,
      schema: {
        tags,
        summary: "Modificar el encabezado de un presupuesto",
        params: idParams,
        body: presupuestoSchema,
        response: { 200: presupuestoRow, ...refusals, 404: errorBody, 409: errorBody },
      },
    },
    async (req) => updatePresupuesto(contextOf(req), req.params.id, req.body),
  );
};
export default presupuestosRoutes;
