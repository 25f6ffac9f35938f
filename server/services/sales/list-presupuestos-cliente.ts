// GET api/presupuestos/cliente/{clientId}: that client's quotes, newest first.
// One query: the client LEFT JOIN its quotes (no row: unknown client, 404; one row
// without a quote: a client without quotes, []).
import { eq } from "drizzle-orm";
import type { PresupuestoRow } from "../../../src/domain/sales/schemas";
import type { Db } from "../../db/connect";
import { clientes, presupuestos } from "../../db/schema";
import { notFound } from "../../errors";
import { presupuestoCliente, presupuestoColumns, presupuestoNewestFirst } from "./presupuesto-row";

export async function listPresupuestosCliente(db: Db, clienteId: number): Promise<PresupuestoRow[]> {
  const rows = await db
    .select(presupuestoColumns)
    .from(clientes)
    .leftJoin(presupuestos, presupuestoCliente)
    .where(eq(clientes.id, clienteId))
    .orderBy(...presupuestoNewestFirst);
  if (rows.length === 0) throw notFound("El cliente no existe."); // as GET api/clientes/{id} (server/resources)
  if (rows[0].id === null) return [];
  return rows as PresupuestoRow[];
}
