// The client's page (no session, issue 34): GET api/publico/presupuestos/{token}, POST
// …/{token}/aceptacion and …/{token}/rechazo. Rate-limited per address (429 in Spanish),
// never indexed and without referrer. Unknown, expired and revoked tokens answer the one
// 404. The PDF is drawn by the page from the GET's answer.
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { aceptacionPublica, aceptacionSchema, presupuestoPublicoRow, rechazoSchema } from "../../../src/domain/sales/enlaces";
import { acceptPresupuesto, type Requester } from "../../services/sales/accept-presupuesto";
import { getPresupuestoPublico } from "../../services/sales/get-presupuesto-publico";
import { checkPublicLimit, DEFAULT_PUBLIC_LIMIT, type PublicLimitOptions } from "../../services/sales/public-limit";
import { rejectPresupuesto } from "../../services/sales/reject-presupuesto";
import { contextOf } from "../../services/write";
import { errorBody } from "../schemas";
import type { FastifyRequest } from "fastify";

declare module "fastify" {
  interface FastifyInstance {
    /** The public routes' requests per address (server/services/sales/public-limit.ts). */
    publicLimit?: PublicLimitOptions;
  }
}

const tags = ["publico"];
const tokenParams = z.object({ token: z.string().max(200) });
const publicRefusals = { 400: errorBody, 404: errorBody, 429: errorBody };

/** Headers of every public answer (and of the page itself, server/app.ts). */
export const PUBLIC_HEADERS = { "x-robots-tag": "noindex, nofollow", "referrer-policy": "no-referrer", "cache-control": "no-store" } as const;

const requester = (req: FastifyRequest): Requester => ({ ip: req.ip ?? null, userAgent: req.headers["user-agent"]?.slice(0, 500) ?? null });

const publicoRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook("onRequest", async (req, reply) => {
    reply.headers(PUBLIC_HEADERS);
    await checkPublicLimit(app.database.db, req.ip, app.publicLimit ?? DEFAULT_PUBLIC_LIMIT);
  });

  app.get(
    "/publico/presupuestos/:token",
    {
      config: { public: true },
      schema: { tags, summary: "El presupuesto que ve el cliente por su enlace (sin sesión; solo los campos permitidos)", security: [], params: tokenParams, response: { 200: presupuestoPublicoRow, ...publicRefusals } },
    },
    async (req) => getPresupuestoPublico(req.server.database.db, req.params.token),
  );

  app.post(
    "/publico/presupuestos/:token/aceptacion",
    {
      config: { public: true },
      schema: {
        tags,
        summary: "El cliente acepta y firma la versión que tiene en pantalla (409 si ya fue aceptado o si cambió)",
        security: [],
        params: tokenParams,
        body: aceptacionSchema,
        response: { 201: z.object({ message: z.string(), aceptacion: aceptacionPublica }), ...publicRefusals, 409: errorBody },
      },
    },
    async (req, reply) => reply.status(201).send(await acceptPresupuesto(contextOf(req), req.params.token, req.body, requester(req))),
  );

  app.post(
    "/publico/presupuestos/:token/rechazo",
    {
      config: { public: true },
      schema: {
        tags,
        summary: "El cliente rechaza el presupuesto, con un motivo opcional",
        security: [],
        params: tokenParams,
        body: rechazoSchema,
        response: { 201: z.object({ message: z.string() }), ...publicRefusals, 409: errorBody },
      },
    },
    async (req, reply) => reply.status(201).send(await rejectPresupuesto(contextOf(req), req.params.token, req.body.motivo, requester(req))),
  );
};
export default publicoRoutes;
