// GET api/facturas_guias/proveedores (ours): the supplier names the invoice screens filter
// by: every supplier of the list (proveedores) and every name already on an invoice, once
// each (any case), in alphabetical order; at most 2,000.
import { sql } from "drizzle-orm";
import type { Db } from "../../db/connect";
import { facturas_guias, proveedores } from "../../db/schema";

export const MAX_PROVEEDORES = 2000;

export async function listProveedoresFacturas(db: Db): Promise<string[]> {
  const r = await db.execute<{ nombre: string }>(sql`
    select min(nombre) as nombre from (
      select ${proveedores.proveedor} as nombre from ${proveedores}
      union all
      select distinct ${facturas_guias.proveedor} from ${facturas_guias}
    ) n group by lower(nombre) order by lower(min(nombre)) limit ${MAX_PROVEEDORES}`);
  return r.rows.map((x) => x.nombre);
}
