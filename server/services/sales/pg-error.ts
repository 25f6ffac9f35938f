// Drizzle wraps driver errors (DrizzleQueryError with the pg error as `cause`), so the
// SQLSTATE and constraint name are looked up along the cause chain.

export interface PgErrorInfo {
  code: string;
  constraint?: string;
}

export function pgErrorOf(err: unknown): PgErrorInfo | null {
  let e: unknown = err;
  for (let depth = 0; depth < 5 && e !== null && typeof e === "object"; depth++) {
    const { code, constraint } = e as { code?: unknown; constraint?: unknown };
    if (typeof code === "string" && /^[0-9A-Z]{5}$/.test(code)) {
      return { code, constraint: typeof constraint === "string" ? constraint : undefined };
    }
    e = (e as { cause?: unknown }).cause;
  }
  return null;
}

/** True when `err` is a unique violation (23505), optionally of one named constraint. */
export function isUniqueViolationOf(err: unknown, constraint?: string): boolean {
  const info = pgErrorOf(err);
  return info?.code === "23505" && (constraint === undefined || info.constraint === constraint);
}

/** True when `err` is a foreign-key violation (23503), optionally of one named constraint. */
export function isForeignKeyViolationOf(err: unknown, constraint?: string): boolean {
  const info = pgErrorOf(err);
  return info?.code === "23503" && (constraint === undefined || info.constraint === constraint);
}
