// The rate limit of the routes anyone may call without a session (api/salud, the local
// backup request): per client address, a fixed window. Kept per app (WeakMap), never per process.
import type { FastifyInstance, FastifyRequest } from "fastify";
import { AppError } from "../../errors";

const WINDOW_MS = 60_000;
export const PUBLIC_PER_MINUTE = 60;
const windows = new WeakMap<FastifyInstance, Map<string, { start: number; count: number }>>();

/** Throws 429 when the address asked more than PUBLIC_PER_MINUTE times this minute. */
export function limitPublic(req: FastifyRequest): void {
  let byIp = windows.get(req.server);
  if (!byIp) windows.set(req.server, (byIp = new Map()));
  const now = Date.now();
  const w = byIp.get(req.ip);
  if (!w || now - w.start >= WINDOW_MS) {
    if (byIp.size > 10_000) for (const [ip, x] of byIp) if (now - x.start >= WINDOW_MS) byIp.delete(ip);
    byIp.set(req.ip, { start: now, count: 1 });
    return;
  }
  w.count++;
  if (w.count > PUBLIC_PER_MINUTE) {
    const wait = Math.ceil((w.start + WINDOW_MS - now) / 1000);
    throw new AppError("too_many_requests", `Demasiadas consultas: espere ${wait} segundos.`, {}, { "retry-after": String(wait) });
  }
}
