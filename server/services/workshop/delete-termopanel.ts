// DELETE api/taller/termopanel/{id}: the screen asks for confirmation first (section 5).
import { eq } from "drizzle-orm";
import { taller_termopanel } from "../../db/schema";
import { notFound } from "../../errors";
import { write, type ServiceContext } from "../write";
import { MSG_TERMOPANEL_NO_EXISTE, termopanelColumns } from "./termopanel-row";

export async function deleteTermopanel(ctx: ServiceContext, id: number): Promise<void> {
  await write(ctx, async (tx, audit) => {
    const [before] = await tx.select(termopanelColumns).from(taller_termopanel).where(eq(taller_termopanel.id, id)).for("update");
    if (!before) throw notFound(MSG_TERMOPANEL_NO_EXISTE);
    await tx.delete(taller_termopanel).where(eq(taller_termopanel.id, id));
    await audit({ entity: taller_termopanel, entityId: id, changes: { eliminado: before } });
  });
}
