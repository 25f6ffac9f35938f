// GET api/presupuestos/cliente/{clientId}: that client's quotes, newest first.
import { eq } from "drizzle-orm";
import type { Db } from "../../db/connect";
import { clientes, presupuestos } from "../../db/schema";
import { notFound } from "../../errors";
import { MSG_CLIENTE_NO_EXISTE } from "./cliente-row";
import { presupuestoNewestFirst, selectPresupuesto, type PresupuestoRow } from "./presupuesto-row";

export async function listPresupuestosCliente(db: Db, clienteId: number): Promise<PresupuestoRow[]> {
  const [cliente] = await db.select({ id: clientes.id }).from(clientes).where(eq(clientes.id, clienteId));
  if (!cliente) throw notFound(MSG_CLIENTE_NO_EXISTE);
  return selectPresupuesto(db)
    .where(eq(presupuestos.clienteId, clienteId))
    .orderBy(...presupuestoNewestFirst);
}
