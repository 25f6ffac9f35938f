// The declared resources' routes (src/domain/resources/registry.ts): each one's table is
// the schema's export of the same name (server/db/schema), its hooks (custom behaviour) below.
import type { FastifyInstance } from "fastify";
import { is } from "drizzle-orm";
import { PgTable } from "drizzle-orm/pg-core";
import { DECLARED_RESOURCES } from "../../src/domain/resources/registry";
import * as schema from "../db/schema";
import type { ResourceHooks, ResourceRow } from "../services/resource-hooks";
import { registerResource, resourceRoutes, type ResourceService, type TypedService } from "./register";
import { usuariosHooks } from "../services/usuarios/hooks";
import { facturasGuiasHooks } from "../services/operations/factura-hooks";
import { materialesHooks } from "../services/inventory/material-hooks";
import { todayInSantiago } from "../../src/domain/dates/dates";

/** Custom behaviour by resource name. */
const HOOKS: Record<string, ResourceHooks> = {
  // A payment remembers who registered it; an empty date is today (Santiago).
  pagos_clientes: {
    beforeWrite: async (_tx, data, before, ctx) => {
      const dated = { ...data, fecha_pago: data.fecha_pago ?? todayInSantiago() };
      return before ? dated : { ...dated, creado_por_id: ctx.user?.id ?? null };
    },
  },
  usuarios: usuariosHooks,
  facturas_guias: facturasGuiasHooks,
  materiales: materialesHooks,
};

export function tableOf(name: string): PgTable {
  const table = (schema as Record<string, unknown>)[name];
  if (!is(table, PgTable)) throw new Error(`Recurso «${name}»: server/db/schema no exporta una tabla con ese nombre.`);
  return table;
}

const services = new Map<string, ResourceService>();

function serviceOf(name: string): ResourceService {
  let s = services.get(name);
  if (!s) {
    const r = DECLARED_RESOURCES.find((x) => x.name === name);
    if (!r) throw new Error(`Recurso «${name}» no declarado.`);
    s = resourceRoutes(r, tableOf(name), HOOKS[name]);
    services.set(name, s);
  }
  return s;
}

/**
 * A declared resource's service (list, read, save, remove), built once: for a hand-written
 * route that reads or writes it too (GET facturas_estado, a product's rename). `R` is the
 * row type the route answers with (`declaredService<MaterialRow>("materiales")`): the
 * declaration's rows are built at run time, so the route's own response schema is what
 * checks them on the way out.
 */
export function declaredService<R extends object = ResourceRow>(name: string): TypedService<R> {
  return serviceOf(name) as unknown as TypedService<R>;
}

export async function declaredResourceRoutes(app: FastifyInstance): Promise<void> {
  for (const r of DECLARED_RESOURCES) registerResource(app, r, serviceOf(r.name));
}
