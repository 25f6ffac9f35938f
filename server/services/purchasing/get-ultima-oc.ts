// GET api/ultima_oc: the highest order number ({ ultimo }, 0 when there is none); the screen prefills ultimo + 1.
import { sql } from "drizzle-orm";
import type { Db } from "../../db/connect";
import { ordenes_compra } from "../../db/schema";

export async function getUltimaOc(db: Db): Promise<{ ultimo: number }> {
  const [row] = await db.select({ ultimo: sql<number>`coalesce(max(${ordenes_compra.numero_oc}), 0)`.mapWith(Number) }).from(ordenes_compra);
  return { ultimo: row?.ultimo ?? 0 };
}
