// What the taller_utv services share: the row, messages and the locked lookup of one record.
import { eq } from "drizzle-orm";
import { utvRow, type UtvRow } from "../../../src/domain/workshop/schemas";
import { rowColumns } from "../../db/columns";
import { taller_utv } from "../../db/schema";
import { notFound } from "../../errors";
import type { Tx } from "../write";

export const utvColumns = rowColumns(taller_utv, utvRow);

export const MSG_UTV_NO_EXISTE = "El registro UTV no existe.";

/** The record `id`, locked for the write that follows; 404 when there is none. */
export async function lockUtv(tx: Tx, id: number): Promise<UtvRow> {
  const [row] = await tx.select(utvColumns).from(taller_utv).where(eq(taller_utv.id, id)).for("update");
  if (!row) throw notFound(MSG_UTV_NO_EXISTE);
  return row;
}
