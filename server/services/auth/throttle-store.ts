// The sign-in throttle's counts in the database (`intentos_ingreso`), shared by every app
// process on it: each check-and-reserve and each result is one short transaction that
// locks the keys' rows in key order (a missing row is inserted first), so two processes
// never both pass the check on the same counts. Rows left with nothing to remember are
// deleted; `purgeLoginAttempts` drops the rest once their window has passed.
import { and, inArray, lt, sql } from "drizzle-orm";
import type { Db } from "../../db/connect";
import { intentos_ingreso } from "../../db/schema";
import { emptyEntry, isEmptyEntry, type ThrottleEntry, type ThrottleStore } from "./throttle";

const t = intentos_ingreso;

export function dbThrottleStore(db: Db): ThrottleStore {
  return {
    async update(keys, change) {
      const sorted = [...new Set(keys)].sort();
      const now = Date.now();
      return db.transaction(async (tx) => {
        await tx
          .insert(t)
          .values(sorted.map((clave) => ({ clave, ultimo_fallo: now })))
          .onConflictDoNothing();
        const rows = await tx.select().from(t).where(inArray(t.clave, sorted)).orderBy(t.clave).for("update");
        const entries = new Map<string, ThrottleEntry>(sorted.map((k) => [k, emptyEntry(now)]));
        for (const r of rows) {
          entries.set(r.clave, { failures: r.fallos, lastFailure: r.ultimo_fallo, blockedUntil: r.bloqueado_hasta, pending: r.en_curso, pendingUntil: r.en_curso_hasta });
        }
        const result = change(entries);
        const empty = [...entries].filter(([, e]) => isEmptyEntry(e, now)).map(([k]) => k);
        const kept = [...entries].filter(([, e]) => !isEmptyEntry(e, now));
        if (empty.length) await tx.delete(t).where(inArray(t.clave, empty));
        if (kept.length) {
          await tx
            .insert(t)
            .values(kept.map(([clave, e]) => ({ clave, fallos: e.failures, ultimo_fallo: e.lastFailure, bloqueado_hasta: e.blockedUntil, en_curso: e.pending, en_curso_hasta: e.pendingUntil })))
            .onConflictDoUpdate({
              target: t.clave,
              set: {
                fallos: sql`excluded.fallos`,
                ultimo_fallo: sql`excluded.ultimo_fallo`,
                bloqueado_hasta: sql`excluded.bloqueado_hasta`,
                en_curso: sql`excluded.en_curso`,
                en_curso_hasta: sql`excluded.en_curso_hasta`,
              },
            });
        }
        return result;
      });
    },
  };
}

/** Drops the counts whose window has passed (run on start and hourly, with the idempotency keys). */
export async function purgeLoginAttempts(db: Db, windowMs: number): Promise<void> {
  const now = Date.now();
  await db.delete(t).where(and(lt(t.ultimo_fallo, now - windowMs), lt(t.bloqueado_hasta, now), lt(t.en_curso_hasta, now)));
}
