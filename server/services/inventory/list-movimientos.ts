// GET api/materiales/{code}/movimientos (the kardex): one product's movements, newest
// first by default, each with the balance it left and who made it; paged like every list.
// The route puts the path's code in the query (codigo), so the cache keys per product.
import { desc, eq, sql } from "drizzle-orm";
import { movimientoRow } from "../../../src/domain/inventory/schemas";
import { rowColumns } from "../../db/columns";
import type { Db } from "../../db/connect";
import { materiales, movimientos_stock, usuarios } from "../../db/schema";
import { notFound } from "../../errors";
import { defineList } from "../../lists";
import { MSG_MATERIAL_NO_ENCONTRADO } from "../../../src/domain/inventory/schemas";

export const movimientosList = defineList({
  name: "movimientos_stock",
  table: movimientos_stock,
  row: movimientoRow,
  columns: {
    ...rowColumns(movimientos_stock, movimientoRow),
    usuario_nombre: sql<string | null>`(select ${usuarios.nombre} from ${usuarios} where ${usuarios.id} = ${movimientos_stock.usuario_id})`,
  },
  fields: {
    id: { sort: true },
    fecha: { sort: true, filter: ["gte", "lte"] },
    codigo: { filter: ["eq"] },
    tipo: { sort: true, filter: ["eq", "in"] },
    cantidad: { sort: true },
    saldo: { sort: true },
  },
  search: [movimientos_stock.documento],
  defaultSort: [desc(movimientos_stock.id)],
  tieBreaker: movimientos_stock.id,
  cap: 20_000,
});

export async function assertMaterialExists(db: Db, codigo: string): Promise<void> {
  const [m] = await db.select({ codigo: materiales.codigo }).from(materiales).where(eq(materiales.codigo, codigo));
  if (!m) throw notFound(MSG_MATERIAL_NO_ENCONTRADO);
}
