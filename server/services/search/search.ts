// GET api/buscar?q=: the top bar's global search. One query for every kind the caller's
// role may read (UNION ALL of one small select per kind, each cut at
// SEARCH_LIMIT_PER_KIND rows), text compared as the lists do (fold.ts: case and accents
// ignored), the record whose name, number or code IS the text first.
import { sql, type SQL } from "drizzle-orm";
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
import { byHumanName, contains, sameText } from "../../lists";

interface KindQuery {
  /** id, titulo and detalle, as text. */
  select: SQL;
  from: SQL;
  where: SQL;
  /** Best first; ends with a unique column. */
  orderBy: SQL;
}

const rutWithoutDots = (rut: SQL | typeof clientes.rut) => sql`replace(${rut}, '.', '')`;
const joined = (...parts: SQL[]) => sql`concat_ws(' · ', ${sql.join(parts, sql`, `)})`;
/** A date column as dd-mm-aaaa, the screens' format. */
const shownDate = (column: SQL | typeof ordenes_compra.fecha) => sql`to_char(${column}, 'DD-MM-YYYY')`;

const KIND_QUERIES: Record<SearchKind, (q: string) => KindQuery> = {
  clientes: (q) => ({
    select: sql`${clientes.id}::text, ${clientes.nombre}, ${clientes.rut}`,
    from: sql`${clientes}`,
    where: sql`(${contains(clientes.nombre, q)} or ${contains(clientes.rut, q)} or ${contains(rutWithoutDots(clientes.rut), q)})`,
    orderBy: sql`${sameText(clientes.nombre, q)} desc, ${byHumanName(clientes.nombre)}, ${clientes.id}`,
  }),
  presupuestos: (q) => ({
    select: sql`${presupuestos.id}::text, 'Presupuesto N° ' || ${presupuestos.numero}, ${joined(sql`${presupuestos.nombre_obra}`, sql`${clientes.nombre}`)}`,
    from: sql`${presupuestos} join ${clientes} on ${clientes.id} = ${presupuestos.cliente_id}`,
    where: sql`(${contains(presupuestos.numero, q)} or ${contains(presupuestos.nombre_obra, q)})`,
    orderBy: sql`${sameText(presupuestos.numero, q)} desc, ${presupuestos.id} desc`,
  }),
  ordenes_compra: (q) => ({
    select: sql`${ordenes_compra.numero_oc}::text, 'OC ' || ${ordenes_compra.numero_oc}, ${joined(sql`${ordenes_compra.proveedor}`, shownDate(sql`${ordenes_compra.fecha}`))}`,
    from: sql`${ordenes_compra}`,
    where: sql`(${contains(sql`${ordenes_compra.numero_oc}::text`, q)} or ${contains(ordenes_compra.proveedor, q)})`,
    orderBy: sql`(${ordenes_compra.numero_oc}::text = ${q}) desc, ${ordenes_compra.numero_oc} desc`,
  }),
  materiales: (q) => ({
    select: sql`${materiales.codigo}, ${materiales.producto}, 'Código ' || ${materiales.codigo}`,
    from: sql`${materiales}`,
    where: sql`(${contains(materiales.codigo, q)} or ${contains(materiales.producto, q)})`,
    orderBy: sql`${sameText(materiales.codigo, q)} desc, ${sameText(materiales.producto, q)} desc, ${byHumanName(materiales.producto)}, ${materiales.codigo}`,
  }),
  proveedores: (q) => ({
    select: sql`${proveedores.id}::text, ${proveedores.proveedor}, ${proveedores.rut}`,
    from: sql`${proveedores}`,
    where: sql`(${contains(proveedores.proveedor, q)} or ${contains(proveedores.rut, q)} or ${contains(rutWithoutDots(proveedores.rut), q)})`,
    orderBy: sql`${sameText(proveedores.proveedor, q)} desc, ${byHumanName(proveedores.proveedor)}, ${proveedores.id}`,
  }),
  facturas_guias: (q) => ({
    select: sql`${facturas_guias.id}::text,
      case when ${facturas_guias.numero_factura} is not null then 'Factura N° ' || ${facturas_guias.numero_factura} else 'Guía N° ' || ${facturas_guias.numero_guia} end,
      ${joined(sql`${facturas_guias.proveedor}`, shownDate(sql`${facturas_guias.fecha}`))}`,
    from: sql`${facturas_guias}`,
    where: sql`(${contains(facturas_guias.numero_factura, q)} or ${contains(facturas_guias.numero_guia, q)})`,
    orderBy: sql`(${facturas_guias.numero_factura} = ${q} or ${facturas_guias.numero_guia} = ${q}) desc, ${facturas_guias.fecha} desc, ${facturas_guias.id} desc`,
  }),
};

interface HitRow extends SearchHit {
  tipo: SearchKind;
}

export async function search(db: Db, role: Role, text: string): Promise<SearchAnswer> {
  const kinds = searchKindsFor(role);
  if (kinds.length === 0) return { grupos: [] };
  const parts = kinds.map((kind, k) => {
    const { select, from, where, orderBy } = KIND_QUERIES[kind](text);
    // row_number over the same order as the LIMIT: the outer query keeps each group's order.
    return sql`(select ${k}::int as k, row_number() over (order by ${orderBy}) as n, ${kind}::text as tipo, ${select}
      from ${from} where ${where} order by ${orderBy} limit ${SEARCH_LIMIT_PER_KIND})`;
  });
  const result = await db.execute<{ tipo: SearchKind; id: string; titulo: string; detalle: string | null }>(
    sql`select tipo, id, titulo, detalle from (${sql.join(parts, sql` union all `)}) as hits(k, n, tipo, id, titulo, detalle) order by k, n`,
  );
  const groups = new Map<SearchKind, HitRow[]>();
  for (const r of result.rows) {
    const list = groups.get(r.tipo) ?? [];
    list.push({ tipo: r.tipo, id: r.id, titulo: r.titulo, detalle: r.detalle || null });
    groups.set(r.tipo, list);
  }
  return {
    grupos: kinds
      .filter((k) => groups.has(k))
      .map((tipo) => ({ tipo, etiqueta: SEARCH_KIND_LABELS[tipo], resultados: groups.get(tipo)!.map(({ id, titulo, detalle }) => ({ id, titulo, detalle })) })),
  };
}
