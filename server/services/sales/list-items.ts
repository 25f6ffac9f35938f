// GET api/items_presupuesto/presupuesto/{quoteId}: the quote's items in entry order.
import { asc, eq } from "drizzle-orm";
import type { Db } from "../../db/connect";
import { itemsPresupuesto, presupuestos } from "../../db/schema";
import { notFound } from "../../errors";
import { itemColumns, type ItemRow } from "./item-row";
import { MSG_PRESUPUESTO_NO_EXISTE } from "./presupuesto-row";

export async function listItems(db: Db, presupuestoId: number): Promise<ItemRow[]> {
  const [p] = await db.select({ id: presupuestos.id }).from(presupuestos).where(eq(presupuestos.id, presupuestoId));
  if (!p) throw notFound(MSG_PRESUPUESTO_NO_EXISTE);
  return db.select(itemColumns).from(itemsPresupuesto).where(eq(itemsPresupuesto.presupuestoId, presupuestoId)).orderBy(asc(itemsPresupuesto.id));
}
