// Repeated failed logins, per address and per account, are slowed down: after
// FREE_ATTEMPTS failures within the window each further try must wait, doubling up to a
// cap. A success clears the account's count. Never a permanent lock-out.
//
// An attempt is reserved (counted as in flight) in one atomic step with its check, before
// the login reads the user or checks the password: parallel tries cannot all pass the check
// before the first failure is recorded. The counts live in the database
// (throttle-store.ts), so every app process on it counts the same tries.
// While under the free attempts, at most the remaining free ones may be in flight; past
// them, one at a time once the wait is over.
import type { Tx } from "../write";

export interface ThrottleOptions {
  freeAttempts: number;
  baseDelayMs: number;
  maxDelayMs: number;
  windowMs: number;
  /** Password checks (argon2) running at once; more wait in a queue. */
  concurrentHashes?: number;
  /** Password checks waiting for a turn; beyond them the login answers 429. */
  queuedHashes?: number;
}

export const DEFAULT_THROTTLE: ThrottleOptions = {
  freeAttempts: 5,
  baseDelayMs: 30_000,
  maxDelayMs: 15 * 60_000,
  windowMs: 15 * 60_000,
  concurrentHashes: 2,
  queuedHashes: 16,
};

/** One key's state (a row of `intentos_ingreso`). */
export interface ThrottleEntry {
  failures: number;
  lastFailure: number;
  blockedUntil: number;
  /** Attempts reserved and not finished yet. */
  pending: number;
  /** After this moment the reserved attempts are forgotten (their process died mid-login). */
  pendingUntil: number;
}

/**
 * Where the entries live. `update` loads the entries of `keys` (a missing one comes empty),
 * lets `change` read and modify them, and saves them, as one atomic step: on the database
 * across every process (rows locked in key order), so parallel sign-ins on two processes
 * see each other's reservations.
 */
export interface ThrottleStore {
  update<T>(keys: readonly string[], change: (entries: Map<string, ThrottleEntry>) => T, tx?: Tx): Promise<T>;
}

/** A reserved attempt lasts at most this long (a login is a password check and two queries). */
const PENDING_TTL_MS = 60_000;

export const emptyEntry = (now: number): ThrottleEntry => ({ failures: 0, lastFailure: now, blockedUntil: 0, pending: 0, pendingUntil: 0 });

/** Nothing to remember: the store may drop it. */
export const isEmptyEntry = (e: ThrottleEntry, now: number): boolean => e.failures === 0 && e.blockedUntil <= now && (e.pending === 0 || e.pendingUntil < now);

/** Entries in this process's memory (unit tests; one process only). */
export function memoryThrottleStore(): ThrottleStore {
  const entries = new Map<string, ThrottleEntry>();
  return {
    async update(keys, change) {
      // No transaction to join: a test's counts are saved at once.
      const some = new Map(keys.map((k) => [k, { ...(entries.get(k) ?? emptyEntry(0)) }]));
      const result = change(some);
      for (const [k, e] of some) {
        if (e.failures === 0 && e.pending === 0 && e.blockedUntil === 0) entries.delete(k);
        else entries.set(k, e);
      }
      return result;
    },
  };
}

/**
 * An attempt allowed to run: finish it with `fail()`, `succeed()` or `cancel()` (not counted).
 * `succeed(now, tx)` saves inside the caller's transaction (the session's insert, one round
 * of statements less): the attempt stays open until that transaction commits, so a
 * rolled-back or retried one can succeed again or be cancelled.
 */
export interface Attempt {
  fail(now?: number): Promise<void>;
  succeed(now?: number, tx?: Tx): Promise<void>;
  cancel(now?: number): Promise<void>;
}

export type Reservation = { attempt: Attempt; waitMs: 0 } | { attempt: null; waitMs: number };

export class LoginThrottle {
  /** The password checks' gate (concurrentHashes, queuedHashes): per process, it bounds this process's CPU and memory. */
  readonly hashes: HashGate;
  constructor(
    private readonly opts: ThrottleOptions,
    private readonly store: ThrottleStore,
  ) {
    this.hashes = new HashGate(opts.concurrentHashes ?? DEFAULT_THROTTLE.concurrentHashes!, opts.queuedHashes ?? DEFAULT_THROTTLE.queuedHashes!);
  }

