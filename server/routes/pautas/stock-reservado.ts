// Reserved stock per work ("Stock reservado por OT", Bodega menu): PATCH
// api/stock-reservado/{table}/{id} (section 7; {table} is the category or
// ot_pautas_{category}, anything else 404) and, ours, GET api/stock-reservado/obras: the
// active works with pauta lines, a page at a time, each with its lines.
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { obraReservaRow, pautaRow, separadoSchema } from "../../../src/domain/pautas/schemas";
import { sendList, type ListQuery } from "../../lists";
import { answerObrasReserva, obrasReservaList } from "../../services/pautas/list-obras-reserva";
import { tableCategoryOrNotFound } from "../../services/pautas/pauta-row";
import { updateSeparado } from "../../services/pautas/update-separado";
import { contextOf } from "../../services/write";
import { errorBody, idParams, refusals, sectionAccess } from "../schemas";

const bodega = sectionAccess("bodega");
const tags = ["pautas"];

const knownTable = async (req: FastifyRequest) => {
  tableCategoryOrNotFound(String((req.params as { table?: unknown }).table ?? ""));
};

const stockReservadoRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/stock-reservado/obras",
    {
      config: bodega.read,
      schema: {
        tags,
        summary:
          "Obras activas (recepción final pendiente) con pauta, más recientes primero, cada una con sus líneas; paginadas con _start/_end (hasta 50 sin paginar), q busca presupuesto, obra, cliente, código o producto; pendientes_gt=0 deja las que tienen líneas por separar",
        querystring: obrasReservaList.query,
        response: { 200: z.array(obraReservaRow), 304: z.null(), ...refusals },
      },
    },
    async (req, reply) => sendList(req, reply, await answerObrasReserva(req.server.database.db, req.query as ListQuery)),
  );

  app.patch(
    "/stock-reservado/:table/:id",
    {
      config: bodega.write,
      preValidation: knownTable,
      schema: {
        tags,
        summary: "Marcar una línea de pauta como separada en bodega (o no); {table} es la categoría u ot_pautas_{categoría}",
        params: idParams.extend({ table: z.string().max(100) }),
        body: separadoSchema,
        response: { 200: pautaRow, ...refusals, 404: errorBody },
      },
    },
    async (req) => updateSeparado(contextOf(req), tableCategoryOrNotFound(req.params.table), req.params.id, req.body.separado),
  );
};
export default stockReservadoRoutes;
