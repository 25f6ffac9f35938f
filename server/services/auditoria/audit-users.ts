// The users the history's user filter offers: every account, by name (a few dozen rows).
import { asc } from "drizzle-orm";
import type { Db } from "../../db/connect";
import { usuarios } from "../../db/schema";
import { byHumanName } from "../../lists";

export function auditUsers(db: Db): Promise<{ id: number; nombre: string }[]> {
  return db.select({ id: usuarios.id, nombre: usuarios.nombre }).from(usuarios).orderBy(asc(byHumanName(usuarios.nombre)), asc(usuarios.id));
}
