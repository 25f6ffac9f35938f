// GET api/ot_pautas/{category}?cliente_id=&presupuesto_id=: a quote's lines of one
// category, in the order they were first saved. A quote's own lines ("Ver Pautas
// Cargadas"), so a plain read, like a quote's items. The quote and the client are
// filters of a list: an unknown quote, or a quote of another client, matches no line
// and answers [] (never 404).
import { and, asc, eq, type SQL } from "drizzle-orm";
import type { PautaCategory } from "../../../src/domain/pautas/categories";
import type { PautaRow } from "../../../src/domain/pautas/schemas";
import type { Db } from "../../db/connect";
import { pautas, presupuestos } from "../../db/schema";
import { pautaColumns } from "./pauta-row";

export async function listPautasPresupuesto(db: Db, category: PautaCategory, presupuestoId: number, clienteId?: number): Promise<PautaRow[]> {
  const conds: SQL[] = [eq(pautas.presupuesto_id, presupuestoId), eq(pautas.categoria, category)];
  // The quote's client as it is now (the lines' copy follows it on every save).
  if (clienteId !== undefined) conds.push(eq(presupuestos.cliente_id, clienteId));
  return db
    .select(pautaColumns)
    .from(pautas)
    .innerJoin(presupuestos, eq(presupuestos.id, pautas.presupuesto_id))
    .where(and(...conds))
    .orderBy(asc(pautas.id));
}
