// Purchase orders (specification section 7): GET api/ultima_oc, POST/GET api/ordenes_compra,
// GET api/ordenes_compra_estado, GET/PUT api/ordenes_compra/{numero_oc}, and ours
// POST api/ordenes_compra/borradores (shortage → draft orders).
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  borradoresSchema,
  borradorRow,
  comentarioOcSchema,
  ordenCompraDetalleRow,
  ordenCompraEstadoRow,
  ordenCompraRow,
  ordenCompraSchema,
} from "../../../src/domain/purchasing/schemas";
import { sendList, type ListQuery } from "../../lists";
import { createBorradores } from "../../services/purchasing/create-borradores";
import { createOrden } from "../../services/purchasing/create-orden";
import { getOrden } from "../../services/purchasing/get-orden";
import { getUltimaOc } from "../../services/purchasing/get-ultima-oc";
import { answerOrdenesEstado, ordenesCompraList, ordenesEstadoList, ordenesQuery } from "../../services/purchasing/list-ordenes";
import { updateOrdenComentario } from "../../services/purchasing/update-orden";
import { contextOf } from "../../services/write";
import { errorBody, idParam, refusals, sectionAccess } from "../schemas";

const adq = sectionAccess("adquisiciones");
const tags = ["purchasing"];
const numeroParams = idParam("numero_oc");

const ordenesCompraRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/ultima_oc",
    { config: adq.read, schema: { tags, summary: "El número de OC más alto (0 si no hay); la pantalla propone ultimo + 1", response: { 200: z.object({ ultimo: z.number().int() }), ...refusals } } },
    async (req) => getUltimaOc(req.server.database.db),
  );

  app.post(
    "/ordenes_compra",
    {
      config: adq.write,
      schema: {
        tags,
        summary: "Crear OC con sus ítems; usa el número enviado si está libre, si no el siguiente libre (responde numero_oc)",
        body: ordenCompraSchema,
        response: { 201: ordenCompraEstadoRow, ...refusals, 409: errorBody },
      },
    },
    async (req, reply) => reply.status(201).send(await createOrden(contextOf(req), req.body)),
  );

  app.get(
    "/ordenes_compra",
    {
      config: adq.read,
      schema: {
        tags,
        summary: "Órdenes de compra, la más nueva primero (hasta 2.000), con estado y total neto derivados de sus ítems; paginadas y filtradas con los parámetros de listas",
        querystring: ordenesQuery(ordenesCompraList),
        response: { 200: z.array(ordenCompraRow), 304: z.null(), ...refusals },
      },
    },
    async (req, reply) => sendList(req, reply, await ordenesCompraList.answer(req.server.database.db, req.query as ListQuery)),
  );

  app.get(
    "/ordenes_compra_estado",
    {
      config: adq.read,
      schema: {
        tags,
        summary: "Órdenes con sus ítems (detalles); estado=Pendiente|PENDIENTE|Completa|Completas|COMPLETA o vacío (todas); paginadas con _start/_end (hasta 2.000 sin paginar)",
        querystring: ordenesQuery(ordenesEstadoList),
        response: { 200: z.array(ordenCompraEstadoRow), 304: z.null(), ...refusals },
      },
    },
    async (req, reply) => sendList(req, reply, await answerOrdenesEstado(req.server.database.db, req.query as ListQuery)),
  );

  app.post(
    "/ordenes_compra/borradores",
    {
      config: adq.write,
      schema: {
        tags,
        summary: "Borradores de OC para los faltantes, agrupados por el último proveedor de cada producto, con su último precio y las obras que lo necesitan (no guarda nada)",
        body: borradoresSchema,
        response: { 200: z.array(borradorRow), ...refusals },
      },
    },
    async (req) => createBorradores(req.server.database.db, req.body),
  );

  app.get(
    "/ordenes_compra/:numero_oc",
    {
      config: adq.read,
      schema: {
        tags,
        summary: "Una OC con datos del proveedor (RUT, banco, cuenta), sus ítems y cada recepción de factura",
        params: numeroParams,
        response: { 200: ordenCompraDetalleRow, ...refusals, 404: errorBody },
      },
    },
    async (req) => getOrden(req.server.database.db, req.params.numero_oc, req.user?.rol),
  );

  app.put(
    "/ordenes_compra/:numero_oc",
    {
      config: adq.write,
      schema: { tags, summary: "Modificar el comentario de una OC", params: numeroParams, body: comentarioOcSchema, response: { 200: ordenCompraEstadoRow, ...refusals, 404: errorBody } },
    },
    async (req) => updateOrdenComentario(contextOf(req), req.params.numero_oc, req.body.comentario),
  );
};
export default ordenesCompraRoutes;
