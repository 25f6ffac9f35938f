// The one definition of reserved stock (design page "Inventory: one ledger, derived
// figures"; issue 18 "one definition that runs"). Everything that needs "what the active
// works still hold" reads the view below or the figure kept from it:
//   - obra activa: the quote's tracking record has recepcion_final false (one record per
//     quote, seguimiento_obras_presupuesto_uq);
//   - reservas_obra (a view): per active work and code, what its pautas ask (all
//     categories together) less what has already left for that work and code, never below 0;
//   - materiales.stock_reservado: Σ reservas_obra.pendiente of the code, kept by the
//     triggers of migration 0011_stock_reservado_triggers.sql in the transaction of every
//     write to pautas, salidas_inventario, seguimiento_obras or materiales (a new code);
//     `npm run recompute` checks and rebuilds it from this view
//     (server/services/derived/stock-reservado.ts).
import { sql, type SQL } from "drizzle-orm";
import { integer, pgView, text } from "drizzle-orm/pg-core";
import { quantity } from "./quantity";

/**
 * "Obra activa": the work of quote `presupuestoId` (a column or expression) is still open.
 * A scalar lookup through seguimiento_obras_presupuesto_uq, never turned into a join: the
 * triggers' refresh of a few codes then reads a few tracking rows, not the whole table
 * (a hash join planned without statistics scanned all of it once per code).
 */
export const obraActivaDe = (presupuestoId: SQL | SQL.Aliased | unknown): SQL<boolean> =>
  sql<boolean>`coalesce((select not so.recepcion_final from seguimiento_obras so where so.presupuesto_id = ${presupuestoId}), false)`;

/** Per active work and code: what it still holds (pendiente ≥ 0). */
export const reservasObra = pgView("reservas_obra", {
  presupuesto_id: integer("presupuesto_id").notNull(),
  codigo: text("codigo").notNull(),
  pendiente: quantity("pendiente").notNull(),
}).as(
  sql`select n.presupuesto_id, n.codigo,
  greatest(n.necesita - coalesce((select sum(s.cantidad) from salidas_inventario s where s.presupuesto_id = n.presupuesto_id and s.codigo = n.codigo), 0), 0)::numeric(18,4) as pendiente
from (
  select p.presupuesto_id, p.codigo, sum(p.cantidad) as necesita
  from pautas p
  where ${obraActivaDe(sql`p.presupuesto_id`)}
  group by p.presupuesto_id, p.codigo
) n`,
);
