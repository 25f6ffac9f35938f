// Stock Actual: GET api/inventario, GET api/reservas_activas/{code}, and ours: the kardex
// GET api/materiales/{code}/movimientos and the shortages GET api/faltantes.
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { faltanteRow, movimientoRow, reservaActivaRow } from "../../../src/domain/inventory/schemas";
import { sendList, type ListQuery } from "../../lists";
import { answerReservasActivas } from "../../services/inventory/get-reservas-activas";
import { inventarioList } from "../../services/inventory/list-inventario";
import { answerFaltantes, faltantesList } from "../../services/inventory/list-faltantes";
import { assertMaterialExists, movimientosList } from "../../services/inventory/list-movimientos";
import { errorBody, listRoute, refusals, sectionAccess } from "../schemas";

const bodega = sectionAccess("bodega");
const tags = ["inventario"];
const codigoParams = z.object({ codigo: z.string().min(1).max(50) });

const inventarioRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route(
    listRoute("/inventario", inventarioList, {
      config: bodega.read,
      tags,
      summary:
        "Productos con stock_reservado (obras activas) y stock_disponible, por reservado descendente y código (hasta 10.000 sin paginar); bajo_stock=true deja los de Bajo Stock, stock_actual_gt=0 oculta los de stock 0",
    }),
  );

  app.get(
    "/reservas_activas/:codigo",
    {
      config: bodega.read,
      schema: {
        tags,
        summary: "Reservas activas de un producto: lo que cada obra activa aún necesita (pauta menos salidas), mayor primero; 404 si el material no existe",
        params: codigoParams,
        response: { 200: z.array(reservaActivaRow), 304: z.null(), ...refusals, 404: errorBody },
      },
    },
    async (req, reply) => sendList(req, reply, await answerReservasActivas(req.server.database.db, req.params.codigo)),
  );

  app.get(
    "/materiales/:codigo/movimientos",
    {
      config: bodega.read,
      schema: {
        tags,
        summary: "Kardex de un producto: sus movimientos (fecha, tipo, cantidad con signo, saldo, documento, usuario), más recientes primero; paginado",
        params: codigoParams,
        querystring: movimientosList.query,
        response: { 200: z.array(movimientoRow), 304: z.null(), ...refusals, 404: errorBody },
      },
    },
    async (req, reply) => {
      const db = req.server.database.db;
      // Both at once (a page of an unknown product is an empty list, never sent: 404).
      const [, answer] = await Promise.all([assertMaterialExists(db, req.params.codigo), movimientosList.answer(db, { ...(req.query as ListQuery), codigo: req.params.codigo })]);
      return sendList(req, reply, answer);
    },
  );

  app.get(
    "/faltantes",
    {
      config: bodega.read,
      schema: {
        tags,
        summary:
          "Faltantes: productos con stock disponible (actual − reservado) bajo 0 o bajo el mínimo, con para_obras, a_comprar y las obras que los necesitan; el más corto primero",
        querystring: faltantesList.query,
        response: { 200: z.array(faltanteRow), 304: z.null(), ...refusals },
      },
    },
    async (req, reply) => sendList(req, reply, await answerFaltantes(req.server.database.db, req.query as ListQuery)),
  );
};
export default inventarioRoutes;
