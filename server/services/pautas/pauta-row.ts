// What the pautas services share: the row (the line's columns, with the quote's number
// and client as they are now: a quote renumbered later shows its new number on its
// lines), messages, the lookup of one line of a category, and the category of a path.
import { and, eq, type SQL } from "drizzle-orm";
import { isPautaCategory, pautaCategoryFromTable, type PautaCategory } from "../../../src/domain/pautas/categories";
import { MSG_CATEGORIA_DESCONOCIDA, pautaRow, type PautaRow } from "../../../src/domain/pautas/schemas";
import { rowColumns } from "../../db/columns";
import type { Db } from "../../db/connect";
import { pautas, presupuestos } from "../../db/schema";
import { notFound } from "../../errors";
import type { Tx } from "../write";

export const pautaColumns = {
  ...rowColumns(pautas, pautaRow),
  cliente_id: presupuestos.cliente_id,
  numero_presupuesto: presupuestos.numero,
};

/** A line's quote (every line has one: required foreign key). */
export const pautaPresupuesto = eq(presupuestos.id, pautas.presupuesto_id);

export const MSG_PAUTA_NO_EXISTE = "La línea de pauta no existe.";
export const MSG_PRESUPUESTO_NO_EXISTE = "El presupuesto no existe.";

/** `{category}` of an ot_pautas path; an unknown one is a path that does not exist (404). */
export function categoryOrNotFound(category: string): PautaCategory {
  if (!isPautaCategory(category)) throw notFound(MSG_CATEGORIA_DESCONOCIDA(category));
  return category;
}

/** `{table}` of PATCH api/stock-reservado/{table}/{id}: the category or ot_pautas_{category}; anything else 404. */
export function tableCategoryOrNotFound(table: string): PautaCategory {
  const category = pautaCategoryFromTable(table);
  if (!category) throw notFound(MSG_CATEGORIA_DESCONOCIDA(table));
  return category;
}

/** A line's rows as the API answers them (inside a transaction or not). */
export function selectPautas(db: Db | Tx) {
  return db.select(pautaColumns).from(pautas).innerJoin(presupuestos, pautaPresupuesto);
}

/**
 * The line `id` of `category`, locked for the write that follows. A line of another
 * category, or of another quote when the screen names the one it shows, is not found
 * (404): an id is only ever addressed through its own category and quote.
 */
export async function lockPauta(tx: Tx, category: PautaCategory, id: number, presupuestoId?: number): Promise<PautaRow> {
  const where: SQL[] = [eq(pautas.id, id), eq(pautas.categoria, category)];
  if (presupuestoId !== undefined) where.push(eq(pautas.presupuesto_id, presupuestoId));
  const [row] = await selectPautas(tx).where(and(...where)).for("update", { of: pautas });
  if (!row) throw notFound(MSG_PAUTA_NO_EXISTE);
  return row;
}
