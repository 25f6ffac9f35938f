// Repeated failed logins, per address and per account, are slowed down: after
// FREE_ATTEMPTS failures within the window each further try must wait, doubling up to a
// cap. A success clears the account's count. Never a permanent lock-out.
//
// An attempt is reserved (counted as in flight) synchronously, before the login does any
// await: parallel tries cannot all pass the check before the first failure is recorded.
// While under the free attempts, at most the remaining free ones may be in flight; past
// them, one at a time once the wait is over.
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

interface Entry {
  failures: number;
  lastFailure: number;
  blockedUntil: number;
  /** Attempts reserved and not finished yet. */
  pending: number;
}

/** An attempt allowed to run: finish it with `fail()`, `succeed()` or `cancel()` (not counted). */
export interface Attempt {
  fail(now?: number): void;
  succeed(): void;
  cancel(): void;
}

export class LoginThrottle {
  private entries = new Map<string, Entry>();
  /** The password checks' gate (concurrentHashes, queuedHashes). */
  readonly hashes: HashGate;
  constructor(private readonly opts: ThrottleOptions = DEFAULT_THROTTLE) {
    this.hashes = new HashGate(opts.concurrentHashes ?? DEFAULT_THROTTLE.concurrentHashes!, opts.queuedHashes ?? DEFAULT_THROTTLE.queuedHashes!);
  }

  /** Milliseconds the caller must still wait (0: may try now). */
  waitMs(keys: string[], now = Date.now()): number {
    let wait = 0;
    for (const key of keys) {
      const e = this.live(key, now);
      if (!e) continue;
      if (e.blockedUntil > now) wait = Math.max(wait, e.blockedUntil - now);
      else if (e.pending >= Math.max(1, this.opts.freeAttempts - e.failures)) {
        // Every allowed try is in flight: if they all fail, this is the wait they leave.
        wait = Math.max(wait, this.delay(e.failures + e.pending));
      }
    }
    return wait;
  }

  /**
   * Synchronous check-and-reserve: null when the caller must wait (see waitMs), otherwise
   * the reserved attempt.
   */
  reserve(keys: string[], now = Date.now()): Attempt | null {
    if (this.waitMs(keys, now) > 0) return null;
    for (const key of keys) {
      const e = this.live(key, now) ?? { failures: 0, lastFailure: now, blockedUntil: 0, pending: 0 };
      e.pending += 1;
      this.entries.set(key, e);
    }
    let done = false;
    const release = () => {
      if (done) return false;
      done = true;
      for (const key of keys) {
        const e = this.entries.get(key);
        if (e) e.pending = Math.max(0, e.pending - 1);
      }
      return true;
    };
    return {
      fail: (at = Date.now()) => {
        if (release()) this.fail(keys, at);
      },
      succeed: () => {
        if (release()) this.succeed(keys.filter((k) => !k.startsWith("ip:")));
      },
      cancel: () => void release(),
    };
  }

  fail(keys: string[], now = Date.now()): void {
    for (const key of keys) {
      const e = this.live(key, now) ?? { failures: 0, lastFailure: now, blockedUntil: 0, pending: 0 };
      e.failures += 1;
      e.lastFailure = now;
      if (e.failures >= this.opts.freeAttempts) e.blockedUntil = now + this.delay(e.failures);
      this.entries.set(key, e);
    }
    if (this.entries.size > 10_000) this.sweep(now);
  }

  succeed(keys: string[]): void {
    for (const key of keys) {
      const e = this.entries.get(key);
      if (e && e.pending > 0) Object.assign(e, { failures: 0, blockedUntil: 0 });
      else this.entries.delete(key);
    }
  }

  /** The wait left by the n-th failure (0 while within the free attempts). */
  private delay(failures: number): number {
    const over = failures - this.opts.freeAttempts;
    return over < 0 ? 0 : Math.min(this.opts.maxDelayMs, this.opts.baseDelayMs * 2 ** over);
  }

  /** The key's entry, its failures forgotten once the window has passed. */
  private live(key: string, now: number): Entry | undefined {
    const e = this.entries.get(key);
    if (e && now - e.lastFailure > this.opts.windowMs && e.blockedUntil <= now) {
      Object.assign(e, { failures: 0, lastFailure: now, blockedUntil: 0 });
    }
    return e;
  }

  private sweep(now: number): void {
    for (const [k, e] of this.entries) if (e.pending === 0 && now - e.lastFailure > this.opts.windowMs && e.blockedUntil < now) this.entries.delete(k);
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
