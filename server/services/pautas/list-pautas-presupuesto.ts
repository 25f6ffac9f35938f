// GET api/ot_pautas/{category}?cliente_id=&presupuesto_id=: a quote's lines of one
// category, in the order they were first saved. A quote's own lines ("Ver Pautas
// Cargadas"), so a plain read, like a quote's items. One query: the quote LEFT JOIN its
// lines (no row: unknown quote, or not of that client, 404; one row without a line: []).
import { and, asc, eq } from "drizzle-orm";
import type { PautaCategory } from "../../../src/domain/pautas/categories";
import type { PautaRow } from "../../../src/domain/pautas/schemas";
import type { Db } from "../../db/connect";
import { pautas, presupuestos } from "../../db/schema";
import { notFound } from "../../errors";
import { MSG_PRESUPUESTO_NO_EXISTE, pautaColumns } from "./pauta-row";

export async function listPautasPresupuesto(db: Db, category: PautaCategory, presupuestoId: number, clienteId?: number): Promise<PautaRow[]> {
  const { id, ...line } = pautaColumns;
  const rows = await db
    .select({ quote: presupuestos.id, quoteClient: presupuestos.cliente_id, ...line, id })
    .from(presupuestos)
    .leftJoin(pautas, and(eq(pautas.presupuesto_id, presupuestos.id), eq(pautas.categoria, category)))
    .where(eq(presupuestos.id, presupuestoId))
    .orderBy(asc(pautas.id));
  if (rows.length === 0 || (clienteId !== undefined && rows[0].quoteClient !== clienteId)) throw notFound(MSG_PRESUPUESTO_NO_EXISTE);
  if (rows[0].id === null) return [];
  return rows.map(({ quote: _q, quoteClient: _c, ...row }) => row as PautaRow);
}
