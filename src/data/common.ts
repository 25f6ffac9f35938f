// Small helpers every area's API module shares (src/custom-pages/<area>/api.ts).

/** Path segments, each URI-encoded: path("items_oc", 12) → "items_oc/12". */
export const path = (...parts: (string | number)[]) => parts.map((p) => encodeURIComponent(String(p))).join("/");

/** The answer as an array (anything else → []). */
export function asArray<T>(data: unknown): T[] {
  return Array.isArray(data) ? (data as T[]) : [];
}

/** A list read whose failure the specification keeps silent (section 8): logged, and an empty list. */
export function quietly<A extends unknown[], T>(read: (...args: A) => Promise<T[]>, failure: string): (...args: A) => Promise<T[]> {
  return (...args) =>
    read(...args).catch((error: unknown) => {
      console.error(failure, error);
      return [];
    });
}

/**
 * The body as the route's own body schema reads it: only that schema's fields. A form's
 * values or a row spread into a body never carry a figure the server computes (`utv`,
 * `utv_monto`, a line's `total`, `m2`) or the row's `id`.
 */
export function ownFields<T extends object>(schema: { shape: Record<string, unknown> }, body: T): T {
  return Object.fromEntries(Object.entries(body).filter(([key]) => Object.hasOwn(schema.shape, key))) as T;
}
