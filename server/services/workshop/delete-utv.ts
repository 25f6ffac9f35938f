// DELETE api/taller/utv/{id}: the screen asks for confirmation first (section 5).
import { eq } from "drizzle-orm";
import { taller_utv } from "../../db/schema";
import { write, type ServiceContext } from "../write";
import { lockUtv } from "./utv-row";

export async function deleteUtv(ctx: ServiceContext, id: number): Promise<void> {
  await write(ctx, async (tx, audit) => {
    const before = await lockUtv(tx, id);
    await tx.delete(taller_utv).where(eq(taller_utv.id, id));
    await audit({ entity: taller_utv, entityId: id, changes: { eliminado: before } });
  });
}
