// POST api/taller/termopanel: a thermal panel line. m2 is computed here from the measures
// (ancho × alto / 1,000,000 × cantidad, 2 decimals: termopanelM2); an m2 sent is ignored.
import type { TermopanelData, TermopanelRow } from "../../../src/domain/workshop/schemas";
import { termopanelM2 } from "../../../src/domain/workshop/production";
import { taller_termopanel } from "../../db/schema";
import { write, type ServiceContext } from "../write";
import { termopanelColumns } from "./termopanel-row";

export async function createTermopanel(ctx: ServiceContext, data: TermopanelData): Promise<TermopanelRow> {
  const m2 = termopanelM2(data);
  return write(ctx, async (tx, audit) => {
    const [row] = await tx
      .insert(taller_termopanel)
      .values({ ...data, m2, creado_por_id: ctx.user?.id ?? null })
      .returning(termopanelColumns);
    await audit({ entity: taller_termopanel, entityId: row.id, changes: row });
    return row;
  });
}
