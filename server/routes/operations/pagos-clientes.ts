// Client payments (section 7 Operations): GET api/pagos_clientes?presupuesto_id=, POST
// api/pagos_clientes, and ours GET api/pagos_clientes/resumen?presupuesto_id=.
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { pagoClienteRow, pagoClienteSchema, pagoResumenRow } from "../../../src/domain/operations/schemas";
import { idQueryField } from "../../../src/domain/fields";
import { MSG_SELECCIONE_PRESUPUESTO } from "../../../src/domain/sales/schemas";
import { strictQuery } from "../../lists";
import { createPago, pagoResumen, pagosList } from "../../services/operations/pagos-clientes";
import { contextOf } from "../../services/write";
import { errorBody, listRoute, refusals, sectionAccess } from "../schemas";

const operaciones = sectionAccess("operaciones");
const tags = operaciones.tags;

const pagosClientesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route(listRoute("/pagos_clientes", pagosList, { config: operaciones.read, tags, summary: "Pagos de clientes (presupuesto_id= los de un presupuesto), más recientes primero" }));

  app.get(
    "/pagos_clientes/resumen",
    {
      config: operaciones.read,
      schema: {
        tags,
        summary: "Resumen del presupuesto: total con IVA = round(neto × 1,19), pagado, saldo y estado (Pendiente, Parcial, Pagado)",
        querystring: strictQuery({ presupuesto_id: idQueryField(MSG_SELECCIONE_PRESUPUESTO) }),
        response: { 200: pagoResumenRow, ...refusals, 404: errorBody },
      },
    },
    async (req) => pagoResumen(req.server.database.db, req.query.presupuesto_id),
  );

  app.post(
    "/pagos_clientes",
    { config: operaciones.write, schema: { tags, summary: "Registrar un pago (monto con IVA); el presupuesto debe ser del cliente", body: pagoClienteSchema, response: { 201: pagoClienteRow, ...refusals } } },
    async (req, reply) => reply.status(201).send(await createPago(contextOf(req), req.body)),
  );
};
export default pagosClientesRoutes;
