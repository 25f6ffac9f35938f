// Repeated failed logins, per address and per account, are slowed down: after
// FREE_ATTEMPTS failures within the window each further try must wait, doubling up to a
// cap. A success clears the account's count. Never a permanent lock-out.
//
// An attempt is reserved (counted as in flight) in one atomic step with its check, before
// the login reads the user or checks the password: parallel tries cannot all pass the check
// before the first failure is recorded. While under the free attempts, at most the
// remaining free ones may be in flight; past them, one at a time once the wait is over.
// The counts and these rules live in the database (throttle-store.ts), so every app process
// on it counts the same tries; a sign-in sends the reservation with the user's read and the
// success with the session's insert (two statements in all).
import { sql, type SQL } from "drizzle-orm";
import type { Db } from "../../db/connect";
import { prepared } from "../../db/prepared";
import { DEFAULT_THROTTLE, type ThrottleOptions } from "./throttle-options";
import { finishSql, finishValues, reserveSql, reserveValues } from "./throttle-store";

export { DEFAULT_THROTTLE, type ThrottleOptions } from "./throttle-options";

/**
 * An attempt allowed to run: finish it with `fail()`, `succeed()` or `cancel()` (not
 * counted), each one statement, or with `succeedWithin(run)`: `run` sends the success (an
 * SQL expression with placeholders, and their values) inside its own statement (the
 * session's insert); if that statement fails the attempt stays open and can still be
 * cancelled. An attempt is finished once, whatever is called after.
 */
export interface Attempt {
  fail(now?: number): Promise<void>;
  succeed(now?: number): Promise<void>;
  cancel(now?: number): Promise<void>;
  succeedWithin<T>(run: (finish: SQL, values: PlaceholderValues) => Promise<T>, now?: number): Promise<T>;
}

/** The values of an SQL expression's placeholders (`sql.placeholder`). */
export type PlaceholderValues = Record<string, unknown>;

export type Reservation = { attempt: Attempt; waitMs: 0 } | { attempt: null; waitMs: number };

export class LoginThrottle {
  /** The password checks' gate (concurrentHashes, queuedHashes): per process, it bounds this process's CPU and memory. */
  readonly hashes: HashGate;
  /**
   * The check-and-reserve and an attempt's end as SQL expressions with placeholders, the
   * same objects at every call: a statement built around one of them once (the sign-in's)
   * runs with the values handed with it.
   */
  private readonly check: SQL;
  private readonly finish: SQL;
  private readonly reserveStatement: (values: PlaceholderValues) => Promise<{ rows: { espera: number }[] }>;
  private readonly finishStatement: (values: PlaceholderValues) => Promise<unknown>;
  /** `hashes`: share another throttle's gate (password changes wait in the sign-in's). */
  constructor(
    opts: ThrottleOptions,
    db: Db,
    hashes?: HashGate,
  ) {
    this.hashes = hashes ?? new HashGate(opts.concurrentHashes ?? DEFAULT_THROTTLE.concurrentHashes!, opts.queuedHashes ?? DEFAULT_THROTTLE.queuedHashes!);
    this.check = reserveSql(opts);
    this.finish = finishSql(opts);
    this.reserveStatement = prepared<{ espera: number }>(db, sql`select ${this.check} as espera`);
    this.finishStatement = prepared(db, sql`select ${this.finish}`);
  }

  /** Check-and-reserve in one atomic step (one statement): the wait when the caller must wait, otherwise the reserved attempt. */
  async reserve(keys: readonly string[], now = Date.now()): Promise<Reservation> {
    const r = await this.reserveWithin(
      keys,
      async (_check, values) => {
        const { rows } = await this.reserveStatement(values);
        return { waitMs: Number(rows[0].espera), value: null };
      },
      now,
    );
    return r.attempt ? { attempt: r.attempt, waitMs: 0 } : { attempt: null, waitMs: r.waitMs };
  }

  /**
   * The check-and-reserve sent inside the caller's own statement: `check` is an SQL
   * expression (bigint: 0 when the attempt is reserved on every key, else the wait in ms
   * and nothing reserved) that `run` selects exactly once, with `values` for its
   * placeholders; it returns that wait and what else it read.
   */
  async reserveWithin<T>(
    keys: readonly string[],
    run: (check: SQL, values: PlaceholderValues) => Promise<{ waitMs: number; value: T }>,
    now = Date.now(),
  ): Promise<Reservation & { value: T }> {
    const { waitMs, value } = await run(this.check, reserveValues(keys, now));
    return waitMs > 0 ? { attempt: null, waitMs, value } : { attempt: this.attempt(keys), waitMs: 0, value };
  }

  private attempt(keys: readonly string[]): Attempt {
    let done = false;
    // A success clears the account's count, not the address's.
    const cleared = keys.filter((k) => !k.startsWith("ip:"));
    const end = async (failed: boolean, clear: readonly string[], now = Date.now()) => {
      if (done) return;
      done = true;
      await this.finishStatement(finishValues(keys, now, failed, clear));
    };
    return {
      fail: (now) => end(true, [], now),
      succeed: (now) => end(false, cleared, now),
      cancel: (now) => end(false, [], now),
      succeedWithin: async (run, now = Date.now()) => {
        if (done) throw new Error("login attempt already finished");
        const result = await run(this.finish, finishValues(keys, now, false, cleared));
        done = true;
        return result;
      },
    };
  }
}

/**
 * Bounds the password checks (argon2: ~19 MiB and tens of milliseconds each) running at
 * once, with a short queue: a flood of sign-ins cannot occupy the server's threads and
 * memory; past the queue the caller is told to come back (null). A caller that leaves (its
 * client closed the connection: `signal` aborts) gives its place in the queue up at once and
 * its check never starts; a check already started runs to its end.
 */
export class HashGate {
  /** Slots held: checks running, and turns handed to a waiter whose check has not started yet. */
  private running = 0;
  /** The waiters in order; each one, called, is handed a slot. */
  private readonly waiting: (() => void)[] = [];
  constructor(
    private readonly concurrency: number,
    private readonly queue: number,
  ) {}

  /** Slots held and places taken in the queue. */
  get load(): { running: number; waiting: number } {
    return { running: this.running, waiting: this.waiting.length };
  }

  /**
   * Runs `work` when a slot is free; null (without running it) when the queue is full.
   * Rejects with `signal`'s reason, without running `work`, when it aborts before `work`
   * starts (a waiter leaves the queue at that moment).
   */
  async run<T>(work: () => Promise<T>, signal?: AbortSignal): Promise<T | null> {
    signal?.throwIfAborted();
    if (this.running >= this.concurrency) {
      if (this.waiting.length >= this.queue) return null;
      await this.turn(signal); // a slot handed over by the check that ended
    } else this.running += 1;
    try {
      signal?.throwIfAborted(); // aborted after its turn came but before it started: the slot passes on unused
      return await work();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.running -= 1;
    }
  }

  /** Waits in the queue until handed a slot; leaves it (rejecting) if `signal` aborts first. */
  private turn(signal?: AbortSignal): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      const leave = () => {
        this.waiting.splice(this.waiting.indexOf(start), 1);
        reject(signal!.reason);
      };
      const start = () => {
        signal?.removeEventListener("abort", leave);
        resolve();
      };
      this.waiting.push(start);
      signal?.addEventListener("abort", leave, { once: true });
    });
  }
}