  /** Milliseconds the caller must still wait (0: may try now). */
  waitMs(keys: string[], now = Date.now()): Promise<number> {
    return this.store.update(keys, (entries) => this.wait(entries, now));
  }

  /**
   * Check-and-reserve in one atomic step: the wait when the caller must wait, otherwise the
   * reserved attempt.
   */
  async reserve(keys: string[], now = Date.now()): Promise<Reservation> {
    const wait = await this.store.update(keys, (entries) => {
      const w = this.wait(entries, now);
      if (w > 0) return w;
      for (const e of entries.values()) {
        e.pending += 1;
        e.pendingUntil = now + PENDING_TTL_MS;
      }
      return 0;
    });
    if (wait > 0) return { attempt: null, waitMs: wait };
    let done = false;
    const finish = (at: number, then: (e: ThrottleEntry, key: string) => void, tx?: Tx) => {
      if (done) return Promise.resolve();
      if (!tx) done = true;
      return this.store.update(
        keys,
        (entries) => {
          for (const [key, e] of entries) {
            this.refresh(e, at);
            e.pending = Math.max(0, e.pending - 1);
            then(e, key);
          }
        },
        tx,
      );
    };
    return {
      waitMs: 0,
      attempt: {
        fail: (at = Date.now()) =>
          finish(at, (e) => {
            e.failures += 1;
            e.lastFailure = at;
            if (e.failures >= this.opts.freeAttempts) e.blockedUntil = at + this.delay(e.failures);
          }),
        // A success clears the account's count, not the address's.
        succeed: (at = Date.now(), tx?: Tx) =>
          finish(
            at,
            (e, key) => {
              if (!key.startsWith("ip:")) Object.assign(e, { failures: 0, blockedUntil: 0 });
            },
            tx,
          ),
        cancel: (at = Date.now()) => finish(at, () => {}),
      },
    };
  }

  private wait(entries: Map<string, ThrottleEntry>, now: number): number {
    let wait = 0;
    for (const e of entries.values()) {
      this.refresh(e, now);
      if (e.blockedUntil > now) wait = Math.max(wait, e.blockedUntil - now);
      else if (e.pending >= Math.max(1, this.opts.freeAttempts - e.failures)) {
        // Every allowed try is in flight: if they all fail, this is the wait they leave.
        wait = Math.max(wait, this.delay(e.failures + e.pending));
      }
    }
    return wait;
  }

  /** The wait left by the n-th failure (0 while within the free attempts). */
  private delay(failures: number): number {
    const over = failures - this.opts.freeAttempts;
    return over < 0 ? 0 : Math.min(this.opts.maxDelayMs, this.opts.baseDelayMs * 2 ** over);
  }

  /** Failures forgotten once the window has passed; reservations of a dead process once expired. */
  private refresh(e: ThrottleEntry, now: number): void {
    if (now - e.lastFailure > this.opts.windowMs && e.blockedUntil <= now) Object.assign(e, { failures: 0, lastFailure: now, blockedUntil: 0 });
    if (e.pending > 0 && e.pendingUntil < now) e.pending = 0;
  }
}

/**
 * Bounds the password checks (argon2: ~19 MiB and tens of milliseconds each) running at
 * once, with a short queue: a flood of sign-ins cannot occupy the server's threads and
 * memory; past the queue the caller is told to come back (null).
 */
export class HashGate {
  private running = 0;
  private waiting: (() => void)[] = [];
  constructor(
    private readonly concurrency: number,
    private readonly queue: number,
  ) {}

  /** Runs `work` when a slot is free; null (without running it) when the queue is full. */
  async run<T>(work: () => Promise<T>): Promise<T | null> {
    if (this.running >= this.concurrency) {
      if (this.waiting.length >= this.queue) return null;
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else this.running += 1;
    try {
      return await work();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.running -= 1;
    }
  }
}
