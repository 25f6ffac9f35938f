// Client payments (section 7 Operations): the list, POST, GET/PUT/DELETE /:id are the
// declared resource's (src/domain/operations/pagos-clientes.resource.ts); ours here:
// GET api/pagos_clientes/resumen?presupuesto_id=.
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { pagoResumenRow } from "../../../src/domain/operations/schemas";
import { idQueryField } from "../../../src/domain/fields";
import { MSG_SELECCIONE_PRESUPUESTO } from "../../../src/domain/sales/schemas";
import { strictQuery } from "../../lists";
import { pagoResumen } from "../../services/operations/pagos-clientes";
import { errorBody, refusals, sectionAccess } from "../schemas";

const operaciones = sectionAccess("operaciones");

const pagosClientesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/pagos_clientes/resumen",
    {
      config: operaciones.read,
      schema: {
        tags: operaciones.tags,
        summary: "Resumen del presupuesto: total con IVA = round(neto × 1,19), pagado, saldo y estado (Pendiente, Parcial, Pagado)",
        querystring: strictQuery({ presupuesto_id: idQueryField(MSG_SELECCIONE_PRESUPUESTO) }),
        response: { 200: pagoResumenRow, ...refusals, 404: errorBody },
      },
    },
    async (req) => pagoResumen(req.server.database.db, req.query.presupuesto_id),
  );
};
export default pagosClientesRoutes;
