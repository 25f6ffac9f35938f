// Reads of the RCV imports: the list of past imports (who, when, period, file, counts) and
// one import with a page of its rows (by result, or a search by supplier, RUT or folio).
// A page reads the rows in their place in the import (rcv_filas_orden_uq, or
// rcv_filas_resultado_idx for one group) and keeps the summary stored with the import, so it
// costs what it shows.
import { and, asc, count, desc, eq, or, sql, type SQL } from "drizzle-orm";
import type { RcvResultado } from "../../../src/domain/operations/rcv";
import type { RcvDetalle, RcvImportacionRow } from "../../../src/domain/operations/rcv-schemas";
import type { Db } from "../../db/connect";
import { rcv_filas, rcv_importaciones, usuarios } from "../../db/schema";
import { rcvFilaColumns, rcvImportacionColumns, readImportacion } from "./rcv-row";

/** Past imports, newest first (at most 500: a few a month). */
export async function listRcv(db: Db): Promise<RcvImportacionRow[]> {
  return db
    .select(rcvImportacionColumns)
    .from(rcv_importaciones)
    .leftJoin(usuarios, eq(usuarios.id, rcv_importaciones.creado_por_id))
    .orderBy(desc(rcv_importaciones.id))
    .limit(500);
}

export interface RcvPageQuery {
  resultado?: RcvResultado;
  cambio?: "nueva" | "cambio";
  q?: string;
  _start?: number;
  _end?: number;
}

/** Which rows a page shows: the import's, by result, change or a search by supplier, RUT or folio. */
function rcvWhere(id: number, query: RcvPageQuery): SQL {
  const conds: SQL[] = [eq(rcv_filas.importacion_id, id)];
  if (query.resultado) conds.push(eq(rcv_filas.resultado, query.resultado));
  if (query.cambio) conds.push(eq(rcv_filas.cambio, query.cambio));
  const q = query.q?.trim();
  if (q) {
    const like = `%${q.toLowerCase().replace(/[%_\\]/g, "\\$&")}%`;
    const digits = q.replace(/[^0-9kK]/g, "").toUpperCase();
    const byText = [sql`lower(${rcv_filas.razon_social}) like ${like}`, eq(rcv_filas.folio, q.replace(/^0+(?=\d)/, ""))];
    if (digits.length >= 7) byText.push(sql`upper(regexp_replace(${rcv_filas.rut_proveedor}, '[^0-9kK]', '', 'g')) = ${digits}`);
    conds.push(or(...byText)!);
  }
  return and(...conds)!;
}

/** A page of an import's rows, in the file's order (exported so a test can read its plan). */
export function rcvPage(db: Db, id: number, query: RcvPageQuery) {
  const start = query._start ?? 0;
  const end = Math.max(start, query._end ?? start + 100);
  return db.select(rcvFilaColumns).from(rcv_filas).where(rcvWhere(id, query)).orderBy(asc(rcv_filas.n)).offset(start).limit(end - start);
}

export async function getRcv(db: Db, id: number, query: RcvPageQuery): Promise<RcvDetalle> {
  const where = rcvWhere(id, query);
  // Without a search or a change filter the total is the import's stored count of the group (or of all its rows).
  const counted = query.q?.trim() || query.cambio;
  const [importacion, filas, counts] = await Promise.all([
    readImportacion(db, id),
    rcvPage(db, id, query),
    counted ? db.select({ total: count() }).from(rcv_filas).where(where) : Promise.resolve(null),
  ]);
  const stored: Record<RcvResultado, number> = { coincide: importacion.coinciden, con_diferencias: importacion.con_diferencias, solo_sii: importacion.solo_sii, solo_ventanal: importacion.solo_ventanal };
  const total = counts ? counts[0].total : query.resultado ? stored[query.resultado] : Object.values(stored).reduce((a, b) => a + b, 0);
  return { importacion, filas, total };
}
