// One error handler: AppError codes, schema validation, body limits and database
// refusals become { message, errors } in Spanish; anything else is a 500 without stack.
import type { FastifyError, FastifyInstance } from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import { z } from "zod";
import { AppError, fieldErrors, isForeignKeyViolation, isUniqueViolation, pgCodeOf } from "../errors";
import { ReplayedAnswer } from "./idempotency";

// Schemas carry their own Spanish messages; whatever check has none (a body that is not
// an object, an unexpected type) falls back to zod's Spanish texts, never English.
z.config(z.locales.es());

const FASTIFY_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_BODY_TOO_LARGE: "La solicitud es demasiado grande (máximo 1 MiB).",
  FST_ERR_CTP_INVALID_JSON_BODY: "El cuerpo de la solicitud no es JSON válido.",
  FST_ERR_CTP_EMPTY_JSON_BODY: "El cuerpo de la solicitud está vacío.",
  FST_ERR_CTP_INVALID_MEDIA_TYPE: "Tipo de contenido no soportado: envíe JSON.",
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: "Largo de contenido inválido.",
};

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: unknown, req, reply) => {
    const err = error as FastifyError;
    if (error instanceof ReplayedAnswer) {
      // An Idempotency-Key's first answer, as it was sent (not through the route's schema again).
      return reply.status(error.status).header("idempotent-replayed", "true").type("application/json; charset=utf-8").send(error.body);
    }
    if (err instanceof AppError) {
      return reply.status(err.statusCode).headers(err.headers).send({ message: err.message, errors: err.errors });
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      // Body fields and query parameters by their own names (what a form or a list sent);
      // path parameters as "params.id".
      const prefix = err.validationContext === "body" || err.validationContext === "querystring" ? "" : `${err.validationContext}.`;
      const errors = fieldErrors(
        err.validation.map((v) => ({
          path: prefix + v.instancePath.replace(/^\//, "").replace(/\//g, "."),
          message: v.message ?? "Valor inválido",
        })),
      );
      const first = Object.values(errors)[0]?.[0];
      return reply.status(400).send({ message: first ? `Datos inválidos: ${first}` : "Datos inválidos.", errors });
    }
    if (isUniqueViolation(err)) {
      return reply.status(409).send({ message: "Ya existe un registro con esos datos.", errors: {} });
    }
    if (isForeignKeyViolation(err)) {
      return reply.status(409).send({ message: "El registro está relacionado con datos que no existen o que lo usan.", errors: {} });
    }
    const pgCode = pgCodeOf(err);
    // Class 22 "data exception": a value the database can't take (bad number or date,
    // out of range, a NUL character in text, a bad JSON escape...): the input's fault.
    if (typeof pgCode === "string" && /^22[0-9A-Z]{3}$/.test(pgCode)) {
      return reply.status(400).send({ message: "Valor fuera de rango o con formato inválido.", errors: {} });
    }
    const status = err.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const limit = req.routeOptions.bodyLimit;
      const message =
        err.code === "FST_ERR_CTP_BODY_TOO_LARGE" && limit
          ? `La solicitud es demasiado grande (máximo ${Math.round(limit / (1024 * 1024))} MiB).`
          : (FASTIFY_MESSAGES[err.code] ?? (status === 404 ? "Recurso no encontrado." : "Solicitud inválida."));
      return reply.status(status).send({ message, errors: {} });
    }
    req.log.error({ err }, "error interno");
    return reply.status(500).send({ message: "Error interno del servidor. Intente nuevamente.", errors: {} });
  });
}
