// Every refusal the API gives: a small union of codes mapped to HTTP in one place,
// answered as { message, errors } in Spanish (the shape Refine's HttpError puts on
// form fields).

export type ErrorCode = "validation" | "unauthorized" | "forbidden" | "not_found" | "conflict" | "payload_too_large" | "unprocessable" | "too_many_requests";

export const HTTP_STATUS: Record<ErrorCode, number> = {
  validation: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  payload_too_large: 413,
  unprocessable: 422,
  too_many_requests: 429,
};

export type FieldErrors = Record<string, string[]>;

export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly errors: FieldErrors = {},
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = "AppError";
  }
  get statusCode(): number {
    return HTTP_STATUS[this.code];
  }
}

export const badRequest = (message: string, errors: FieldErrors = {}) => new AppError("validation", message, errors);
export const notFound = (message: string) => new AppError("not_found", message);
export const conflict = (message: string, errors: FieldErrors = {}) => new AppError("conflict", message, errors);
export const forbidden = (message = "No tiene permiso para esta acción.", errors: FieldErrors = {}) => new AppError("forbidden", message, errors);
export const unauthorized = (message = "Sesión no válida o expirada. Inicie sesión nuevamente.") => new AppError("unauthorized", message);

/** A field-keyed error body from a list of (path, message) pairs. */
export function fieldErrors(issues: { path: string; message: string }[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const { path, message } of issues) (errors[path || "_"] ??= []).push(message);
  return errors;
}

/**
 * The SQLSTATE of a database error. Drizzle wraps driver errors (DrizzleQueryError with
 * the pg error as `cause`), so the code is looked up along the cause chain.
 */
export interface PgErrorInfo {
  code: string;
  constraint?: string;
}

/**
 * The PostgreSQL error behind `err`: Drizzle wraps driver errors (DrizzleQueryError with
 * the pg error as `cause`), so the SQLSTATE and constraint are looked up along the chain.
 */
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

export function pgCodeOf(err: unknown): string | undefined {
  return pgErrorOf(err)?.code;
}

/** A unique violation (23505), optionally of one named constraint. */
export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  const info = pgErrorOf(err);
  return info?.code === "23505" && (constraint === undefined || info.constraint === constraint);
}

/** A foreign-key violation (23503), optionally of one named constraint. */
export function isForeignKeyViolation(err: unknown, constraint?: string): boolean {
  const info = pgErrorOf(err);
  return info?.code === "23503" && (constraint === undefined || info.constraint === constraint);
}
