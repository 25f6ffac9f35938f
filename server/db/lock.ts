import fs from "node:fs";
import path from "node:path";

/** One process owns a data directory: a second start refuses instead of corrupting it. */
export function acquireDataDirLock(dataDir: string): () => void {
  fs.mkdirSync(dataDir, { recursive: true });
  const lockFile = path.join(dataDir, "ventanal.lock");
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(lockFile, String(process.pid), { flag: "wx" });
      let released = false;
      return () => {
        if (released) return;
        released = true;
        fs.rmSync(lockFile, { force: true });
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
      const pid = Number(fs.readFileSync(lockFile, "utf8"));
      if (pid && pid !== process.pid && isAlive(pid)) {
        throw new DataDirInUseError(dataDir, pid);
      }
      fs.rmSync(lockFile, { force: true }); // stale lock from a killed process
    }
  }
  throw new Error(`No se pudo bloquear la carpeta de datos ${dataDir}`);
}

export class DataDirInUseError extends Error {
  constructor(dataDir: string, pid: number) {
    super(`La carpeta de datos ${path.resolve(dataDir)} ya está en uso por otro proceso de Ventanal (pid ${pid}). Detenga ese proceso o use otro DATA_DIR.`);
    this.name = "DataDirInUseError";
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === "EPERM";
  }
}
