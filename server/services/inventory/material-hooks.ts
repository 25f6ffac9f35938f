// The product catalogue's own rules, as hooks of its declared resource
// (src/domain/inventory/materiales.resource.ts): stock is read from the ledger, never written
// here; a product that an active work's pauta names or a pending warehouse request asks for
// cannot be deleted (issue 32: its shortage would vanish from Faltantes, the home card and the
// purchase drafts). The row is locked before the check (the registrar reads it FOR UPDATE) and
// a pauta batch locks the products it names before refreshing their reserved stock, so a batch
// and a delete of one code take turns: the check sees every batch committed before it.
import { sql } from "drizzle-orm";
import { materiales } from "../../db/schema";
import { obraActivaDe } from "../../db/schema/reservas";
import { conflict } from "../../errors";
import type { ResourceHooks } from "../resource-hooks";
import { isSolicitudAprobada } from "../../../src/domain/inventory/solicitud";
import type { Tx } from "../write";

/** Works named in the message at most (the rest are counted). */
const NAMED = 5;

export function msgMaterialEnUso(codigo: string, obras: string[], masObras: number, solicitudes: number[]): string {
  const parts: string[] = [];
  if (obras.length) parts.push(`${obras.length + masObras === 1 ? "la obra activa" : "las obras activas"} ${obras.join(", ")}${masObras ? ` y ${masObras} más` : ""} (en su pauta)`);
  if (solicitudes.length) parts.push(`${solicitudes.length === 1 ? "la solicitud de bodega pendiente" : "las solicitudes de bodega pendientes"} N° ${solicitudes.join(", ")}`);
  return `No se puede eliminar el material ${codigo}: lo usan ${parts.join(" y ")}. Cierre o cambie esas obras y solicitudes antes de eliminarlo.`;
}

/** What keeps a product: the active works whose pautas name it, the pending requests for it (index pautas_codigo_idx, solicitudes_bodega_codigo_idx). */
export async function materialEnUso(tx: Tx, codigo: string): Promise<string | null> {
  const obras = (
    await tx.execute<{ numero: string; nombre_obra: string | null; total: number }>(sql`
      select p.numero, p.nombre_obra, count(*) over ()::int as total
      from presupuestos p
      where p.id in (select pa.presupuesto_id from pautas pa where pa.codigo = ${codigo}) and ${obraActivaDe(sql`p.id`)}
      order by p.numero, p.id
      limit ${NAMED}`)
  ).rows;
  const solicitudes = (
    await tx.execute<{ id: number; estado: string }>(sql`select s.id, s.estado from solicitudes_bodega s where s.codigo = ${codigo} order by s.id`)
  ).rows.filter((s) => !isSolicitudAprobada(s.estado));
  if (!obras.length && !solicitudes.length) return null;
  const named = obras.map((o) => (o.nombre_obra ? `${o.numero} «${o.nombre_obra}»` : o.numero));
  return msgMaterialEnUso(codigo, named, (obras[0]?.total ?? 0) - obras.length, solicitudes.map((s) => s.id));
}

export const materialesHooks: ResourceHooks = {
  // Stock moves only through the ledger (server/services/inventory/ledger.ts): read, never written here.
  computed: () => ({ stock_actual: sql`${materiales.stock_actual}`.mapWith(materiales.stock_actual) }),

  async beforeDelete(tx, before) {
    const codigo = String(before.codigo);
    const message = await materialEnUso(tx, codigo);
    if (message) throw conflict(message, { codigo: [message] });
  },
};
