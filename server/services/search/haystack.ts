// What the global search looks in, per kind: the searchable fields joined by chr(1) (a
// character nobody types, so a text never matches across two fields). The search folds
// it with fold.ts's `contains`, and migration 0004 indexes exactly that folded
// expression with pg_trgm (`<table>_busqueda_trgm`): change one, change the other (the
// API test «uses each kind's trigram index» checks they still match).
import { sql, type SQL } from "drizzle-orm";
import type { SearchKind } from "../../../src/domain/search";
import { clientes, facturas_guias, materiales, ordenes_compra, presupuestos, proveedores } from "../../db/schema";

export const HAYSTACKS: Record<SearchKind, SQL> = {
  clientes: sql`coalesce(${clientes.nombre}, '') || chr(1) || coalesce(${clientes.rut}, '') || chr(1) || coalesce(replace(${clientes.rut}, '.', ''), '')`,
  presupuestos: sql`coalesce(${presupuestos.numero}, '') || chr(1) || coalesce(${presupuestos.nombre_obra}, '')`,
  ordenes_compra: sql`${ordenes_compra.numero_oc}::text || chr(1) || coalesce(${ordenes_compra.proveedor}, '')`,
  materiales: sql`coalesce(${materiales.codigo}, '') || chr(1) || coalesce(${materiales.producto}, '')`,
  proveedores: sql`coalesce(${proveedores.proveedor}, '') || chr(1) || coalesce(${proveedores.rut}, '') || chr(1) || coalesce(replace(${proveedores.rut}, '.', ''), '')`,
  facturas_guias: sql`coalesce(${facturas_guias.numero_factura}, '') || chr(1) || coalesce(${facturas_guias.numero_guia}, '')`,
};

/** Trigrams need 3 characters: a shorter text looks only for a number or code equal to it. */
export const MIN_CONTAINS = 3;
