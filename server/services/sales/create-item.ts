// POST api/items_presupuesto: one item of an existing quote; UTV recomputed here.
import { eq } from "drizzle-orm";
import { itemsPresupuesto, presupuestos } from "../../db/schema";
import { badRequest, isForeignKeyViolation } from "../../errors";
import { write, type ServiceContext, type Tx } from "../write";
import { ITEM_PRESUPUESTO_FK, itemColumns, itemValues, MSG_PRESUPUESTO_NO_EXISTE_CAMPO, type ItemFields, type ItemRow } from "./item-row";

export const presupuestoUnknown = () => badRequest(MSG_PRESUPUESTO_NO_EXISTE_CAMPO, { presupuesto_id: [MSG_PRESUPUESTO_NO_EXISTE_CAMPO] });

export async function assertPresupuestoExists(tx: Tx, presupuesto_id: number): Promise<void> {
  const [p] = await tx.select({ id: presupuestos.id }).from(presupuestos).where(eq(presupuestos.id, presupuesto_id));
  if (!p) throw presupuestoUnknown();
}

export async function createItem(ctx: ServiceContext, presupuesto_id: number, fields: ItemFields): Promise<ItemRow> {
  try {
    return await write(ctx, async (tx, audit) => {
      await assertPresupuestoExists(tx, presupuesto_id);
      const values = { presupuesto_id, ...itemValues(fields) };
      const [row] = await tx.insert(itemsPresupuesto).values(values).returning(itemColumns);
      await audit({ entity: "items_presupuesto", entityId: row.id, changes: row });
      return row;
    });
  } catch (err) {
    if (isForeignKeyViolation(err, ITEM_PRESUPUESTO_FK)) throw presupuestoUnknown();
    throw err;
  }
}
