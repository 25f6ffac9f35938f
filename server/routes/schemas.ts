// What every route file takes from here instead of writing it again: section access for
// `config`, id params, the error body and the responses of lists.
import { z } from "zod";
import type { Section } from "../../src/domain/roles/roles";

export const errorBody = z.object({ message: z.string(), errors: z.record(z.string(), z.array(z.string())) });

/** The refusals every route may give (add 404 and 409 where they apply). */
export const refusals = { 400: errorBody, 401: errorBody, 403: errorBody };

/**
 * `config` of a route in a role-table section (src/domain/roles): `read` for GETs,
 * `write` for the rest.
 *   const ventas = sectionAccess("ventas");   app.get(path, { config: ventas.read, … })
 */
export function sectionAccess<S extends Section>(section: S) {
  return {
    read: { permission: { section, access: "read" } },
    write: { permission: { section, access: "write" } },
  } as const;
}

const id = z.coerce.number({ error: "Id inválido" }).int("Id inválido").positive("Id inválido").max(2_147_483_647, "Id inválido");

/** `{ id }` of a path like /clientes/:id. */
export const idParams = z.object({ id });

/** A path with another id name, e.g. idParam("quoteId") for /items_presupuesto/presupuesto/:quoteId. */
export function idParam<K extends string>(name: K) {
  return z.object({ [name]: id } as Record<K, typeof id>);
}

/** Responses of a list route (the rows, 304 for a cached answer the browser has). */
export function listResponses<R extends z.ZodType>(row: R) {
  return { 200: z.array(row), 304: z.null(), ...refusals };
}
