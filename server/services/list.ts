// Lists (design page "Lists"): without parameters a list path answers the plain array
// the screens expect; with simple-rest parameters (_start, _end, _sort, _order, q,
// field=value) it filters, sorts and pages on the server, and the route sends the full
// count in X-Total-Count.
import { and, asc, desc, eq, ilike, or, sql, type AnyColumn, type SQL } from "drizzle-orm";
import type { FastifyReply } from "fastify";
import { badRequest } from "../errors";

export interface ListSpec {
  /** Sortable fields by API name. */
  sortable: Record<string, AnyColumn | SQL>;
  /** Order when none is asked for (also the tie-breaker's companion). */
  defaultSort: SQL[];
  /** Unique column appended to every order so pages are stable. */
  tieBreaker: AnyColumn;
  /** Columns `q` searches (case-insensitive "contains"). */
  searchable: (AnyColumn | SQL)[];
  /** Exact-match filters by API name (`?field=value`). */
  filters?: Record<string, AnyColumn | SQL>;
}

export interface ListParts {
  where: SQL | undefined;
  orderBy: SQL[];
  limit: number | undefined;
  offset: number;
  /** True when any list parameter was given (then the total is counted). */
  paged: boolean;
}

const RESERVED = new Set(["_start", "_end", "_sort", "_order", "q"]);
export const MAX_PAGE = 500;

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

export function listParts(query: Record<string, unknown>, spec: ListSpec, extraWhere?: SQL): ListParts {
  const conditions: SQL[] = extraWhere ? [extraWhere] : [];
  let paged = false;

  const q = typeof query.q === "string" ? query.q.trim() : "";
  if (q) {
    paged = true;
    const pattern = `%${escapeLike(q)}%`;
    conditions.push(or(...spec.searchable.map((c) => ilike(c as AnyColumn, pattern)))!);
  }
  for (const [key, value] of Object.entries(query)) {
    if (RESERVED.has(key) || value === undefined || value === "") continue;
    const column = spec.filters?.[key];
    if (!column) continue; // unknown parameters are ignored, as simple-rest servers do
    paged = true;
    const values = Array.isArray(value) ? value : [value];
    conditions.push(or(...values.map((v) => eq(column as AnyColumn, String(v))))!);
  }

  let orderBy = spec.defaultSort;
  const sortKey = typeof query._sort === "string" ? query._sort : undefined;
  if (sortKey) {
    paged = true;
    const column = spec.sortable[sortKey];
    if (!column) throw badRequest(`No se puede ordenar por "${sortKey}".`, { _sort: [`Campo de orden no permitido: ${sortKey}`] });
    const dir = String(query._order ?? "asc").toLowerCase() === "desc" ? desc : asc;
    orderBy = [dir(column)];
  }
  orderBy = [...orderBy, asc(spec.tieBreaker)];

  const start = query._start === undefined ? undefined : Number(query._start);
  const end = query._end === undefined ? undefined : Number(query._end);
  let limit: number | undefined;
  let offset = 0;
  if (start !== undefined || end !== undefined) {
    paged = true;
    offset = start ?? 0;
    limit = Math.min(MAX_PAGE, Math.max(0, (end ?? offset + 25) - offset));
  }
  return { where: conditions.length ? and(...conditions) : undefined, orderBy, limit, offset, paged };
}

/** `count(*) over()` selected beside the rows gives the total in the same query. */
export const totalOver = sql<number>`count(*) over()`.mapWith(Number);

/** Strips the window total from rows and sets X-Total-Count. */
export function sendList<T extends { __total?: number }>(
  reply: FastifyReply,
  rows: T[],
  fallbackTotal: () => Promise<number>,
): Promise<Omit<T, "__total">[]> {
  return (async () => {
    const total = rows.length > 0 ? Number(rows[0].__total ?? rows.length) : await fallbackTotal();
    reply.header("x-total-count", String(total));
    reply.header("access-control-expose-headers", "X-Total-Count");
    return rows.map(({ __total: _t, ...rest }) => rest);
  })();
}
