// Safe retries: a POST with an Idempotency-Key header is done once per user and key
// within 24 hours. The key is reserved before the handler runs (a concurrent twin gets
// 409), the first successful answer is stored and replayed for repeats; a failed first
// attempt frees the key so the retry can run.
import fp from "fastify-plugin";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { and, eq, lt, sql } from "drizzle-orm";
import { idempotencia } from "../db/schema";
import { badRequest, conflict } from "../errors";

declare module "fastify" {
  interface FastifyRequest {
    idempotencyKey?: string;
  }
}

export const IDEMPOTENCY_TTL_HOURS = 24;

function keyOf(req: FastifyRequest): string | null {
  const raw = req.headers["idempotency-key"];
  if (raw === undefined) return null;
  const key = Array.isArray(raw) ? raw[0] : raw;
  if (!key || key.length > 200) throw badRequest("La cabecera Idempotency-Key debe tener entre 1 y 200 caracteres.");
  return key;
}

export default fp(async function idempotencyPlugin(app: FastifyInstance) {
  const table = idempotencia;

  app.addHook("preHandler", async (req, reply) => {
    if (req.method !== "POST" || !req.user) return;
    const key = keyOf(req);
    if (!key) return;
    const db = app.database.db;
    const route = req.url.split("?")[0];
    const who = and(eq(table.usuario_id, req.user.id), eq(table.clave, key));
    // An expired key is forgotten first, so it can be used again.
    await db.delete(table).where(and(who, lt(table.creada_en, sql`now() - interval '${sql.raw(String(IDEMPOTENCY_TTL_HOURS))} hours'`)));
    const reserved = await db
      .insert(table)
      .values({ usuario_id: req.user.id, clave: key, metodo: req.method, ruta: route })
      .onConflictDoNothing()
      .returning({ clave: table.clave });
    if (reserved.length > 0) {
      req.idempotencyKey = key;
      return;
    }
    const [previous] = await db.select().from(table).where(who).limit(1);
    if (!previous) throw conflict("La solicitud se está procesando; intente nuevamente.");
    if (previous.ruta !== route || previous.metodo !== req.method) {
      throw conflict("Esta clave de idempotencia ya se usó para otra operación.");
    }
    if (previous.estado_http === null) throw conflict("La misma solicitud ya se está procesando.");
    reply.header("idempotent-replayed", "true");
    // The first answer as it was sent: already serialized, so not through the route's schema again.
    return reply.status(previous.estado_http).type("application/json; charset=utf-8").send(JSON.stringify(previous.respuesta));
  });

  app.addHook("onSend", async (req, reply, payload) => {
    const key = req.idempotencyKey;
    if (!key || !req.user) return payload;
    req.idempotencyKey = undefined;
    const who = and(eq(table.usuario_id, req.user.id), eq(table.clave, key));
    if (reply.statusCode >= 200 && reply.statusCode < 300) {
      let body: unknown = null;
      if (typeof payload === "string" && payload.length > 0) {
        try {
          body = JSON.parse(payload);
        } catch {
          body = payload;
        }
      }
      await app.database.db.update(table).set({ estado_http: reply.statusCode, respuesta: body }).where(who);
    } else {
      await app.database.db.delete(table).where(who);
    }
    return payload;
  });
});

/** Drops keys older than the retention window (run on start and hourly). */
export async function purgeIdempotencyKeys(app: FastifyInstance): Promise<void> {
  await app.database.db.delete(idempotencia).where(lt(idempotencia.creada_en, sql`now() - interval '${sql.raw(String(IDEMPOTENCY_TTL_HOURS))} hours'`));
}
