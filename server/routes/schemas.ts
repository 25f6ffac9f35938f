// What every route file takes from here instead of writing it again: section access and
// tags, id params, the error body, and a declared list's whole route.
import type { FastifyReply, FastifyRequest, RouteOptions } from "fastify";
import { z } from "zod";
import type { Section } from "../../src/domain/roles/roles";
import { sendList, type List, type ListQuery } from "../lists";

export const errorBody = z.object({ message: z.string(), errors: z.record(z.string(), z.array(z.string())) });

/** The refusals every route may give (add 404 and 409 where they apply). */
export const refusals = { 400: errorBody, 401: errorBody, 403: errorBody };

/**
 * A role-table section (src/domain/roles): `read` is the `config` of its GETs, `write` of
 * the rest; `tags` groups its routes in /api/docs.
 *   const ventas = sectionAccess("ventas");   app.get(path, { config: ventas.read, schema: { tags: ventas.tags, … } }, …)
 */
export function sectionAccess<S extends Section>(section: S) {
  return {
    read: { permission: { section, access: "read" } },
    write: { permission: { section, access: "write" } },
    tags: [section],
  } as const;
}

const id = z.coerce.number({ error: "Id inválido" }).int("Id inválido").positive("Id inválido").max(2_147_483_647, "Id inválido");

/** `{ id }` of a path like /clientes/:id. */
export const idParams = z.object({ id });

/** A path with another id name, e.g. idParam("quoteId") for /items_presupuesto/presupuesto/:quoteId. */
export function idParam<K extends string>(name: K) {
  return z.object({ [name]: id } as Record<K, typeof id>);
}

/**
 * The route of a declared list (server/lists): its querystring and responses come from the
 * declaration, the answer from the list cache.
 *   app.route(listRoute("/clientes", clientesList, { config: ventas.read, tags: ventas.tags, summary: "…" }));
 */
export function listRoute<Row extends object>(url: string, list: List<Row>, opts: { config: object; tags: readonly string[]; summary: string }): RouteOptions {
  return {
    method: "GET",
    url,
    config: opts.config,
    schema: {
      tags: [...opts.tags],
      summary: opts.summary,
      querystring: list.query,
      response: { 200: z.array(list.row), 304: z.null(), ...refusals },
    },
    handler: async (req: FastifyRequest, reply: FastifyReply) => sendList(req, reply, await list.answer(req.server.database.db, req.query as ListQuery)),
  };
}
