// GET api/items_presupuesto/presupuesto/{quoteId}: the quote's items in entry order.
// One query: the quote LEFT JOIN its items (no row: unknown quote, 404; one row without
// an item: a quote without items, []).
import { asc, eq } from "drizzle-orm";
import type { ItemPresupuestoRow } from "../../../src/domain/sales/schemas";
import type { Db } from "../../db/connect";
import { itemsPresupuesto, presupuestos } from "../../db/schema";
import { notFound } from "../../errors";
import { itemColumns } from "./item-row";
import { MSG_PRESUPUESTO_NO_EXISTE } from "./presupuesto-row";

export async function listItems(db: Db, presupuestoId: number): Promise<ItemPresupuestoRow[]> {
  const rows = await db
    .select({ quote: presupuestos.id, ...itemColumns })
    .from(presupuestos)
    .leftJoin(itemsPresupuesto, eq(itemsPresupuesto.presupuesto_id, presupuestos.id))
    .where(eq(presupuestos.id, presupuestoId))
    .orderBy(asc(itemsPresupuesto.id));
  if (rows.length === 0) throw notFound(MSG_PRESUPUESTO_NO_EXISTE);
  if (rows[0].id === null) return [];
  return rows.map(({ quote: _q, ...item }) => item as ItemPresupuestoRow);
}
