// PUT api/taller/utv/{id}: the whole record as the form edits it.
import { eq } from "drizzle-orm";
import type { UtvData, UtvRow } from "../../../src/domain/workshop/schemas";
import { taller_utv } from "../../db/schema";
import { changedFields } from "../changes";
import { write, type ServiceContext } from "../write";
import { lockUtv, utvColumns } from "./utv-row";

export async function updateUtv(ctx: ServiceContext, id: number, data: UtvData): Promise<UtvRow> {
  return write(ctx, async (tx, audit) => {
    const before = await lockUtv(tx, id);
    const [row] = await tx.update(taller_utv).set(data).where(eq(taller_utv.id, id)).returning(utvColumns);
    await audit({ entity: taller_utv, entityId: id, changes: changedFields(before, row) });
    return row;
  });
}
