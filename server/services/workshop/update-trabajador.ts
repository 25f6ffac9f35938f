// PUT api/trabajadores/{id}: a roster row edited in the table (days, extra and delay
// hours, observation, name); a missing period keeps the row's own.
import { eq } from "drizzle-orm";
import type { TrabajadorRow, TrabajadorUpdateData } from "../../../src/domain/workshop/schemas";
import { trabajadores } from "../../db/schema";
import { isUniqueViolation } from "../../errors";
import { changedFields } from "../changes";
import { write, type ServiceContext } from "../write";
import { assertDiasEnPeriodo, assertNombreFree, lockTrabajador, nombreConflict, NOMBRE_UNIQUE, trabajadorColumns, withHours } from "./trabajador-row";

export async function updateTrabajador(ctx: ServiceContext, id: number, data: TrabajadorUpdateData): Promise<TrabajadorRow> {
  let periodo = data.periodo;
  try {
    return await write(ctx, async (tx, audit) => {
      const before = await lockTrabajador(tx, id);
      periodo = data.periodo ?? before.periodo;
      assertDiasEnPeriodo(data.dias_trab, periodo);
      await assertNombreFree(tx, periodo, data.nombre, id);
      const [row] = await tx
        .update(trabajadores)
        .set(withHours({ ...data, periodo }))
        .where(eq(trabajadores.id, id))
        .returning(trabajadorColumns);
      await audit({ entity: trabajadores, entityId: id, changes: changedFields(before, row) });
      return row;
    });
  } catch (err) {
    if (isUniqueViolation(err, NOMBRE_UNIQUE)) throw nombreConflict(periodo ?? "");
    throw err;
  }
}
