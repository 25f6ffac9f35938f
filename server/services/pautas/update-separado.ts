// PATCH api/stock-reservado/{table}/{id}: the warehouse marks a line as set aside
// ("Separado") or not. {table} is the category or ot_pautas_{category}; a line of
// another category is 404. Setting the value it already has changes nothing (no audit).
import { eq } from "drizzle-orm";
import type { PautaCategory } from "../../../src/domain/pautas/categories";
import type { PautaRow } from "../../../src/domain/pautas/schemas";
import { pautas } from "../../db/schema";
import { changedFields } from "../changes";
import { write, type ServiceContext } from "../write";
import { lockPauta } from "./pauta-row";

export async function updateSeparado(ctx: ServiceContext, category: PautaCategory, id: number, separado: boolean): Promise<PautaRow> {
  return write(ctx, async (tx, audit) => {
    const before = await lockPauta(tx, category, id);
    if (before.separado === separado) return before;
    await tx.update(pautas).set({ separado }).where(eq(pautas.id, id));
    const row = { ...before, separado };
    await audit({ entity: pautas, entityId: id, changes: changedFields(before, row) });
    return row;
  });
}
