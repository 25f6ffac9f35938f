// "Seguimiento Obras" (section 7 Operations): GET api/seguimiento_obras and the three PUTs
// (toggle, rectificacion, comentario). Operaciones section.
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { comentarioSchema, rectificacionSchema, seguimientoPistasRow, seguimientoRow } from "../../../src/domain/operations/schemas";
import { strictQuery } from "../../lists";
import { MAX_PISTAS, seguimientoPistas } from "../../services/operations/seguimiento-pistas";
import { toggleStageSchema } from "../../../src/domain/sales/tracking";
import { seguimientoList } from "../../services/operations/list-seguimiento";
import { toggleStage, updateComentario, updateRectificacion } from "../../services/operations/update-seguimiento";
import { contextOf } from "../../services/write";
import { errorBody, idParams, listRoute, refusals, sectionAccess } from "../schemas";

const operaciones = sectionAccess("operaciones");
const tags = operaciones.tags;
const MSG_IDS = `id: entre 1 y ${MAX_PISTAS} números de seguimiento`;
const pistaIds = z
  .union([z.string(), z.array(z.string())], { error: MSG_IDS })
  .transform((v, ctx) => {
    const list = (Array.isArray(v) ? v : v.split(",")).map((x) => x.trim()).filter((x) => x !== "");
    const ids = list.map(Number);
    if (ids.length === 0 || ids.length > MAX_PISTAS || ids.some((n) => !Number.isSafeInteger(n) || n <= 0)) {
      ctx.addIssue({ code: "custom", message: MSG_IDS });
      return z.NEVER;
    }
    return [...new Set(ids)];
  });
const answer = { 200: seguimientoRow, ...refusals, 404: errorBody };

const seguimientoObrasRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route(
    listRoute("/seguimiento_obras", seguimientoList, {
      config: operaciones.read,
      tags,
      summary: "Seguimiento de obras (16 etapas) con cliente, número de presupuesto y obra, más recientes primero; completa=false oculta las terminadas",
    }),
  );

  app.get(
    "/seguimiento_obras/pistas",
    {
      config: operaciones.read,
      schema: {
        tags,
        summary: `Sugerencias de etapas desde los datos (hasta ${MAX_PISTAS} id): Material cuando toda la pauta de la categoría llegó o salió para la obra; pago con saldo 0`,
        querystring: strictQuery({ id: pistaIds }),
        response: { 200: z.array(seguimientoPistasRow), ...refusals },
      },
    },
    async (req) => seguimientoPistas(req.server.database.db, req.query.id),
  );

  app.put(
    "/seguimiento_obras/:id/toggle",
    { config: operaciones.write, schema: { tags, summary: "Invertir una de las 16 etapas (campo); rectificacion encendida fija rectificacion_fecha = hoy", params: idParams, body: toggleStageSchema, response: answer } },
    async (req) => toggleStage(contextOf(req), req.params.id, req.body.campo),
  );

  app.put(
    "/seguimiento_obras/:id/rectificacion",
    { config: operaciones.write, schema: { tags, summary: "Rectificación y su plazo en días (Fecha Máx = fecha + plazo)", params: idParams, body: rectificacionSchema, response: answer } },
    async (req) => updateRectificacion(contextOf(req), req.params.id, req.body),
  );

  app.put(
    "/seguimiento_obras/:id/comentario",
    { config: operaciones.write, schema: { tags, summary: "Comentario de la obra; comentario_fecha = ahora", params: idParams, body: comentarioSchema, response: answer } },
    async (req) => updateComentario(contextOf(req), req.params.id, req.body.comentario),
  );
};
export default seguimientoObrasRoutes;
