// Search-as-you-type for pickers (a client box, later a material or supplier box): a few
// rows that contain the typed text, the exact match first, so a screen never needs the
// whole list to find one row.
import { and, desc, or, type AnyColumn, type SQL } from "drizzle-orm";
import type { PgTable, SelectedFields } from "drizzle-orm/pg-core";
import type { Db } from "../db/connect";
import { contains, sameText } from "./fold";

/** Rows of one answer at most. */
export const SUGGESTIONS_MAX = 20;

export interface SuggestionSource {
  table: PgTable;
  columns: SelectedFields;
  /** Columns the text is looked for in (contains, ignoring case and accents). */
  match: readonly (AnyColumn | SQL)[];
  /** A row whose `exact` equals the text (ignoring case and accents) comes first. */
  exact: AnyColumn;
  /** Then this order (end it with a unique column). */
  orderBy: readonly SQL[];
  /** Rows the suggestions keep to (e.g. active users). */
  where?: SQL;
}

/** Up to SUGGESTIONS_MAX rows for `text`; empty text gives the first rows in order. */
export async function suggestions<Row>(db: Db, source: SuggestionSource, text: string | undefined): Promise<Row[]> {
  const t = (text ?? "").trim();
  const q = db.select(source.columns).from(source.table).$dynamic();
  if (t === "") return (await q.where(source.where).orderBy(...source.orderBy).limit(SUGGESTIONS_MAX)) as Row[];
  return (await q
    .where(and(source.where, or(...source.match.map((c) => contains(c, t)))))
    .orderBy(desc(sameText(source.exact, t)), ...source.orderBy)
    .limit(SUGGESTIONS_MAX)) as Row[];
}
