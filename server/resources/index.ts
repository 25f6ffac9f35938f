// The declared resources' routes (src/domain/resources/registry.ts): each one's table is
// the schema's export of the same name (server/db/schema), its hooks (custom behaviour) below.
import type { FastifyInstance } from "fastify";
import { is } from "drizzle-orm";
import { PgTable } from "drizzle-orm/pg-core";
import { DECLARED_RESOURCES } from "../../src/domain/resources/registry";
import * as schema from "../db/schema";
import { registerResource, resourceRoutes, type ResourceHooks } from "./register";
import { usuariosHooks } from "../services/usuarios/hooks";
import { facturasGuiasHooks } from "../services/operations/factura-hooks";

/** Custom behaviour by resource name. */
const HOOKS: Record<string, ResourceHooks> = {
  // A payment remembers who registered it.
  pagos_clientes: { beforeWrite: async (_tx, data, before, ctx) => (before ? data : { ...data, creado_por_id: ctx.user?.id ?? null }) },
  usuarios: usuariosHooks,
  facturas_guias: facturasGuiasHooks,
};

export function tableOf(name: string): PgTable {
  const table = (schema as Record<string, unknown>)[name];
  if (!is(table, PgTable)) throw new Error(`Recurso «${name}»: server/db/schema no exporta una tabla con ese nombre.`);
  return table;
}

const built = new Map<string, ReturnType<typeof resourceRoutes>>();

/** A declared resource's list, rows and writes (built once), for a route of its own that reads them (GET facturas_estado). */
export function declaredRoutesOf(name: string): ReturnType<typeof resourceRoutes> {
  let s = built.get(name);
  if (!s) {
    const r = DECLARED_RESOURCES.find((x) => x.name === name);
    if (!r) throw new Error(`Recurso «${name}» no declarado.`);
    s = resourceRoutes(r, tableOf(name), HOOKS[name]);
    built.set(name, s);
  }
  return s;
}

export async function declaredResourceRoutes(app: FastifyInstance): Promise<void> {
  for (const r of DECLARED_RESOURCES) registerResource(app, r, declaredRoutesOf(r.name));
}
