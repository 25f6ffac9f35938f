// GET api/buscar?q=: the top bar's global search. One small select for every kind the
// caller's role may read (each cut at SEARCH_LIMIT_PER_KIND rows, in one transaction), text compared as the lists do (fold.ts: case and accents
// ignored) inside each kind's searchable fields (haystack.ts: stored folded, trigram-indexed), the
// record whose name, number or code IS the text first. A text of 1-2 characters finds
// only numbers and codes equal to it.
import { sql, type AnyColumn, type SQL } from "drizzle-orm";
import {
  SEARCH_KIND_LABELS,
  SEARCH_LIMIT_PER_KIND,
  searchKindsFor,
  type SearchAnswer,
  type SearchHit,
  type SearchKind,
} from "../../../src/domain/search";
import type { Role } from "../../../src/domain/roles/roles";
import type { Db } from "../../db/connect";
import { clientes, facturas_guias, materiales, ordenes_compra, presupuestos, proveedores } from "../../db/schema";
import { byHumanName } from "../../lists";
import { foldedContains } from "../../lists/fold";
import { HAYSTACKS, MIN_CONTAINS } from "./haystack";

interface KindQuery {
  /** id, titulo and detalle, as text. */
  select: SQL;
  from: SQL;
  /** The record's key (what the candidate sets hold). */
  key: SQL;
  /**
   * The records whose name, number or code IS the text, in rank order (each through an
   * ordinary index on that expression); empty: no record of this kind can equal this text.
   */
  exact: SQL[];
  /** The order after the exact records: an index's order, ending with a unique column. */
  rest: SQL;
  /** The condition: the searchable fields contain the text, or the short text's own. */
  where: SQL;
  /** The short text's condition is used: a few rows through an ordinary index. */
  short: boolean;
}

/**
 * Past this many matches a text is common in a kind: its first rows in the kind's order are
 * read through the order's index, each compared as it comes, and the read stops at the
 * fifth match (candidateKeys).
 */
export const SEARCH_FEW_MATCHES = 100;

/**
 * The record whose field is the text goes first. Ranking compares in lower case only:
 * folding (translate) every match again just to sort would cost more than the search.
 */
const same = (column: AnyColumn, q: string) => sql`(lower(${column}) = lower(${q}))`;
const joined = (...parts: SQL[]) => sql`concat_ws(' · ', ${sql.join(parts, sql`, `)})`;
/** A date column as dd-mm-aaaa, the screens' format. */
const shownDate = (column: SQL) => sql`to_char(${column}, 'DD-MM-YYYY')`;
/** A text that numero_oc::text can equal: an integer without leading zeros. */
const ocNumber = (q: string) => (/^(0|[1-9]\d{0,8})$/.test(q) ? Number(q) : null);

/**
 * Each kind's select. `short` is the condition for a text under MIN_CONTAINS characters
 * (its number or code equal to the text, through an ordinary index), or null: that kind
 * is not searched with so little text.
 */
const KIND_QUERIES: Record<SearchKind, (q: string) => Omit<KindQuery, "where" | "short"> & { short: SQL | null }> = {
  clientes: (q) => ({
    select: sql`${clientes.id}::text, ${clientes.nombre}, ${clientes.rut}`,
    from: sql`${clientes}`,
    key: sql`${clientes.id}`,
    short: null,
    exact: [same(clientes.nombre, q)],
    rest: sql`${byHumanName(clientes.nombre)}, ${clientes.id}`,
  }),
  presupuestos: (q) => ({
    // The client's name by a subquery: read for the 5 rows kept, not joined to every match.
    select: sql`${presupuestos.id}::text, 'Presupuesto N° ' || ${presupuestos.numero}, ${joined(sql`${presupuestos.nombre_obra}`, sql`(select c.nombre from clientes c where c.id = ${presupuestos.cliente_id})`)}`,
    from: sql`${presupuestos}`,
    key: sql`${presupuestos.id}`,
    short: sql`${presupuestos.numero} = ${q}`,
    exact: [same(presupuestos.numero, q)],
    rest: sql`${presupuestos.id} desc`,
  }),
  ordenes_compra: (q) => {
    const n = ocNumber(q);
    return {
      select: sql`${ordenes_compra.numero_oc}::text, 'OC ' || ${ordenes_compra.numero_oc}, ${joined(sql`${ordenes_compra.proveedor}`, shownDate(sql`${ordenes_compra.fecha}`))}`,
      from: sql`${ordenes_compra}`,
      key: sql`${ordenes_compra.numero_oc}`,
      short: /^\d+$/.test(q) ? sql`${ordenes_compra.numero_oc} = ${Number(q)}` : null,
      exact: n === null ? [] : [sql`(${ordenes_compra.numero_oc} = ${n})`],
      rest: sql`${ordenes_compra.numero_oc} desc`,
    };
  },
  materiales: (q) => ({
    select: sql`${materiales.codigo}, ${materiales.producto}, 'Código ' || ${materiales.codigo}`,
    from: sql`${materiales}`,
    key: sql`${materiales.codigo}`,
    short: sql`${materiales.codigo} in (${q}, ${q.toUpperCase()})`,
    exact: [same(materiales.codigo, q), same(materiales.producto, q)],
    rest: sql`${byHumanName(materiales.producto)}, ${materiales.codigo}`,
  }),
  proveedores: (q) => ({
    select: sql`${proveedores.id}::text, ${proveedores.proveedor}, ${proveedores.rut}`,
    from: sql`${proveedores}`,
    key: sql`${proveedores.id}`,
    short: null,
    exact: [same(proveedores.proveedor, q)],
    rest: sql`${byHumanName(proveedores.proveedor)}, ${proveedores.id}`,
  }),
  facturas_guias: (q) => ({
    select: sql`${facturas_guias.id}::text,
      case when ${facturas_guias.numero_factura} is not null then 'Factura N° ' || ${facturas_guias.numero_factura} else 'Guía N° ' || ${facturas_guias.numero_guia} end,
      ${joined(sql`${facturas_guias.proveedor}`, shownDate(sql`${facturas_guias.fecha}`))}`,
    from: sql`${facturas_guias}`,
    key: sql`${facturas_guias.id}`,
    short: sql`(${facturas_guias.numero_factura} = ${q} or ${facturas_guias.numero_guia} = ${q})`,
    exact: [sql`(${facturas_guias.numero_factura} = ${q} or ${facturas_guias.numero_guia} = ${q})`],
    rest: sql`${facturas_guias.fecha} desc, ${facturas_guias.id} desc`,
  }),
};
/** A kind's folded searchable text. */
type HaystackOf = (kind: SearchKind) => AnyColumn | SQL;
/** The stored column (haystack.ts). */
const stored: HaystackOf = (kind) => HAYSTACKS[kind].column;

