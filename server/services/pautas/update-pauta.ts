// PUT api/ot_pautas/{category}/{id}: the quantity a line needs, corrected by hand (bars
// for perfiles and refuerzos). The original quantity stays as the list gave it. The line
// must be of that category (and of the quote the screen names, when it does): else 404.
import { eq } from "drizzle-orm";
import type { PautaCategory } from "../../../src/domain/pautas/categories";
import type { PautaRow } from "../../../src/domain/pautas/schemas";
import { pautas } from "../../db/schema";
import { changedFields } from "../changes";
import { write, type ServiceContext } from "../write";
import { lockPauta } from "./pauta-row";

export async function updatePautaCantidad(ctx: ServiceContext, category: PautaCategory, id: number, cantidad: number, presupuestoId?: number): Promise<PautaRow> {
  return write(ctx, async (tx, audit) => {
    const before = await lockPauta(tx, category, id, presupuestoId);
    await tx.update(pautas).set({ cantidad }).where(eq(pautas.id, id));
    const row = { ...before, cantidad };
    await audit({ entity: pautas, entityId: id, changes: changedFields(before, row) });
    return row;
  });
}
