// GET api/ajuste_stock: the last adjustment of each product (the screen maps them by
// code), newest first; GET api/ajuste_stock/inventario_join: every product with its
// current stock and the date and comment of its last adjustment (section 2.7).
import { asc, desc, sql } from "drizzle-orm";
import { ajusteRow, inventarioJoinRow } from "../../../src/domain/inventory/schemas";
import { rowColumns } from "../../db/columns";
import { ajustes_stock, materiales } from "../../db/schema";
import { byHumanName, defineList } from "../../lists";

export const ajusteColumns = rowColumns(ajustes_stock, ajusteRow);

export const ultimosAjustesList = defineList({
  name: "ajustes_stock",
  table: ajustes_stock,
  row: ajusteRow,
  where: sql`${ajustes_stock.id} in (select max(a.id) from ajustes_stock a group by a.codigo)`,
  fields: {
    codigo: { sort: true, filter: ["eq", "in"] },
    fecha: { sort: true, filter: ["gte", "lte"] },
    usuario: { filter: ["like"] },
  },
  search: [ajustes_stock.codigo, ajustes_stock.producto, ajustes_stock.comentario],
  defaultSort: [desc(ajustes_stock.id)],
  tieBreaker: ajustes_stock.id,
  cap: 10_000,
});

const ultimo = (column: "fecha" | "comentario") =>
  sql.raw(`(select a.${column} from ajustes_stock a where a.codigo = "materiales"."codigo" order by a.id desc limit 1)`);

export const inventarioJoinList = defineList({
  name: "ajuste_stock/inventario_join",
  table: materiales,
  row: inventarioJoinRow,
  columns: {
    ...rowColumns(materiales, inventarioJoinRow),
    fecha: sql<Date | null>`${ultimo("fecha")}`.mapWith(ajustes_stock.fecha),
    comentario: sql<string | null>`${ultimo("comentario")}`,
  },
  fields: {
    codigo: { sort: true, filter: ["eq", "in", "like"] },
    producto: { sort: byHumanName(materiales.producto), filter: ["like"] },
    stock_actual: { sort: true, filter: ["gt", "gte", "lt", "lte", "eq", "ne"] },
  },
  search: [materiales.codigo, materiales.producto],
  defaultSort: [asc(materiales.codigo)],
  tieBreaker: materiales.codigo,
  cap: 10_000,
});
