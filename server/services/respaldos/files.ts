// The backups folder (BACKUP_DIR): the .sql.gz files, what is stored beside each one
// (<file>.json: how it went, its verification, BACKUP_COMMAND's outcome), and what a crash
// may have left (*.tmp: never a complete backup, removed on start).
import fs from "node:fs";
import path from "node:path";
import { backupFileDate, type RespaldoRow } from "../../../src/domain/respaldos";
import { fsyncPath } from "./sql-dump";

/** What <file>.json holds. */
export type StoredInfo = Omit<RespaldoRow, "archivo" | "fecha" | "bytes">;

const EMPTY_INFO: StoredInfo = {
  origen: null,
  duracion_ms: null,
  tablas: null,
  filas: null,
  verificacion: "pendiente",
  verificacion_mensaje: null,
  verificacion_ms: null,
  comando: null,
};

/** Every backup in the folder, newest first (a missing folder has none). */
export function listBackups(dir: string): RespaldoRow[] {
  let names: string[];
  try {
    names = fs.readdirSync(dir);
  } catch {
    return [];
  }
  const out: RespaldoRow[] = [];
  for (const archivo of names) {
    const fecha = backupFileDate(archivo);
    if (!fecha) continue;
    let bytes: number;
    try {
      bytes = fs.statSync(path.join(dir, archivo)).size;
    } catch {
      continue; // deleted meanwhile (rotation)
    }
    out.push({ archivo, fecha, bytes, ...readInfo(dir, archivo) });
  }
  return out.sort((a, b) => b.fecha.getTime() - a.fecha.getTime());
}

function readInfo(dir: string, archivo: string): StoredInfo {
  try {
    return { ...EMPTY_INFO, ...(JSON.parse(fs.readFileSync(path.join(dir, `${archivo}.json`), "utf8")) as Partial<StoredInfo>) };
  } catch {
    return EMPTY_INFO;
  }
}

/** Stores <file>.json (through a temporary name, fsynced). */
export function writeInfo(dir: string, archivo: string, info: StoredInfo): void {
  const target = path.join(dir, `${archivo}.json`);
  fs.writeFileSync(`${target}.tmp`, JSON.stringify(info, null, 2));
  fsyncPath(`${target}.tmp`);
  fs.renameSync(`${target}.tmp`, target);
  fsyncPath(dir);
}

export function deleteBackup(dir: string, archivo: string): void {
  fs.rmSync(path.join(dir, archivo), { force: true });
  fs.rmSync(path.join(dir, `${archivo}.json`), { force: true });
}

/** Leftovers of a backup cut short (a crash, kill -9): never complete, so removed. Answers their names. */
export function removeLeftovers(dir: string): string[] {
  let names: string[];
  try {
    names = fs.readdirSync(dir);
  } catch {
    return [];
  }
  const gone = names.filter((n) => n.startsWith("ventanal-") && n.endsWith(".tmp"));
  for (const n of gone) fs.rmSync(path.join(dir, n), { recursive: true, force: true }); // a snapshot is a folder
  return gone;
}

export const MSG_MISMO_DISCO =
  "La carpeta de respaldos está en el mismo disco que los datos: si ese disco falla se pierden ambos. Configure BACKUP_DIR en otro disco o copie los respaldos fuera con BACKUP_COMMAND.";

/**
 * The warning when the backups folder and the data are on one filesystem (same st_dev),
 * else null. `dataDir` null: the data is not on this machine (PostgreSQL elsewhere).
 */
export function sameDiskWarning(backupDir: string, dataDir: string | null): string | null {
  if (!dataDir) return null;
  const devOf = (p: string): number | null => {
    // The folder may not exist yet: its nearest existing parent is where it will be.
    for (let at = path.resolve(p); ; at = path.dirname(at)) {
      try {
        return fs.statSync(at).dev;
      } catch {
        if (path.dirname(at) === at) return null;
      }
    }
  };
  const a = devOf(backupDir);
  const b = devOf(dataDir);
  return a !== null && a === b ? MSG_MISMO_DISCO : null;
}
