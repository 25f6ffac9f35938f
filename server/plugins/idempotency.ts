// Safe retries: a POST with an Idempotency-Key header is done once per user and key
// within 24 hours. Nothing is written before the handler runs: the key, a fingerprint of
// the request's data and the answer are stored by write() in the handler's own
// transaction (server/services/write.ts), so a crash before the commit leaves nothing and
// one after it leaves the key with its answer. A repeat with the same data replays that
// answer; with other data it is refused (422). A POST that writes nothing (a preview, a
// parse) calls no write() and so stores nothing. A failed first attempt (400, 409…) rolls
// its transaction back, key included, so the retry runs.
import { createHash } from "node:crypto";
import fp from "fastify-plugin";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { and, eq, lt, sql } from "drizzle-orm";
import { idempotencia } from "../db/schema";
import { AppError, badRequest, conflict } from "../errors";
import type { IdempotentWrite, Tx } from "../services/write";

declare module "fastify" {
  interface FastifyRequest {
    idempotency?: IdempotentWrite;
  }
}

export const IDEMPOTENCY_TTL_HOURS = 24;
export const MSG_IDEMPOTENCIA_OTROS_DATOS = "La clave de idempotencia ya se usó con otros datos.";
export const MSG_IDEMPOTENCIA_OTRA_OPERACION = "Esta clave de idempotencia ya se usó para otra operación.";
export const MSG_IDEMPOTENCIA_EN_CURSO = "La misma solicitud ya se está procesando; intente nuevamente.";

/** The first answer of a key, sent again as it was (already serialized). */
export class ReplayedAnswer extends Error {
  constructor(
    readonly status: number,
    readonly body: string,
  ) {
    super("respuesta repetida");
  }
}

function keyOf(req: FastifyRequest): string | null {
  const raw = req.headers["idempotency-key"];
  if (raw === undefined) return null;
  const key = Array.isArray(raw) ? raw[0] : raw;
  if (!key || key.length > 200) throw badRequest("La cabecera Idempotency-Key debe tener entre 1 y 200 caracteres.");
  return key;
}

/** JSON with object keys sorted: the same data in another key order is the same data. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  if (value && typeof value === "object" && !(value instanceof Date)) {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined);
    entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(",")}}`;
  }
  return JSON.stringify(value) ?? "null";
}

function fingerprint(req: FastifyRequest): string {
  const query = req.url.includes("?") ? req.url.slice(req.url.indexOf("?")) : "";
  return createHash("sha256").update(query).update("\n").update(canonical(req.body ?? null)).digest("hex");
}

/** The route's success status: its one 2xx response (201 for a creation), else 200. */
function successStatus(req: FastifyRequest): number {
  const declared = Object.keys((req.routeOptions.schema?.response as Record<string, unknown> | undefined) ?? {})
    .map(Number)
    .filter((s) => s >= 200 && s < 300);
  return declared.length === 1 ? declared[0] : 200;
}

const expired = sql`now() - interval '${sql.raw(String(IDEMPOTENCY_TTL_HOURS))} hours'`;

type Stored = typeof idempotencia.$inferSelect;

/** What a repeat gets, given the stored row of its key. */
function answerFor(previous: Stored, route: string, method: string, huella: string): Error {
  if (previous.ruta !== route || previous.metodo !== method) return conflict(MSG_IDEMPOTENCIA_OTRA_OPERACION);
  if (previous.huella !== null && previous.huella !== huella) return new AppError("unprocessable", MSG_IDEMPOTENCIA_OTROS_DATOS);
  if (previous.estado_http === null) return conflict(MSG_IDEMPOTENCIA_EN_CURSO);
  return new ReplayedAnswer(previous.estado_http, JSON.stringify(previous.respuesta));
}

function keyedWrite(req: FastifyRequest, reply: FastifyReply, usuarioId: number, clave: string, route: string, huella: string): IdempotentWrite {
  const table = idempotencia;
  const who = and(eq(table.usuario_id, usuarioId), eq(table.clave, clave));
  return {
    stored: false,
    // First statement of the transaction: a concurrent twin waits here on the key (on
    // PostgreSQL) until this one commits or rolls back, before doing any work.
    async claim(tx: Tx) {
      const claimed = await tx
        .insert(table)
        .values({ usuario_id: usuarioId, clave, metodo: req.method, ruta: route, huella })
        .onConflictDoNothing()
        .returning({ clave: table.clave });
      if (claimed.length > 0) return;
      const [previous] = await tx.select().from(table).where(who).limit(1);
      throw previous ? answerFor(previous, route, req.method, huella) : conflict(MSG_IDEMPOTENCIA_EN_CURSO);
    },
    // Last statement of the transaction: the answer as the route will send it.
    async store(tx: Tx, result: unknown) {
      const status = successStatus(req);
      let respuesta: unknown = null;
      if (result !== undefined && status !== 204) {
        const serialize = reply.getSerializationFunction(String(status));
        respuesta = JSON.parse(serialize ? serialize(result as Record<string, unknown>) : JSON.stringify(result));
      }
      await tx.update(table).set({ estado_http: status, respuesta }).where(who);
    },
  };
}

export default fp(async function idempotencyPlugin(app: FastifyInstance) {
  const table = idempotencia;

  app.addHook("preHandler", async (req, reply) => {
    if (req.method !== "POST" || !req.user) return;
    const clave = keyOf(req);
    if (!clave) return;
    const db = app.database.db;
    const route = req.url.split("?")[0];
    const huella = fingerprint(req);
    const who = and(eq(table.usuario_id, req.user.id), eq(table.clave, clave));
    // An expired key is forgotten first, so it can be used again; so is a row left without
    // an answer by a version that reserved keys outside the handler's transaction.
    await db.delete(table).where(and(who, sql`(${table.creada_en} < ${expired} or ${table.estado_http} is null)`));
    const [previous] = await db.select().from(table).where(who).limit(1);
    if (previous) throw answerFor(previous, route, req.method, huella);
    req.idempotency = keyedWrite(req, reply, req.user.id, clave, route, huella);
  });
});

/** Drops keys older than the retention window (run on start and hourly). */
export async function purgeIdempotencyKeys(app: FastifyInstance): Promise<void> {
  await app.database.db.delete(idempotencia).where(lt(idempotencia.creada_en, expired));
}
