// Reserved and available stock, and Bajo Stock: the one module that reads them (design page
// "Inventory: one ledger, derived figures"). The definition is the view `reservas_obra`
// (server/db/schema/reservas.ts): per active work and code, what its pautas ask less what
// has already left for it, never below 0. `materiales.stock_reservado` is its sum per code,
// kept by triggers in the transaction of every write that changes it (migration
// 0011_stock_reservado_triggers.sql), so a list sorts a page by it without recomputing
// 5,000 products. Available = current − reserved (negative: a shortage); Bajo Stock =
// current below the minimum: both read the product's own row.
import { asc, desc, eq, gt, inArray, sql, type SQL } from "drizzle-orm";
import type { ReservaActivaRow } from "../../../src/domain/inventory/schemas";
import type { Db } from "../../db/connect";
import { clientes, materiales, presupuestos, reservasObra } from "../../db/schema";
import type { Tx } from "../write";
import type { DerivedDifference, DerivedFigure } from "./types";

export { obraActivaDe } from "../../db/schema";

/** stock_reservado of the product row (kept at write time). */
export const stockReservado = materiales.stock_reservado;

/** stock_disponible = stock_actual − stock_reservado (negative: a shortage). */
export const stockDisponibleSql: SQL<number> = sql<number>`(${materiales.stock_actual} - ${materiales.stock_reservado})`.mapWith(Number);

/** Bajo Stock: current stock below the minimum (sections 4 and 9). */
export const bajoStockSql: SQL<boolean> = sql<boolean>`(${materiales.stock_actual} < ${materiales.stock_minimo})`.mapWith(Boolean);

/** The active reservations of the products `codigos` (each work's pending quantity > 0), largest first. */
export async function reservasDe(db: Db | Tx, codigos: readonly string[]): Promise<Array<ReservaActivaRow & { codigo: string }>> {
  if (codigos.length === 0) return [];
  return db
    .select({
      codigo: reservasObra.codigo,
      presupuesto_id: reservasObra.presupuesto_id,
      cliente_nombre: clientes.nombre,
      numero_presupuesto: presupuestos.numero,
      nombre_obra: presupuestos.nombre_obra,
      cantidad: reservasObra.pendiente,
    })
    .from(reservasObra)
    .innerJoin(presupuestos, eq(presupuestos.id, reservasObra.presupuesto_id))
    .innerJoin(clientes, eq(clientes.id, presupuestos.cliente_id))
    .where(sql`${inArray(reservasObra.codigo, [...codigos])} and ${gt(reservasObra.pendiente, 0)}`)
    .orderBy(asc(reservasObra.codigo), desc(reservasObra.pendiente), asc(presupuestos.numero));
}

/** Per product: the stored figure and the definition's, from scratch (only the rows that differ). */
const differing = sql`
  select m.codigo, m.stock_reservado as stored, coalesce(r.reservado, 0)::numeric(18,4) as expected
  from materiales m
  left join (select codigo, sum(pendiente) as reservado from reservas_obra group by codigo) r on r.codigo = m.codigo
  where m.stock_reservado is distinct from coalesce(r.reservado, 0)`;

/** More differences than this are repaired with one statement over the whole table. */
const BULK = 500;

export const stockReservadoFigure: DerivedFigure = {
  name: "stock_reservado",
  description:
    "Stock reservado por producto (materiales.stock_reservado): lo que las pautas de las obras activas aún piden de cada código, menos lo que ya salió para ellas",
  async recompute(tx, { fix }) {
    const [{ n }] = (await tx.execute<{ n: number | string }>(sql`select count(*)::int as n from materiales`)).rows;
    const rows = (await tx.execute<{ codigo: string; stored: string; expected: string }>(sql`${differing} order by m.codigo`)).rows;
    const differences: DerivedDifference[] = rows.map((r) => ({ key: r.codigo, stored: Number(r.stored), expected: Number(r.expected) }));
    if (fix && differences.length > BULK) {
      // After a bulk load (the seed): one pass over the view for every product, not a
      // lookup per code. The products are locked in code order first, as the triggers' refresh does.
      await tx.execute(sql`select count(*) from (select 1 from materiales order by codigo for update) locked`);
      await tx.execute(sql`update materiales m set stock_reservado = x.expected from (${differing}) x where m.codigo = x.codigo`);
    } else if (fix && differences.length > 0) {
      // The triggers' own refresh: those products locked in code order, then set from the view.
      await tx.execute(sql`select ventanal_refrescar_reservado(array(select json_array_elements_text(${JSON.stringify(rows.map((r) => r.codigo))}::json)))`);
    }
    return { checked: Number(n), differences };
  },
};
