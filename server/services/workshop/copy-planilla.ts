// POST api/trabajadores/copiar?de=YYYY-MM&a=YYYY-MM ("repeat previous month", design
// page): the names of `de` into `a` with every figure at 0 and no observation; names `a`
// already has (ignoring case) are skipped, so copying twice adds nothing. A period
// without workers has nothing to copy: 404.
import { asc, eq } from "drizzle-orm";
import { MSG_PLANILLA_COPIADA } from "../../../src/domain/workshop/messages";
import { periodoLabel } from "../../../src/domain/workshop/periods";
import type { CopiarPlanillaResult } from "../../../src/domain/workshop/schemas";
import { trabajadores } from "../../db/schema";
import { notFound } from "../../errors";
import { write, type ServiceContext } from "../write";

export const MSG_PLANILLA_VACIA = (periodo: string) => `No hay trabajadores en ${periodoLabel(periodo)} para copiar.`;

export async function copyPlanilla(ctx: ServiceContext, de: string, a: string): Promise<CopiarPlanillaResult> {
  return write(ctx, async (tx, audit) => {
    const source = await tx.select({ nombre: trabajadores.nombre }).from(trabajadores).where(eq(trabajadores.periodo, de)).orderBy(asc(trabajadores.id));
    if (source.length === 0) throw notFound(MSG_PLANILLA_VACIA(de));
    const inserted = await tx
      .insert(trabajadores)
      .values(source.map((s) => ({ periodo: a, nombre: s.nombre })))
      .onConflictDoNothing() // the only unique rule: trabajadores_periodo_nombre_uq
      .returning({ id: trabajadores.id, nombre: trabajadores.nombre });
    const result = { message: MSG_PLANILLA_COPIADA(de), de, a, copiados: inserted.length, omitidos: source.length - inserted.length };
    await audit({ entity: trabajadores, entityId: null, changes: { ...result, nombres: inserted.map((r) => r.nombre) } });
    return result;
  });
}
