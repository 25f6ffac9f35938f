// Repeated failed logins, per address and per account, are slowed down: after
// FREE_ATTEMPTS failures within the window each further try must wait, doubling up to a
// cap. A success clears the account's count. Never a permanent lock-out.
export interface ThrottleOptions {
  freeAttempts: number;
  baseDelayMs: number;
  maxDelayMs: number;
  windowMs: number;
}

export const DEFAULT_THROTTLE: ThrottleOptions = { freeAttempts: 5, baseDelayMs: 30_000, maxDelayMs: 15 * 60_000, windowMs: 15 * 60_000 };

interface Entry {
  failures: number;
  lastFailure: number;
  blockedUntil: number;
}

export class LoginThrottle {
  private entries = new Map<string, Entry>();
  constructor(private readonly opts: ThrottleOptions = DEFAULT_THROTTLE) {}

  /** Milliseconds the caller must still wait (0: may try now). */
  waitMs(keys: string[], now = Date.now()): number {
    let wait = 0;
    for (const key of keys) {
      const e = this.entries.get(key);
      if (e && e.blockedUntil > now) wait = Math.max(wait, e.blockedUntil - now);
    }
    return wait;
  }

  fail(keys: string[], now = Date.now()): void {
    for (const key of keys) {
      let e = this.entries.get(key);
      if (!e || now - e.lastFailure > this.opts.windowMs) e = { failures: 0, lastFailure: now, blockedUntil: 0 };
      e.failures += 1;
      e.lastFailure = now;
      const over = e.failures - this.opts.freeAttempts;
      if (over >= 0) e.blockedUntil = now + Math.min(this.opts.maxDelayMs, this.opts.baseDelayMs * 2 ** over);
      this.entries.set(key, e);
    }
    if (this.entries.size > 10_000) this.sweep(now);
  }

  succeed(keys: string[]): void {
    for (const key of keys) this.entries.delete(key);
  }

  private sweep(now: number): void {
    for (const [k, e] of this.entries) if (now - e.lastFailure > this.opts.windowMs && e.blockedUntil < now) this.entries.delete(k);
  }
}
