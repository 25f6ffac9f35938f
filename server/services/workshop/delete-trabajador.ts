// DELETE api/trabajadores/{id}: no role check beyond the section (specification section 6).
import { eq } from "drizzle-orm";
import { trabajadores } from "../../db/schema";
import { write, type ServiceContext } from "../write";
import { lockTrabajador } from "./trabajador-row";

export async function deleteTrabajador(ctx: ServiceContext, id: number): Promise<void> {
  await write(ctx, async (tx, audit) => {
    const before = await lockTrabajador(tx, id);
    await tx.delete(trabajadores).where(eq(trabajadores.id, id));
    await audit({ entity: trabajadores, entityId: id, changes: { eliminado: before } });
  });
}
