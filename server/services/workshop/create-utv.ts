// POST api/taller/utv: a UTV record (counts, type, comments, value per unit, installer m2
// and installer from the fixed list). Its UTV units and value are derived (production.ts).
import type { UtvData, UtvRow } from "../../../src/domain/workshop/schemas";
import { taller_utv } from "../../db/schema";
import { write, type ServiceContext } from "../write";
import { utvColumns } from "./utv-row";

export async function createUtv(ctx: ServiceContext, data: UtvData): Promise<UtvRow> {
  return write(ctx, async (tx, audit) => {
    const [row] = await tx
      .insert(taller_utv)
      .values({ ...data, creado_por_id: ctx.user?.id ?? null })
      .returning(utvColumns);
    await audit({ entity: taller_utv, entityId: row.id, changes: row });
    return row;
  });
}
