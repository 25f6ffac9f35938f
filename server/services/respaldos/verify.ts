// A backup is verified by restoring it into a scratch embedded database (in memory) and
// comparing every table's row count and checksum with those the file carries.
import { Writable } from "node:stream";
import { openDatabase } from "../../db/connect";
import { dumpDatabase, restoreFromFile, summaryInFile, type TableSummary } from "./sql-dump";

export interface Verification {
  ok: boolean;
  mensaje: string;
  tablas: number;
  filas: number;
}

const discard = () => new Writable({ write: (_chunk, _enc, done) => done() });

/** Differences between what the file says and what a restored copy holds (Spanish), none when equal. */
export function differences(expected: TableSummary[], actual: TableSummary[]): string[] {
  const got = new Map(actual.map((t) => [t.table, t]));
  const out: string[] = [];
  for (const e of expected) {
    const a = got.get(e.table);
    if (!a) out.push(`falta la tabla ${e.table}`);
    else if (a.rows !== e.rows) out.push(`${e.table}: ${a.rows} filas, el respaldo dice ${e.rows}`);
    else if (e.checksum && a.checksum !== e.checksum) out.push(`${e.table}: otro contenido (checksum)`);
  }
  return out;
}

export async function verifyBackup(file: string): Promise<Verification> {
  const expected = await summaryInFile(file);
  const filas = expected.reduce((s, t) => s + t.rows, 0);
  if (expected.length === 0 || expected.some((t) => !t.checksum)) return { ok: false, mensaje: "El archivo no trae conteos y checksums por tabla.", tablas: expected.length, filas };
  const scratch = await openDatabase({ dataDir: "memory://" });
  try {
    await restoreFromFile(scratch.pool, file);
    const actual = await dumpDatabase(scratch.pool, discard(), { engine: "pglite" });
    const diff = differences(expected, actual.tables);
    return diff.length
      ? { ok: false, mensaje: `La copia restaurada no coincide: ${diff.slice(0, 5).join("; ")}`, tablas: expected.length, filas }
      : { ok: true, mensaje: `Restaurado en una base de prueba: ${expected.length} tablas y ${filas} filas con los mismos conteos y checksums.`, tablas: expected.length, filas };
  } catch (err) {
    return { ok: false, mensaje: `No se pudo restaurar en una base de prueba: ${(err as Error).message}`, tablas: expected.length, filas };
  } finally {
    await scratch.close();
  }
}
