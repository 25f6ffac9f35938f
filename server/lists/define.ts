// One way to serve a list. A list is declared once (fields with what each allows, search
// columns, default order, tie-breaker, cap) and from that declaration come its querystring
// schema (query.ts), its paging, sorting, search and filters, X-Total-Count, and its cached
// answer (cache.ts), which the route sends with sendList (reply.ts).
//
// Without parameters a list answers the plain array the specification's screens expect,
// but never more than `cap` rows (default 1,000): a longer list is cut and X-Total-Count
// then carries the full count. With any parameter (page, sort, q, filter) the total is
// always counted and sent.
import { and, asc, count, desc, eq, gt, gte, inArray, lt, lte, ne, or, type AnyColumn, type SQL } from "drizzle-orm";
import type { PgTable, SelectedFields } from "drizzle-orm/pg-core";
import type { z } from "zod";
import type { Db } from "../db/connect";
import { cachedList, listKey, type CachedList } from "./cache";
import { contains } from "./fold";
import { filterKeys, listQuerySchema, type ListField } from "./query";

/** Rows of one explicit page at most. */
export const MAX_PAGE = 500;
/** Rows of an unpaged answer at most, unless the list declares its own cap. */
export const DEFAULT_CAP = 1000;

/** A search column (contains `q`, ignoring case and accents), or a condition of its own for `q` (undefined: not for this text). */
export type Searchable = AnyColumn | SQL | ((q: string) => SQL | undefined);

export interface ListDeclaration {
  /** The list's name (the cache key; usually the route's). */
  name: string;
  /** The table the rows come from… */
  table: PgTable;
  /** …and what a row holds (rowColumns(table, row), plus joined columns). */
  columns: SelectedFields;
  /**
   * To-one lookups through a required foreign key (every row has exactly one match), e.g.
   * a quote's client. Rows use INNER JOIN; the count uses LEFT JOIN, which gives the same
   * number and lets the database skip the join when no condition reads the joined table.
   */
  joins?: readonly { table: PgTable; on: SQL }[];
  /** Fields the query string may sort or filter by, by API name. */
  fields: Record<string, ListField>;
  /** What `q` searches; no search: `q` is refused. */
  search?: readonly Searchable[];
  /** Order when no _sort is given. */
  defaultSort: readonly SQL[];
  /** A unique column appended to every order, so pages never overlap. */
  tieBreaker: AnyColumn;
  /** Most rows of one answer without a page (default DEFAULT_CAP). */
  cap?: number;
}

/** A validated query string (list.query's output). */
export type ListQuery = Record<string, unknown>;

export interface ListResult<Row extends object> {
  rows: Row[];
  /** The full count for X-Total-Count: when parameters were given or the cap cut the list; else null. */
  total: number | null;
}

export interface List<Row extends object> {
  name: string;
  cap: number;
  /** The route's querystring schema. */
  query: z.ZodType<ListQuery>;
  /** Rows and total, read now. */
  read(db: Db, query: ListQuery): Promise<ListResult<Row>>;
  /** The same answer ready to send, reused while nothing has been written (sendList sends it). */
  answer(db: Db, query: ListQuery): Promise<CachedList>;
}

const COMPARE = { eq, ne, lt, gt, lte, gte } as const;

interface Parts {
  where: SQL | undefined;
  orderBy: SQL[];
  limit: number;
  offset: number;
  /** A parameter was given: the total is counted. */
  paged: boolean;
}

export function defineList<Row extends object>(decl: ListDeclaration): List<Row> {
  const cap = decl.cap ?? DEFAULT_CAP;
  const keys = filterKeys(decl.fields);

  function parts(query: ListQuery): Parts {
    const conditions: SQL[] = [];
    let paged = false;

    const q = typeof query.q === "string" ? query.q.trim() : "";
    if (q && decl.search) {
      paged = true;
      const found = decl.search.map((s) => (typeof s === "function" ? s(q) : contains(s, q))).filter((c): c is SQL => c !== undefined);
      conditions.push(or(...found)!);
    }
    for (const [key, value] of Object.entries(query)) {
      const filter = keys.get(key);
      if (!filter || value === undefined || (Array.isArray(value) && value.length === 0)) continue;
      paged = true;
      const column = decl.fields[filter.field].column as AnyColumn;
      if (filter.op === "like") conditions.push(contains(column, String(value)));
      else if (Array.isArray(value)) conditions.push(inArray(column, value));
      else conditions.push(COMPARE[filter.op](column, value));
    }

    let orderBy = [...decl.defaultSort];
    if (typeof query._sort === "string") {
      paged = true;
      const dirs = typeof query._order === "string" ? query._order.toLowerCase().split(",") : [];
      orderBy = query._sort.split(",").map((field, i) => {
        const spec = decl.fields[field];
        const by = spec.sort === true ? spec.column : spec.sort!;
        return (dirs[i] ?? dirs[0]) === "desc" ? desc(by) : asc(by);
      });
    }
    orderBy.push(asc(decl.tieBreaker));

    const start = query._start as number | undefined;
    const end = query._end as number | undefined;
    let limit = cap;
    let offset = 0;
    if (start !== undefined || end !== undefined) {
      paged = true;
      offset = start ?? 0;
      limit = Math.min(MAX_PAGE, cap, Math.max(0, (end ?? offset + 25) - offset));
    }
    return { where: conditions.length ? and(...conditions) : undefined, orderBy, limit, offset, paged };
  }

  function from(db: Db, fields: SelectedFields, join: "inner" | "left") {
    let q = db.select(fields).from(decl.table).$dynamic();
    for (const j of decl.joins ?? []) q = join === "inner" ? q.innerJoin(j.table, j.on) : q.leftJoin(j.table, j.on);
    return q;
  }

  async function read(db: Db, query: ListQuery): Promise<ListResult<Row>> {
    const p = parts(query);
    // Unpaged: one row beyond the cap tells whether the cap cut the list.
    const fetch = p.paged ? p.limit : cap + 1;
    let rows = (await from(db, decl.columns, "inner").where(p.where).orderBy(...p.orderBy).limit(fetch).offset(p.offset)) as Row[];
    if (!p.paged) {
      if (rows.length <= cap) return { rows, total: null };
      rows = rows.slice(0, cap);
    }
    // The page and its total as two queries, one after the other (concurrent queries of one
    // request gain nothing on PGlite): a window count(*) over() would make the database
    // build and sort every matching row just to return fifty.
    const [{ total }] = (await from(db, { total: count() }, "left").where(p.where)) as { total: number }[];
    return { rows, total };
  }

  return {
    name: decl.name,
    cap,
    query: listQuerySchema(decl.fields, Boolean(decl.search?.length)) as z.ZodType<ListQuery>,
    read,
    answer: (db, query) => cachedList(db, listKey(decl.name, query), () => read(db, query)),
  };
}
