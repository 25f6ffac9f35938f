// The one way to write: one transaction that also appends the audit row, retried on
// serialization failures and deadlocks (40001, 40P01) with jitter. The audit row names
// the table written (entity) and holds the stored row (create), the changed fields
// (update: changedFields) or { eliminado: row } (delete).
import { getTableName, type Table } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import type { Db } from "../db/connect";
import { auditoria } from "../db/schema";
import { pgCodeOf } from "../errors";

export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

export interface Actor {
  id: number;
  nombre: string;
  correo: string;
  rol: string;
}

/** Who acts and through which route: what every service needs. */
export interface ServiceContext {
  db: Db;
  user: Actor | null;
  route: string;
}

export function contextOf(req: FastifyRequest): ServiceContext {
  return { db: req.server.database.db, user: req.user ?? null, route: `${req.method} ${req.routeOptions.url ?? req.url}` };
}

export interface AuditEntry {
  /** The table written (its name is what is recorded); a plain name only for what is no one table's row (the seed). */
  entity: Table | string;
  entityId: string | number | null;
  changes?: unknown;
}

export type Audit = (entry: AuditEntry) => Promise<void>;

const RETRYABLE = new Set(["40001", "40P01"]);

export async function write<T>(ctx: ServiceContext, work: (tx: Tx, audit: Audit) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await ctx.db.transaction(async (tx) => {
        const audit: Audit = async ({ entity, entityId, changes }) => {
          await tx.insert(auditoria).values({
            usuario_id: ctx.user?.id ?? null,
            ruta: ctx.route,
            entidad: typeof entity === "string" ? entity : getTableName(entity),
            entidad_id: entityId === null ? null : String(entityId),
            cambios: changes === undefined ? null : redact(changes),
          });
        };
        return work(tx, audit);
      });
    } catch (err) {
      const code = pgCodeOf(err);
      if (attempt < 5 && code && RETRYABLE.has(code)) {
        await new Promise((r) => setTimeout(r, 10 * attempt + Math.random() * 40));
        continue;
      }
      throw err;
    }
  }
}

/** Audit rows never hold secrets. */
function redact(changes: unknown): unknown {
  if (!changes || typeof changes !== "object" || Array.isArray(changes)) return changes;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(changes)) {
    out[k] = /contrasena|password|token/i.test(k) ? "[oculto]" : v;
  }
  return out;
}
