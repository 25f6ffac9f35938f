// GET api/faltantes (issue 10, "Faltantes"): products whose available stock (current −
// reserved) is below 0 or below the minimum, each with what the works need beyond
// stock (para_obras), what to buy to reach the minimum again (a_comprar, the domain's
// stockShortage) and the works that hold it. Purchasing turns this into orders. Most
// short first (available ascending); paged like every list.
import { asc, or, sql } from "drizzle-orm";
import { stockShortage } from "../../../src/domain/inventory/stock";
import { faltanteRow, inventarioRow, type FaltanteRow, type InventarioRow } from "../../../src/domain/inventory/schemas";
import type { Db } from "../../db/connect";
import { materiales } from "../../db/schema";
import { defineList, type ListQuery, type ListResult } from "../../lists";
import { cachedList, listKey, type CachedList } from "../../lists/cache";
import { inventarioColumns, inventarioFields } from "./list-inventario";
import { reservasDe, stockDisponibleSql } from "../derived/stock-reservado";

/** A shortage: available below 0 or below the minimum (the predicate of index materiales_faltantes_idx). */
export const faltanteSql = or(sql`${stockDisponibleSql} < 0`, sql`${stockDisponibleSql} < ${materiales.stock_minimo}`)!;

export const faltantesList = defineList({
  name: "faltantes",
  table: materiales,
  row: inventarioRow,
  columns: inventarioColumns,
  where: faltanteSql,
  fields: inventarioFields,
  search: [materiales.codigo, materiales.producto],
  defaultSort: [asc(stockDisponibleSql), asc(materiales.codigo)],
  tieBreaker: materiales.codigo,
  cap: 5_000,
});

export { faltanteRow };

async function readFaltantes(db: Db, query: ListQuery): Promise<ListResult<FaltanteRow>> {
  const { rows, ...total } = await faltantesList.read(db, query);
  const products = rows as InventarioRow[];
  const reservas = await reservasDe(
    db,
    products.map((p) => p.codigo),
  );
  const byCode = new Map<string, FaltanteRow["obras"]>(products.map((p) => [p.codigo, []]));
  for (const { codigo, ...r } of reservas) byCode.get(codigo)?.push(r);
  return {
    rows: products.map((p) => {
      const s = stockShortage(p);
      return { ...p, para_obras: s?.para_obras ?? 0, a_comprar: s?.a_comprar ?? 0, obras: byCode.get(p.codigo) ?? [] };
    }),
    ...total,
  };
}

export function answerFaltantes(db: Db, query: ListQuery): Promise<CachedList> {
  return cachedList(db, listKey(faltantesList.name, query), () => readFaltantes(db, query));
}
