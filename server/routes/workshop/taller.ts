// Workshop, specification section 7 "Workshop and workers": GET and POST api/taller/utv
// (mes, anio), PUT and DELETE api/taller/utv/{id}, PUT api/taller/utv/{id}/instalador,
// GET and POST api/taller/termopanel (mes, anio), DELETE api/taller/termopanel/{id},
// GET api/taller/instalaciones (mes, anio). The month lists also page, sort and search
// (server/lists) and send X-Total-Count.
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { instalacionRow, resumenTaller, termopanelRow, termopanelSchema, utvInstaladorSchema, utvRow, utvSchema } from "../../../src/domain/workshop/schemas";
import { sendList, strictQuery, type List } from "../../lists";
import { createTermopanel } from "../../services/workshop/create-termopanel";
import { createUtv } from "../../services/workshop/create-utv";
import { getResumenTaller } from "../../services/workshop/get-resumen";
import { deleteTermopanel } from "../../services/workshop/delete-termopanel";
import { deleteUtv } from "../../services/workshop/delete-utv";
import { instalacionesList } from "../../services/workshop/list-instalaciones";
import { termopanelList } from "../../services/workshop/list-termopanel";
import { utvList } from "../../services/workshop/list-utv";
import { inMonth, monthQuery, type MonthListQuery } from "../../services/workshop/month";
import { mesAnioQuery } from "../../../src/domain/workshop/fields";
import { currentPeriodo } from "../../../src/domain/workshop/periods";
import { updateUtv } from "../../services/workshop/update-utv";
import { updateUtvInstalador } from "../../services/workshop/update-utv-instalador";
import { contextOf } from "../../services/write";
import { errorBody, idParams, refusals, sectionAccess } from "../schemas";

const bodega = sectionAccess("bodega");
const tags = ["taller"];

const tallerRoutes: FastifyPluginAsyncZod = async (app) => {
  /** A month list: mes and anio (the current month when both are missing) plus the list's own query. */
  function monthListRoute(url: string, list: List<object>, row: z.ZodType, summary: string) {
    app.get(
      url,
      {
        config: bodega.read,
        schema: { tags, summary, querystring: monthQuery(list), response: { 200: z.array(row), 304: z.null(), ...refusals } },
      },
      async (req, reply) => sendList(req, reply, await list.answer(req.server.database.db, inMonth(req.query as MonthListQuery))),
    );
  }

  monthListRoute("/taller/utv", utvList, utvRow, "Registros UTV del mes (mes=01-12, anio; sin ambos: el mes actual), por fecha; pagina, ordena, busca (q) y envía X-Total-Count");
  monthListRoute("/taller/termopanel", termopanelList, termopanelRow, "Termopaneles del mes (mes, anio), por fecha; pagina, ordena, busca (q) y envía X-Total-Count");
  monthListRoute(
    "/taller/instalaciones",
    instalacionesList,
    instalacionRow,
    "Instalaciones del mes: una fila por registro UTV instalado por la propia empresa (m2_rectificacion = m2_instalador, valor_m2, valor_instalacion)",
  );

  app.get(
    "/taller/resumen",
    {
      config: bodega.read,
      schema: {
        tags,
        summary: "Resumen del mes (mes, anio): totales de UTV, termopaneles e instalaciones, total a repartir y su reparto por % de asistencia (PDF) y por horas acumuladas (pantalla)",
        querystring: strictQuery({ mes: z.union([z.string(), z.number()]).optional(), anio: z.union([z.string(), z.number()]).optional() }).pipe(mesAnioQuery),
        response: { 200: resumenTaller, ...refusals },
      },
    },
    async (req) => getResumenTaller(req.server.database.db, (req.query as string | null) ?? currentPeriodo()),
  );

  app.post(
    "/taller/utv",
    {
      config: bodega.write,
      schema: { tags, summary: "Registrar UTV (conteos, tipo, comentarios, valor m2, m2 e instalador de la lista fija)", body: utvSchema, response: { 201: utvRow, ...refusals } },
    },
    async (req, reply) => reply.status(201).send(await createUtv(contextOf(req), req.body)),
  );

  app.put(
    "/taller/utv/:id",
    {
      config: bodega.write,
      schema: { tags, summary: "Actualizar un registro UTV (el registro completo)", params: idParams, body: utvSchema, response: { 200: utvRow, ...refusals, 404: errorBody } },
    },
    async (req) => updateUtv(contextOf(req), req.params.id, req.body),
  );

  app.put(
    "/taller/utv/:id/instalador",
    {
      config: bodega.write,
      schema: {
        tags,
        summary: "Cambiar el instalador de un registro UTV (uno de la lista fija de seis; vacío lo quita)",
        params: idParams,
        body: utvInstaladorSchema,
        response: { 200: utvRow, ...refusals, 404: errorBody },
      },
    },
    async (req) => updateUtvInstalador(contextOf(req), req.params.id, req.body.instalador),
  );

  app.delete(
    "/taller/utv/:id",
    { config: bodega.write, schema: { tags, summary: "Eliminar un registro UTV", params: idParams, response: { 204: z.null(), ...refusals, 404: errorBody } } },
    async (req, reply) => {
      await deleteUtv(contextOf(req), req.params.id);
      return reply.status(204).send(null);
    },
  );

  app.post(
    "/taller/termopanel",
    {
      config: bodega.write,
      schema: {
        tags,
        summary: "Registrar termopanel (m2 = ancho × alto / 1.000.000 × cantidad, 2 decimales, calculado por el servidor)",
        body: termopanelSchema,
        response: { 201: termopanelRow, ...refusals },
      },
    },
    async (req, reply) => reply.status(201).send(await createTermopanel(contextOf(req), req.body)),
  );

  app.delete(
    "/taller/termopanel/:id",
    { config: bodega.write, schema: { tags, summary: "Eliminar un termopanel", params: idParams, response: { 204: z.null(), ...refusals, 404: errorBody } } },
    async (req, reply) => {
      await deleteTermopanel(contextOf(req), req.params.id);
      return reply.status(204).send(null);
    },
  );
};
export default tallerRoutes;
