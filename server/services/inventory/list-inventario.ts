// GET api/inventario (Stock Actual, sections 2.5, 4 and 9): every product with its
// reserved and available stock, by reserved stock descending then code (section 9);
// reserved stock is the product's stored figure (kept at write time, derived/stock-reservado.ts),
// capped at 10,000 unpaged, or a filtered, sorted, searched page with its total.
// bajo_stock=true keeps "Bajo Stock" rows; stock_actual_gt=0 hides products at 0.
import { asc, desc } from "drizzle-orm";
import { z } from "zod";
import { inventarioRow } from "../../../src/domain/inventory/schemas";
import { rowColumns } from "../../db/columns";
import { materiales } from "../../db/schema";
import { byHumanName, defineList } from "../../lists";
import { bajoStockSql, stockDisponibleSql, stockReservado } from "../derived/stock-reservado";

const trueFalse = (name: string) => z.enum(["true", "false"], { error: `${name}: debe ser true o false` }).transform((v) => v === "true");

export const inventarioColumns = {
  ...rowColumns(materiales, inventarioRow),
  stock_reservado: stockReservado,
  stock_disponible: stockDisponibleSql,
  bajo_stock: bajoStockSql,
};

export const inventarioFields = {
  codigo: { sort: true, filter: ["eq", "in", "like"] },
  producto: { sort: byHumanName(materiales.producto), filter: ["like"] },
  unidad: { sort: true, filter: ["eq"] },
  precio_unitario: { sort: true },
  stock_minimo: { sort: true },
  stock_actual: { sort: true, filter: ["gt", "gte", "lt", "lte", "eq", "ne"] },
  stock_reservado: { sort: true, filter: ["gt", "gte", "lt", "lte"], value: z.coerce.number({ error: "stock_reservado: debe ser un número" }) },
  stock_disponible: { sort: true, filter: ["gt", "gte", "lt", "lte"], value: z.coerce.number({ error: "stock_disponible: debe ser un número" }) },
  bajo_stock: { sort: true, filter: ["eq"], value: trueFalse("bajo_stock") },
} as const;

export const inventarioList = defineList({
  name: "inventario",
  table: materiales,
  row: inventarioRow,
  columns: inventarioColumns,
  fields: inventarioFields,
  search: [materiales.codigo, materiales.producto],
  defaultSort: [desc(stockReservado), asc(materiales.codigo)],
  tieBreaker: materiales.codigo,
  cap: 10_000,
});
