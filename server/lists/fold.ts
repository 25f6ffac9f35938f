// Text search that ignores case and accents ("munoz" finds "Muñoz", "jose" finds "José")
// the same way on PGlite and PostgreSQL. PGlite has no `unaccent` extension, so both
// sides of the comparison go through translate() (accented letters → plain ones) and
// lower(); the database's own collation plays no part.
import { sql, type AnyColumn, type SQL } from "drizzle-orm";

const ACCENTED = "ÁÀÂÄÃÉÈÊËÍÌÎÏÓÒÔÖÕÚÙÛÜÑÇáàâäãéèêëíìîïóòôöõúùûüñç";
const PLAIN = "AAAAAEEEEIIIIOOOOOUUUUNCaaaaaeeeeiiiiooooouuuunc";
if ([...ACCENTED].length !== [...PLAIN].length) throw new Error("fold.ts: ACCENTED and PLAIN must pair letter by letter");
const FROM = sql.raw(`'${ACCENTED}'`);
const TO = sql.raw(`'${PLAIN}'`);

/** The text without accents, in lower case. */
export function folded(value: AnyColumn | SQL | string): SQL {
  return sql`lower(translate(${value}, ${FROM}, ${TO}))`;
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** `value` contains `text`, ignoring case and accents (LIKE wildcards in the text are literal). */
export function contains(value: AnyColumn | SQL, text: string): SQL {
  return sql`${folded(value)} like ${folded(`%${escapeLike(text)}%`)}`;
}

/**
 * The expression of `folded(sql)` as plain SQL text, for a column generated from it (a
 * stored folded text: PGlite's translate() costs ~0.4 ms a row, every row a trigram
 * index's recheck reads would pay it at each search).
 */
export function foldedSqlText(expression: string): string {
  return `lower(translate(${expression}, '${ACCENTED}', '${PLAIN}'))`;
}

/** A column that holds `folded(...)` already contains `text` (LIKE wildcards in the text are literal). */
export function foldedContains(foldedColumn: AnyColumn | SQL, text: string): SQL {
  return sql`${foldedColumn} like ${folded(`%${escapeLike(text)}%`)}`;
}

/** `value` equals `text`, ignoring case and accents. */
export function sameText(value: AnyColumn | SQL, text: string): SQL {
  return sql`${folded(value)} = ${folded(text)}`;
}

/**
 * Names sort as people expect (Álvaro beside Alberto, lower and upper case together):
 * the ICU root collation, present in PostgreSQL and PGlite alike; the database default
 * ("C") would put every accented or lower-case name after "Z".
 */
export const byHumanName = (column: AnyColumn | SQL) => sql`${column} collate "und-x-icu"`;
