// POST api/trabajadores: a worker on a period's roster; the name is unique within the
// period (409), the hours are computed (days × 9; worked + extra − delay, not below 0).
import type { TrabajadorData } from "../../../src/domain/workshop/fields";
import type { TrabajadorRow } from "../../../src/domain/workshop/schemas";
import { trabajadores } from "../../db/schema";
import { isUniqueViolation } from "../../errors";
import { write, type ServiceContext } from "../write";
import { assertDiasEnPeriodo, assertNombreFree, nombreConflict, NOMBRE_UNIQUE, trabajadorColumns, withHours } from "./trabajador-row";

export async function createTrabajador(ctx: ServiceContext, data: TrabajadorData): Promise<TrabajadorRow> {
  assertDiasEnPeriodo(data.dias_trab, data.periodo);
  try {
    return await write(ctx, async (tx, audit) => {
      await assertNombreFree(tx, data.periodo, data.nombre);
      const [row] = await tx.insert(trabajadores).values(withHours(data)).returning(trabajadorColumns);
      await audit({ entity: trabajadores, entityId: row.id, changes: row });
      return row;
    });
  } catch (err) {
    if (isUniqueViolation(err, NOMBRE_UNIQUE)) throw nombreConflict(data.periodo);
    throw err;
  }
}
