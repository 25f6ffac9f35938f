// GET api/buscar?q=: the top bar's global search. One query for every kind the caller's
// role may read (UNION ALL of one small select per kind, each cut at
// SEARCH_LIMIT_PER_KIND rows), text compared as the lists do (fold.ts: case and accents
// ignored) inside each kind's searchable fields (haystack.ts, trigram-indexed), the
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
import { byHumanName, contains } from "../../lists";
import { HAYSTACKS, MIN_CONTAINS } from "./haystack";

interface KindQuery {
  /** id, titulo and detalle, as text. */
  select: SQL;
  from: SQL;
  where: SQL;
  /** Best first; ends with a unique column. */
  orderBy: SQL;
}

/**
 * The record whose field is the text goes first. Ranking compares in lower case only:
 * folding (translate) every match again just to sort would cost more than the search.
 */
const same = (column: AnyColumn, q: string) => sql`(lower(${column}) = lower(${q}))`;
const joined = (...parts: SQL[]) => sql`concat_ws(' · ', ${sql.join(parts, sql`, `)})`;
/** A date column as dd-mm-aaaa, the screens' format. */
const shownDate = (column: SQL) => sql`to_char(${column}, 'DD-MM-YYYY')`;

/**
 * Each kind's select. `short` is the condition for a text under MIN_CONTAINS characters
 * (its number or code equal to the text, through an ordinary index), or null: that kind
 * is not searched with so little text.
 */
const KIND_QUERIES: Record<SearchKind, (q: string) => Omit<KindQuery, "where"> & { short: SQL | null }> = {
  clientes: (q) => ({
    select: sql`${clientes.id}::text, ${clientes.nombre}, ${clientes.rut}`,
    from: sql`${clientes}`,
    short: null,
    orderBy: sql`${same(clientes.nombre, q)} desc, ${byHumanName(clientes.nombre)}, ${clientes.id}`,
  }),
  presupuestos: (q) => ({
    // The client's name by a subquery: read for the 5 rows kept, not joined to every match.
    select: sql`${presupuestos.id}::text, 'Presupuesto N° ' || ${presupuestos.numero}, ${joined(sql`${presupuestos.nombre_obra}`, sql`(select c.nombre from clientes c where c.id = ${presupuestos.cliente_id})`)}`,
    from: sql`${presupuestos}`,
    short: sql`${presupuestos.numero} = ${q}`,
    orderBy: sql`${same(presupuestos.numero, q)} desc, ${presupuestos.id} desc`,
  }),
  ordenes_compra: (q) => ({
    select: sql`${ordenes_compra.numero_oc}::text, 'OC ' || ${ordenes_compra.numero_oc}, ${joined(sql`${ordenes_compra.proveedor}`, shownDate(sql`${ordenes_compra.fecha}`))}`,
    from: sql`${ordenes_compra}`,
    short: /^\d+$/.test(q) ? sql`${ordenes_compra.numero_oc} = ${Number(q)}` : null,
    orderBy: sql`(${ordenes_compra.numero_oc}::text = ${q}) desc, ${ordenes_compra.numero_oc} desc`,
  }),
  materiales: (q) => ({
    select: sql`${materiales.codigo}, ${materiales.producto}, 'Código ' || ${materiales.codigo}`,
    from: sql`${materiales}`,
    short: sql`${materiales.codigo} in (${q}, ${q.toUpperCase()})`,
    orderBy: sql`${same(materiales.codigo, q)} desc, ${same(materiales.producto, q)} desc, ${byHumanName(materiales.producto)}, ${materiales.codigo}`,
  }),
  proveedores: (q) => ({
    select: sql`${proveedores.id}::text, ${proveedores.proveedor}, ${proveedores.rut}`,
    from: sql`${proveedores}`,
    short: null,
    orderBy: sql`${same(proveedores.proveedor, q)} desc, ${byHumanName(proveedores.proveedor)}, ${proveedores.id}`,
  }),
  facturas_guias: (q) => ({
    select: sql`${facturas_guias.id}::text,
      case when ${facturas_guias.numero_factura} is not null then 'Factura N° ' || ${facturas_guias.numero_factura} else 'Guía N° ' || ${facturas_guias.numero_guia} end,
      ${joined(sql`${facturas_guias.proveedor}`, shownDate(sql`${facturas_guias.fecha}`))}`,
    from: sql`${facturas_guias}`,
    short: sql`(${facturas_guias.numero_factura} = ${q} or ${facturas_guias.numero_guia} = ${q})`,
    orderBy: sql`(${facturas_guias.numero_factura} = ${q} or ${facturas_guias.numero_guia} = ${q}) desc, ${facturas_guias.fecha} desc, ${facturas_guias.id} desc`,
  }),
};

/** One kind's select for `q`, or null when the kind is not searched with so short a text. */
function kindQuery(kind: SearchKind, q: string): KindQuery | null {
  const { short, ...rest } = KIND_QUERIES[kind](q);
  if ([...q].length >= MIN_CONTAINS) return { ...rest, where: contains(HAYSTACKS[kind], q) };
  return short ? { ...rest, where: short } : null;
}

/** The one query of a search (null: no kind is searched for this text). */
export function searchSql(role: Role, text: string): SQL | null {
  const queries = searchKindsFor(role).flatMap((kind, k) => {
    const query = kindQuery(kind, text);
    return query ? [{ kind, k, query }] : [];
  });
  if (queries.length === 0) return null;
  const parts = queries.map(({ kind, k, query: { select, from, where, orderBy } }) => {
    // row_number over the same order as the LIMIT: the outer query keeps each group's order.
    return sql`(select ${k}::int as k, row_number() over (order by ${orderBy}) as n, ${kind}::text as tipo, ${select}
      from ${from} where ${where} order by ${orderBy} limit ${SEARCH_LIMIT_PER_KIND})`;
  });
  return sql`select tipo, id, titulo, detalle from (${sql.join(parts, sql` union all `)}) as hits(k, n, tipo, id, titulo, detalle) order by k, n`;
}

export async function search(db: Db, role: Role, text: string): Promise<SearchAnswer> {
  const union = searchSql(role, text);
  if (!union) return { grupos: [] };
  // The planner prices translate() like an addition and would read small tables (2,000
  // clients) folding every row, ~25 µs each; the trigram indexes are always the better
  // way. With sequential scans priced out the plan's cost looks huge, and PostgreSQL would
  // spend a second compiling it (JIT): off too, for this transaction only.
  const result = await db.transaction(async (tx) => {
    await tx.execute(sql`select set_config('enable_seqscan', 'off', true), set_config('jit', 'off', true)`);
    return tx.execute<{ tipo: SearchKind; id: string; titulo: string; detalle: string | null }>(union);
  });
  const groups = new Map<SearchKind, SearchHit[]>();
  for (const r of result.rows) {
    const list = groups.get(r.tipo) ?? [];
    list.push({ id: r.id, titulo: r.titulo, detalle: r.detalle || null });
    groups.set(r.tipo, list);
  }
  return {
    grupos: searchKindsFor(role)
      .filter((k) => groups.has(k))
      .map((tipo) => ({ tipo, etiqueta: SEARCH_KIND_LABELS[tipo], resultados: groups.get(tipo)! })),
  };
}
