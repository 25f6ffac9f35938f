// DELETE api/ot_pautas/{category}/{id}: removes a line of that category (and of the
// quote the screen names, when it does); anything else is 404 and nothing is deleted.
// The audit row keeps what was deleted.
import { eq } from "drizzle-orm";
import type { PautaCategory } from "../../../src/domain/pautas/categories";
import { pautas } from "../../db/schema";
import { write, type ServiceContext } from "../write";
import { lockPauta } from "./pauta-row";

export async function deletePauta(ctx: ServiceContext, category: PautaCategory, id: number, presupuestoId?: number): Promise<void> {
  await write(ctx, async (tx, audit) => {
    const before = await lockPauta(tx, category, id, presupuestoId);
    await tx.delete(pautas).where(eq(pautas.id, id));
    await audit({ entity: pautas, entityId: id, changes: { eliminado: before } });
  });
}