/** One kind's select for `q`, or null when the kind is not searched with so short a text. */
function kindQuery(kind: SearchKind, q: string, haystack: HaystackOf): KindQuery | null {
  const { short, ...rest } = KIND_QUERIES[kind](q);
  if ([...q].length >= MIN_CONTAINS) return { ...rest, where: foldedContains(haystack(kind), q), short: false };
  return short ? { ...rest, where: short, short: true } : null;
}

/**
 * The keys of the kind's first SEARCH_LIMIT_PER_KIND records in its order, among a few more
 * (the outer select sorts them again), reading about as many rows as it keeps however big
 * the table and however common the text:
 * - `probe`: the matches through the trigram index, up to SEARCH_FEW_MATCHES + 1 (a bitmap
 *   scan rechecks rows only until the limit). At most SEARCH_FEW_MATCHES: they are all the
 *   matches, and they are the candidates.
 * - More (a common text): the first matches in the kind's order (`rest`), read through that
 *   order's index and compared one by one, stopping at the fifth; plus the records equal to
 *   the text (`exact`, first in the order wherever they are in `rest`), through their own
 *   indexes. A common text matches often, so the ordered read stops soon.
 * The first 5 of the order among these candidates are the first 5 of all the matches.
 */
function candidateKeys({ from, key, exact, rest, where }: KindQuery): SQL {
  const few = sql`(select count(*) <= ${SEARCH_FEW_MATCHES} from probe)`;
  const ordered = sql`select key from (select ${key} as key, ${where} as hit from ${from} order by ${rest} offset 0) as ordered where not ${few} and hit limit ${SEARCH_LIMIT_PER_KIND}`;
  const equal = exact.length
    ? sql` union all (select ${key} from ${from} where (${sql.join(exact, sql` or `)}) and ${where} and not ${few} limit ${SEARCH_LIMIT_PER_KIND * exact.length})`
    : sql``;
  return sql`with probe as materialized (select ${key} as key from ${from} where ${where} limit ${SEARCH_FEW_MATCHES + 1})
    select key from probe where ${few}
    union all (${ordered})${equal}`;
}

/**
 * The statements of a search, one a kind in group order (empty: no kind is searched for this
 * text). One statement each, not one UNION ALL: in a single statement the kinds' gated
 * branches (the InitPlans of candidateKeys) cost PostgreSQL ~4 ms a kind more than apart.
 * `haystack`: each kind's folded text, the stored column (a test passes the expression it is
 * generated from, to compare).
 */
export function searchSql(role: Role, text: string, haystack: HaystackOf = stored): { kind: SearchKind; sql: SQL }[] {
  return searchKindsFor(role).flatMap((kind) => {
    const query = kindQuery(kind, text, haystack);
    if (!query) return [];
    const { select, from, key, exact, rest, where, short } = query;
    const orderBy = sql.join([...exact.map((e) => sql`${e} desc`), rest], sql`, `);
    return [{ kind, sql: sql`select ${select} from ${from} where ${short ? where : sql`${key} in (${candidateKeys(query)})`} order by ${orderBy} limit ${SEARCH_LIMIT_PER_KIND}` }];
  });
}

export async function search(db: Db, role: Role, text: string): Promise<SearchAnswer> {
  const statements = searchSql(role, text);
  if (statements.length === 0) return { grupos: [] };
  // The trigram indexes are always the better way, but the planner would read small tables
  // (2,000 clients) whole, comparing every row. With sequential scans priced out the plan's
  // cost looks huge, and PostgreSQL would spend a second compiling it (JIT): off too, for
  // this transaction only.
  const results = await db.transaction(async (tx) => {
    await tx.execute(sql`select set_config('enable_seqscan', 'off', true), set_config('jit', 'off', true)`);
    const out: { kind: SearchKind; rows: { id: string; titulo: string; detalle: string | null }[] }[] = [];
    for (const s of statements) {
      const r = await tx.execute<{ id: string; titulo: string; detalle: string | null }>(sql`select * from (${s.sql}) as hits(id, titulo, detalle)`);
      out.push({ kind: s.kind, rows: r.rows });
    }
    return out;
  });
  return {
    grupos: results
      .filter((r) => r.rows.length > 0)
      .map(({ kind, rows }) => ({ tipo: kind, etiqueta: SEARCH_KIND_LABELS[kind], resultados: rows.map((r): SearchHit => ({ id: r.id, titulo: r.titulo, detalle: r.detalle || null })) })),
  };
}
