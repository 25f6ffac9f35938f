// GET api/presupuestos/cliente/{clientId}: that client's quotes, newest first.
// One query: the client LEFT JOIN its quotes (no row: unknown client, 404; one row
// without a quote: a client without quotes, []).
import { eq } from "drizzle-orm";
import type { Db } from "../../db/connect";
import { clientes, presupuestos } from "../../db/schema";
import { notFound } from "../../errors";
import { MSG_CLIENTE_NO_EXISTE } from "./cliente-row";
import { presupuestoColumns, presupuestoNewestFirst, type PresupuestoRow } from "./presupuesto-row";

export async function listPresupuestosCliente(db: Db, cliente_id: number): Promise<PresupuestoRow[]> {
  const rows = await db
    .select(presupuestoColumns)
    .from(clientes)
    .leftJoin(presupuestos, eq(presupuestos.cliente_id, clientes.id))
    .where(eq(clientes.id, cliente_id))
    .orderBy(...presupuestoNewestFirst);
  if (rows.length === 0) throw notFound(MSG_CLIENTE_NO_EXISTE);
  if (rows[0].id === null) return [];
  return rows as PresupuestoRow[];
}
