// GET api/reservas_activas/{code}: the active works that still hold the product
// (cliente_nombre, numero_presupuesto, nombre_obra, cantidad), largest first; 404 when
// the product does not exist.
import { eq } from "drizzle-orm";
import { MSG_MATERIAL_NO_ENCONTRADO, type ReservaActivaRow } from "../../../src/domain/inventory/schemas";
import type { Db } from "../../db/connect";
import { materiales } from "../../db/schema";
import { notFound } from "../../errors";
import { cachedList, listKey, type CachedList } from "../../lists/cache";
import { reservasDe } from "../derived/stock-reservado";

export async function getReservasActivas(db: Db, codigo: string): Promise<ReservaActivaRow[]> {
  const [m] = await db.select({ codigo: materiales.codigo }).from(materiales).where(eq(materiales.codigo, codigo));
  if (!m) throw notFound(MSG_MATERIAL_NO_ENCONTRADO);
  const rows = await reservasDe(db, [codigo]);
  return rows.map(({ codigo: _c, ...r }) => r);
}

/** The answer, reused while the tables it read are unchanged (the list cache); a 404 is never kept. */
export function answerReservasActivas(db: Db, codigo: string): Promise<CachedList> {
  return cachedList(db, listKey("reservas_activas", { codigo }), async () => ({ rows: await getReservasActivas(db, codigo), total: null }));
}
