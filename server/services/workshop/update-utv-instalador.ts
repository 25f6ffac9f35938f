// PUT api/taller/utv/{id}/instalador: the installer changed in place in the UTV table
// (one of the fixed six, or none). Only the company's own installs count as installations.
import { eq } from "drizzle-orm";
import type { Instalador } from "../../../src/config/empresa";
import type { UtvRow } from "../../../src/domain/workshop/schemas";
import { taller_utv } from "../../db/schema";
import { changedFields } from "../changes";
import { write, type ServiceContext } from "../write";
import { lockUtv, utvColumns } from "./utv-row";

export async function updateUtvInstalador(ctx: ServiceContext, id: number, instalador: Instalador | null): Promise<UtvRow> {
  return write(ctx, async (tx, audit) => {
    const before = await lockUtv(tx, id);
    const [row] = await tx.update(taller_utv).set({ instalador }).where(eq(taller_utv.id, id)).returning(utvColumns);
    await audit({ entity: taller_utv, entityId: id, changes: changedFields(before, row) });
    return row;
  });
}
