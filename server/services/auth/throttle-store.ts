// The sign-in throttle's counts in the database (`intentos_ingreso`), shared by every app
// process on it: each check-and-reserve and each result is one short transaction (or a
// part of the caller's: a success's is the session's) that locks the keys' rows in key
// order (a missing row is inserted first), so two processes never both pass the check on
// the same counts. Two statements: lock-and-read, then save. Rows left with nothing to remember are
// deleted; `purgeLoginAttempts` drops the rest once their window has passed.
import { and, lt, sql, type SQL } from "drizzle-orm";
import type { Db } from "../../db/connect";
import type { Tx } from "../write";
import { intentos_ingreso } from "../../db/schema";
import { emptyEntry, isEmptyEntry, type ThrottleEntry, type ThrottleStore } from "./throttle";

const t = intentos_ingreso;

export function dbThrottleStore(db: Db): ThrottleStore {
  return {
    async update(keys, change, inTx) {
      const sorted = [...new Set(keys)].sort();
      const now = Date.now();
      const run = async (tx: Db | Tx) => {
        // Read and lock in one statement: a missing key's row is inserted, an existing one
        // is "updated" to itself, and either way comes back locked (in key order: the rows
        // are written in the order of the values).
        const rows = await tx
          .insert(t)
          .values(sorted.map((clave) => ({ clave, ultimo_fallo: now })))
          .onConflictDoUpdate({ target: t.clave, set: { clave: sql`excluded.clave` } })
          .returning();
        const entries = new Map<string, ThrottleEntry>(sorted.map((k) => [k, emptyEntry(now)]));
        for (const r of rows) {
          entries.set(r.clave, { failures: r.fallos, lastFailure: r.ultimo_fallo, blockedUntil: r.bloqueado_hasta, pending: r.en_curso, pendingUntil: r.en_curso_hasta });
        }
        const result = change(entries);
        await tx.execute(saveSql(entries, now));
        return result;
      };
      // Inside the caller's transaction (e.g. the session's insert): its commit saves the counts.
      return inTx ? run(inTx) : db.transaction(run);
    },
  };
}

/**
 * The entries saved in one statement: the ones with nothing to remember deleted, the others
 * written over their rows.
 */
function saveSql(entries: Map<string, ThrottleEntry>, now: number): SQL {
  const empty = [...entries].filter(([, e]) => isEmptyEntry(e, now)).map(([k]) => k);
  const kept = [...entries].filter(([, e]) => !isEmptyEntry(e, now));
  const col = (f: (e: ThrottleEntry) => number) => sql.param(kept.map(([, e]) => f(e)));
  return sql`with borradas as (delete from intentos_ingreso where clave = any(${sql.param(empty)}::text[]))
    insert into intentos_ingreso (clave, fallos, ultimo_fallo, bloqueado_hasta, en_curso, en_curso_hasta)
    select * from unnest(${sql.param(kept.map(([k]) => k))}::text[], ${col((e) => e.failures)}::int[], ${col((e) => e.lastFailure)}::bigint[], ${col((e) => e.blockedUntil)}::bigint[], ${col((e) => e.pending)}::int[], ${col((e) => e.pendingUntil)}::bigint[])
    on conflict (clave) do update set fallos = excluded.fallos, ultimo_fallo = excluded.ultimo_fallo, bloqueado_hasta = excluded.bloqueado_hasta, en_curso = excluded.en_curso, en_curso_hasta = excluded.en_curso_hasta`;
}

/** Drops the counts whose window has passed (run on start and hourly, with the idempotency keys). */
export async function purgeLoginAttempts(db: Db, windowMs: number): Promise<void> {
  const now = Date.now();
  await db.delete(t).where(and(lt(t.ultimo_fallo, now - windowMs), lt(t.bloqueado_hasta, now), lt(t.en_curso_hasta, now)));
}
