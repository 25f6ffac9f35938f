// GET api/presupuestos/{id}/vendedor: the user who made the quote (presupuestos.creado_por),
// printed on its PDF as the salesperson, with their own email and phone.
import { eq } from "drizzle-orm";
import type { VendedorPresupuesto } from "../../../src/domain/sales/schemas";
import type { Db } from "../../db/connect";
import { presupuestos, usuarios } from "../../db/schema";
import { notFound } from "../../errors";
import { MSG_PRESUPUESTO_NO_EXISTE } from "./presupuesto-row";

export async function getVendedor(db: Db, id: number): Promise<VendedorPresupuesto> {
  const [row] = await db
    .select({ nombre: usuarios.nombre, correo: usuarios.correo, telefono: usuarios.telefono })
    .from(presupuestos)
    .leftJoin(usuarios, eq(usuarios.id, presupuestos.creado_por))
    .where(eq(presupuestos.id, id));
  if (!row) throw notFound(MSG_PRESUPUESTO_NO_EXISTE);
  return { vendedor: row.nombre !== null && row.correo !== null ? { nombre: row.nombre, correo: row.correo, telefono: row.telefono } : null };
}
