// How `npm run backup` asks the running server for a backup instead of opening the
// database itself (with PGlite the data folder belongs to the server's process): the
// server writes DATA_DIR/respaldo-local.json (its address and a random secret), readable
// by the server's owner only (0600); the command sends the secret to POST
// api/respaldos/local, which also only answers calls from this machine.
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";

export const LOCAL_ACCESS_FILE = "respaldo-local.json";

export interface LocalAccess {
  url: string;
  token: string;
}

export function writeLocalBackupAccess(dataDir: string, url: string): string | null {
  if (dataDir.startsWith("memory://")) return null;
  const token = crypto.randomBytes(32).toString("hex");
  fs.mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, LOCAL_ACCESS_FILE);
  fs.rmSync(file, { force: true });
  fs.writeFileSync(file, JSON.stringify({ url, token } satisfies LocalAccess), { mode: 0o600 });
  return token;
}

export function readLocalBackupAccess(dataDir: string): LocalAccess | null {
  try {
    return JSON.parse(fs.readFileSync(path.join(dataDir, LOCAL_ACCESS_FILE), "utf8")) as LocalAccess;
  } catch {
    return null;
  }
}

/** On stop: the file goes if it is still this server's. */
export function removeLocalBackupAccess(dataDir: string, token: string | null): void {
  if (token && readLocalBackupAccess(dataDir)?.token === token) fs.rmSync(path.join(dataDir, LOCAL_ACCESS_FILE), { force: true });
}
