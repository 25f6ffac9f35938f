// Reserved and available stock (design page "Inventory: one ledger, derived figures"):
// what the active works (tracking record with recepcion_final false) still need of a
// product: per quote, its pauta quantity for the code (all categories) less what has
// already left for that quote and code, never below 0; available = current − reserved.
import { and, asc, desc, eq, inArray, not, sql, type SQL } from "drizzle-orm";
import type { ReservaActivaRow } from "../../../src/domain/inventory/schemas";
import type { Db } from "../../db/connect";
import { clientes, pautas, presupuestos, seguimientoObras } from "../../db/schema";

/** What already left for the pauta line's quote and code. */
const salidoPara = (presupuestoId: SQL | unknown, codigo: SQL | unknown) =>
  sql`coalesce((select sum(s.cantidad) from salidas_inventario s where s.presupuesto_id = ${presupuestoId} and s.codigo = ${codigo}), 0)`;

/**
 * stock_reservado of the `materiales` row in the same query (a correlated subquery). The
 * outer column is written qualified by hand: Drizzle leaves a column of the selection
 * unqualified, which inside this subquery would name the pauta's own code.
 */
export const stockReservado: SQL<number> = sql<number>`(select coalesce(sum(greatest(r.need - ${salidoPara(sql.raw("r.presupuesto_id"), sql.raw("r.codigo"))}, 0)), 0)
  from (select p.presupuesto_id, p.codigo, sum(p.cantidad) as need
          from pautas p join seguimiento_obras so on so.presupuesto_id = p.presupuesto_id and not so.recepcion_final
         where p.codigo = "materiales"."codigo"
         group by p.presupuesto_id, p.codigo) r)`.mapWith(Number);

/** stock_disponible = stock_actual − stock_reservado (negative: a shortage). */
export const stockDisponibleSql: SQL<number> = sql<number>`("materiales"."stock_actual" - ${stockReservado})`.mapWith(Number);

/** Bajo Stock: current stock below the minimum. */
export const bajoStockSql: SQL<boolean> = sql<boolean>`("materiales"."stock_actual" < "materiales"."stock_minimo")`.mapWith(Boolean);

const pendiente = sql<number>`greatest(sum(${pautas.cantidad}) - ${salidoPara(pautas.presupuesto_id, pautas.codigo)}, 0)`;

/** The active reservations of the products `codigos` (each work's pending quantity > 0), largest first. */
export async function reservasDe(db: Db, codigos: readonly string[]): Promise<Array<ReservaActivaRow & { codigo: string }>> {
  if (codigos.length === 0) return [];
  return db
    .select({
      codigo: pautas.codigo,
      presupuesto_id: pautas.presupuesto_id,
      cliente_nombre: clientes.nombre,
      numero_presupuesto: presupuestos.numero,
      nombre_obra: presupuestos.nombre_obra,
      cantidad: pendiente.mapWith(Number),
    })
    .from(pautas)
    .innerJoin(seguimientoObras, and(eq(seguimientoObras.presupuesto_id, pautas.presupuesto_id), not(seguimientoObras.recepcion_final)))
    .innerJoin(presupuestos, eq(presupuestos.id, pautas.presupuesto_id))
    .innerJoin(clientes, eq(clientes.id, presupuestos.cliente_id))
    .where(inArray(pautas.codigo, [...codigos]))
    .groupBy(pautas.codigo, pautas.presupuesto_id, clientes.nombre, presupuestos.numero, presupuestos.nombre_obra)
    .having(sql`${pendiente} > 0`)
    .orderBy(asc(pautas.codigo), desc(pendiente), asc(presupuestos.numero));
}
