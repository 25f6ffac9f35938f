// The one way to write: one transaction that also appends the audit row, retried on
// serialization failures and deadlocks (40001, 40P01) with jitter. The audit row names
// the table written (entity) and holds the stored row (create), the changed fields
// (update: changedFields) or { eliminado: row } (delete).
import { getTableName, type Table } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import type { Db } from "../db/connect";
import { auditoria } from "../db/schema";
import { pgCodeOf } from "../errors";
import type { PasswordGuard } from "./usuarios/password-guard";

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
  /** A POST with an Idempotency-Key (server/plugins/idempotency.ts). */
  idempotency?: IdempotentWrite;
  /** The session's token (a user changing their own password keeps this session). */
  token?: string | null;
  /** Hashing a new password: the sign-in's gate and the change limit (services/usuarios/password-guard.ts). */
  passwords?: PasswordGuard;
}

/**
 * The Idempotency-Key of the request, kept by the first write() of the request in its own
 * transaction: `claim` first (a stored or concurrent use of the key throws), `store` last
 * with the value the service returns, which is the route's answer. A service answering
 * with something else than its write()'s value must build that answer inside the write.
 */
export interface IdempotentWrite {
  /** Set once a transaction holding the key has committed (later writes leave it alone). */
  stored: boolean;
  claim(tx: Tx): Promise<void>;
  store(tx: Tx, result: unknown): Promise<void>;
}

export function contextOf(req: FastifyRequest): ServiceContext {
  return {
    db: req.server.database.db,
    user: req.user ?? null,
    route: `${req.method} ${req.routeOptions.url ?? req.url}`,
    idempotency: req.idempotency,
    token: req.token ?? null,
    passwords: req.server.passwordThrottle ? { throttle: req.server.passwordThrottle, ip: req.ip } : undefined,
  };
}

export interface AuditEntry {
  /** The table written (its name is what is recorded); a plain name only for what is no one table's row (the seed). */
  entity: Table | string;
  entityId: string | number | null;
  changes?: unknown;
  /** A child row's parent (an item's quote or order): the parent's «Historial» shows the row. */
  parent?: { entity: Table | string; id: string | number };
}

const tableName = (entity: Table | string) => (typeof entity === "string" ? entity : getTableName(entity));

/** auditoria.registro: the record whose history shows the row. */
function registroOf({ entity, entityId, parent }: AuditEntry): string | null {
  if (parent) return `${tableName(parent.entity)}:${parent.id}`;
  return entityId === null ? null : `${tableName(entity)}:${entityId}`;
}

/** Appends one audit row, or several in one insert (a batch of rows written together). */
export type Audit = (entry: AuditEntry | AuditEntry[]) => Promise<void>;

const RETRYABLE = new Set(["40001", "40P01"]);

export async function write<T>(ctx: ServiceContext, work: (tx: Tx, audit: Audit) => Promise<T>): Promise<T> {
  const key = ctx.idempotency && !ctx.idempotency.stored ? ctx.idempotency : null;
  const result = await retrying(() =>
    ctx.db.transaction(async (tx) => {
      const audit: Audit = async (entries) => {
        const list = Array.isArray(entries) ? entries : [entries];
        if (list.length === 0) return;
        await tx.insert(auditoria).values(
          list.map((entry) => ({
            usuario_id: ctx.user?.id ?? null,
            // The author as they are now: history keeps it (a later rename or deletion changes nothing).
            usuario_nombre: ctx.user?.nombre ?? null,
            usuario_rol: ctx.user?.rol ?? null,
            ruta: ctx.route,
            entidad: tableName(entry.entity),
            entidad_id: entry.entityId === null ? null : String(entry.entityId),
            cambios: entry.changes === undefined ? null : redact(entry.changes),
            registro: registroOf(entry),
          })),
        );
      };
      await key?.claim(tx);
      const done = await work(tx, audit);
      await key?.store(tx, done);
      return done;
    }),
  );
  if (key) key.stored = true;
  return result;
}

/** Runs `work` (a transaction, or one statement) again on serialization failures and deadlocks, with jitter, up to 5 times. */
export async function retrying<T>(work: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
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
