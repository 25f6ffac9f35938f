// GET api/presupuestos/id/{id}.
import { eq } from "drizzle-orm";
import type { PresupuestoRow } from "../../../src/domain/sales/schemas";
import type { Db } from "../../db/connect";
import { presupuestos } from "../../db/schema";
import { notFound } from "../../errors";
import { MSG_PRESUPUESTO_NO_EXISTE, selectPresupuesto } from "./presupuesto-row";

export async function getPresupuesto(db: Db, id: number): Promise<PresupuestoRow> {
  const [row] = await selectPresupuesto(db).where(eq(presupuestos.id, id));
  if (!row) throw notFound(MSG_PRESUPUESTO_NO_EXISTE);
  return row;
}
