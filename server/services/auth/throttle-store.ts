// The sign-in throttle's side in the database (`intentos_ingreso`, shared by every app
// process on it): its rules are the functions of migration login_throttle_functions, each
// called as one SQL expression. The check-and-reserve and an attempt's end take every
// key's row (a missing one inserted first) and lock them in key order, so two sign-ins on
// the same keys, on any process, take turns; each runs inside the statement that sends it
// (the user's read, the session's insert), in that statement's transaction. Rows are kept
// when nothing is left to remember (an update of a kept row is cheaper than an insert and
// a delete at every sign-in): `purgeLoginAttempts` drops them once their window has passed.
import { and, lt, sql, type SQL } from "drizzle-orm";
import type { Db } from "../../db/connect";
import { intentos_ingreso } from "../../db/schema";
import type { ThrottleOptions } from "./throttle-options";

const t = intentos_ingreso;

/** A reserved attempt lasts at most this long (a sign-in is two statements and a password check). */
export const PENDING_TTL_MS = 60_000;

const keys = (placeholder: string) => sql`${sql.placeholder(placeholder)}::text[]`;

/**
 * Check-and-reserve (bigint): 0 when the attempt is reserved on every key, else the wait in
 * ms (nothing reserved). Its values are placeholders (`reserveValues`), so a statement
 * built around it once runs at every sign-in with new values.
 */
export function reserveSql(o: ThrottleOptions): SQL {
  return sql`ventanal_ingreso_reservar(${keys("claves")}, ${sql.placeholder("ahora")}::bigint, ${o.freeAttempts}::int, ${o.baseDelayMs}::bigint, ${o.maxDelayMs}::bigint, ${o.windowMs}::bigint, ${PENDING_TTL_MS}::bigint)`;
}
export const reserveValues = (claves: readonly string[], now: number) => ({ claves: [...claves], ahora: now });

/**
 * A reserved attempt's end (void): no longer in flight on every key, and a failure counted
 * on every key (`failed`) or the failures of `cleared` forgotten (a success: the account's
 * keys); a cancelled attempt is neither. Its values are placeholders (`finishValues`).
 */
export function finishSql(o: ThrottleOptions): SQL {
  return sql`ventanal_ingreso_terminar(${keys("claves")}, ${sql.placeholder("ahora")}::bigint, ${sql.placeholder("fallido")}, ${keys("limpiar")}, ${o.freeAttempts}::int, ${o.baseDelayMs}::bigint, ${o.maxDelayMs}::bigint, ${o.windowMs}::bigint)`;
}
export const finishValues = (claves: readonly string[], now: number, failed: boolean, cleared: readonly string[]) => ({
  claves: [...claves],
  ahora: now,
  fallido: failed,
  limpiar: [...cleared],
});

/** Drops the counts whose window has passed (run on start and hourly, with the idempotency keys). */
export async function purgeLoginAttempts(db: Db, windowMs: number): Promise<void> {
  const now = Date.now();
  await db.delete(t).where(and(lt(t.ultimo_fallo, now - windowMs), lt(t.bloqueado_hasta, now), lt(t.en_curso_hasta, now)));
}
