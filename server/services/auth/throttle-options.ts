// The sign-in throttle's parameters: read by the throttle (throttle.ts) and by the SQL that
// applies them (throttle-store.ts), which therefore do not import each other.

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
