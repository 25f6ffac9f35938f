// One way to serve a list. A list is declared once (fields with what each allows, search
// columns, default order, tie-breaker, cap) and from that declaration come its querystring
// schema (query.ts), its paging, sorting, search and filters, X-Total-Count, and its cached
// answer (cache.ts), which the route sends with sendList (reply.ts).
//
// Without parameters a list answers the plain array the specification's screens expect,
// but never more than `cap` rows (default 1,000): a longer list is cut and X-Total-Count
// then carries the full count. With any parameter (page, sort, q, filter) the total is
// always sent.
//
// A total never counts a whole table (issue 22.5: a page costs the same at ten times the
// data). A list with no condition at all (no filter, no search, no `where` of its own)
// takes the table's row count kept by triggers (cambios_tabla.filas): exact, one row read.
// Any other list counts its rows up to the next thousand past the page's end
// (countBound): below it the total is exact; at it, the answer says "more than N rows"
// (X-Total-Count N + 1 and X-Total-Count-Capped: true) and the web shows "más de N".
import { and, asc, Column, count, desc, eq, getTableName, gt, gte, inArray, is, lt, lte, ne, or, sql, type AnyColumn, SQL } from "drizzle-orm";
import type { SelectedFields } from "drizzle-orm/pg-core";
import type { Subquery } from "drizzle-orm";
import type { z } from "zod";
import { rowColumns } from "../db/columns";
import type { Db } from "../db/connect";
import { PgDialect, PgTable } from "drizzle-orm/pg-core";
import { cachedList, listKey, type CachedList } from "./cache";
import { tablesIn } from "./tables-read";
import { ChunkedBody, type PreparedBody } from "./chunks";
import { contains } from "./fold";
import { jsonSelection, slots, type JsonSelection } from "./json";
import { filterKeys, listQuerySchema, type ListField } from "./query";

/** Rows of one explicit page at most. */
export const MAX_PAGE = 500;
/** Rows of an unpaged answer at most, unless the list declares its own cap. */
export const DEFAULT_CAP = 1000;
/** A filtered total is counted in steps of this many rows past the page's end (countBound). */
export const COUNT_STEP = 1000;

/**
 * The most rows a filtered list's total counts for a page ending at row `end` (offset +
 * limit): the next multiple of COUNT_STEP above it, so the pagination always offers the
 * next page and the "more than" figure is a round number (1,000, then 2,000 from row 1,000 on).
 */
export function countBound(end: number): number {
  return (Math.floor(end / COUNT_STEP) + 1) * COUNT_STEP;
}

/**
 * What a search condition of its own answers for `q`: one condition (undefined: not for this
 * text), or SearchParts.
 */
export type SearchCondition = SQL | SearchParts | undefined;

/**
 * A search's rows as the condition the page reads them with (`rows`), and as `parts` whose
 * rows together are the same: the total counts the parts one after another, each row in the
 * first part it meets (a UNION ALL of disjoint parts that stops at the count's bound), so a
 * common text is counted from the part its index reads fastest and the others are not read.
 */
export interface SearchParts {
  rows: SQL;
  parts: readonly SQL[];
}

/** What a search condition of its own may look at to choose its SQL (e.g. how common the text is). */
export interface SearchContext {
  db: Db;
  /** The fields of _sort, in order; empty: the list's default order. */
  sort: readonly string[];
  /** The fields the query filters by (besides q). */
  filters: readonly string[];
  /** The end of the page asked (offset + limit). */
  end: number;
}

/** A search column (contains `q`, ignoring case and accents), or a condition of its own for `q`. */
export type Searchable = AnyColumn | SQL | ((q: string, ctx: SearchContext) => SearchCondition | Promise<SearchCondition>);

export interface ListDeclaration<S extends z.ZodObject> {
  /** The table the rows come from. */
  table: PgTable;
  /** The row the list answers (src/domain/<area>); by default its columns are rowColumns(table, row). */
  row: S;
  /** What a row holds when it is more than the table's own columns (joined ones, e.g. the quote's client). */
  columns?: SelectedFields;
  /**
   * To-one lookups through a required foreign key (every row has exactly one match), e.g.
   * a quote's client. Rows use INNER JOIN; the count uses LEFT JOIN, which gives the same
   * number and lets the database skip the join when no condition reads the joined table.
   * A subquery with exactly one row per row of the table works the same way (a figure
   * that must not be recomputed per read is kept at write time instead: docs/architecture.md).
   */
  joins?: readonly { table: PgTable | Subquery; on: SQL }[];
  /** Rows the list always keeps to (e.g. one category of a shared table), whatever the query asks. */
  where?: SQL;
  /** Fields the query string may sort or filter by, by API name; `column` defaults to the row's column of that name. */
  fields: Record<string, Partial<ListField>>;
  /** What `q` searches; no search: `q` is refused. */
  search?: readonly Searchable[];
  /** Order when no _sort is given. */
  defaultSort: readonly SQL[];
  /** A unique column appended to every order, so pages never overlap. */
  tieBreaker: AnyColumn;
  /** Most rows of one answer without a page (default DEFAULT_CAP). */
  cap?: number;
  /**
   * The capped total reads the rows in the default order (through that order's index)
   * instead of leaving the planner free to scan the table: for a list whose condition most
   * rows meet, kept by a partial index in the list's order (a scan reads every page the
   * first countBound rows are spread over, which grows with the table).
   */
  countInOrder?: boolean;
  /** The cache key (default: the table's name). */
  name?: string;
}

/** A validated query string (list.query's output). */
export type ListQuery = Record<string, unknown>;

export interface ListResult<Row extends object> {
  rows: Row[];
  /** The count for X-Total-Count: when parameters were given or the cap cut the list; else null. */
  total: number | null;
  /** The count stopped at its bound: there are more than total − 1 rows (countBound). */
  capped?: boolean;
}

export interface List<Row extends object> {
  name: string;
  cap: number;
  /** The row schema (the route's response). */
  row: z.ZodType;
  /** The route's querystring schema. */
  query: z.ZodType<ListQuery>;
  /** Rows and total, read now. */
  read(db: Db, query: ListQuery): Promise<ListResult<Row>>;
  /** The same answer as JSON text (written by the database when it can: json.ts), read now. */
  readJson(db: Db, query: ListQuery): Promise<JsonResult>;
  /** The database writes this list's JSON (every value's type has an exact encoding). */
  usesDatabaseJson(db: Db): Promise<boolean>;
  /**
   * The same answer ready to send, reused while the tables it read are unchanged (sendList
   * sends it). `name` replaces the list's own in the cache key (e.g. with today's date).
   */
  answer(db: Db, query: ListQuery, name?: string): Promise<CachedList>;
}

export interface JsonResult {
  /** The rows as a JSON array, as JSON.stringify would write them. */
  json: string;
  total: number | null;
  capped?: boolean;
}

/** A list's total: exact, or a lower bound (capped). */
interface Total {
  total: number;
  capped: boolean;
}

const COMPARE = { eq, ne, lt, gt, lte, gte } as const;

const dialect = new PgDialect();
const IS_ALIAS = Symbol.for("drizzle:IsAlias");
/** SQL that reads the clock (or chance): a row's JSON then changes without a write. */
const CLOCK = /\b(now|current_date|current_time|current_timestamp|localtime|localtimestamp|clock_timestamp|statement_timestamp|transaction_timestamp|timeofday|random)\b/i;
const INTEGER_COLUMNS = new Set(["PgInteger", "PgSerial", "PgSmallInt", "PgSmallSerial", "PgBigInt53", "PgBigSerial53"]);
/** A cache key named with a day (`facturas_guias@2026-03-01`): an answer of that day only. */
const DATED = /@\d{4}-\d{2}-\d{2}$/;

/** Rows whose JSON the database wrote for the lists of each database (tests: what a rebuild costs). */
const rowsWritten = new WeakMap<Db, number>();
export function listRowsWritten(db: Db): number {
  return rowsWritten.get(db) ?? 0;
}
const countWritten = (db: Db, n: number) => rowsWritten.set(db, (rowsWritten.get(db) ?? 0) + n);

/** Every list declared in this process (tests/api/list-json.test.ts checks each one's JSON). */
const declared: List<object>[] = [];
export function declaredLists(): readonly List<object>[] {
  return declared;
}

interface Parts {
  where: SQL | undefined;
  /** A search answered as SearchParts: the conditions besides the search, and the parts the count reads one after another. */
  apart?: { others: SQL[]; parts: SQL[] };
  orderBy: SQL[];
  limit: number;
  offset: number;
  /** A parameter was given: the total is counted. */
  paged: boolean;
}

const isParts = (found: SQL | SearchParts): found is SearchParts => !is(found, SQL);

export function defineList<S extends z.ZodObject>(decl: ListDeclaration<S>): List<z.output<S>> {
  type Row = z.output<S>;
  const cap = decl.cap ?? DEFAULT_CAP;
  const columns: SelectedFields = decl.columns ?? rowColumns(decl.table, decl.row);
  const fields: Record<string, ListField> = {};
  for (const [name, spec] of Object.entries(decl.fields)) {
    const column = spec.column ?? (columns[name] as AnyColumn | undefined);
    if (!column) throw new Error(`Lista ${decl.name ?? getTableName(decl.table)}: el campo «${name}» no es una columna de la fila; indique column.`);
    fields[name] = { ...spec, column };
  }
  const keys = filterKeys(fields);

  async function parts(db: Db, query: ListQuery): Promise<Parts> {
    const base: SQL[] = decl.where ? [decl.where] : [];
    const filters: SQL[] = [];
    let paged = false;

    const filtered: string[] = [];
    for (const [key, value] of Object.entries(query)) {
      const filter = keys.get(key);
      if (!filter || value === undefined || (Array.isArray(value) && value.length === 0)) continue;
      paged = true;
      filtered.push(filter.field);
      const column = fields[filter.field].column as AnyColumn;
      const own = filter.op === "like" ? undefined : fields[filter.field].where?.(filter.op, value);
      if (own) filters.push(own);
      else if (filter.op === "like") filters.push(contains(column, String(value)));
      else if (Array.isArray(value)) filters.push(inArray(column, value));
      else filters.push(COMPARE[filter.op](column, value));
    }

    let orderBy = [...decl.defaultSort];
    const sort = typeof query._sort === "string" ? query._sort.split(",") : [];
    if (typeof query._sort === "string") {
      paged = true;
      const dirs = typeof query._order === "string" ? query._order.toLowerCase().split(",") : [];
      orderBy = sort.map((field, i) => {
        const spec = fields[field];
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

    // The search first among the conditions (then the filters), as it always was written.
    const conditions = [...base];
    let apart: Parts["apart"];
    const q = typeof query.q === "string" ? query.q.trim() : "";
    if (q && decl.search) {
      paged = true;
      const ctx: SearchContext = { db, sort, filters: filtered, end: offset + limit };
      const found = await Promise.all(decl.search.map((s) => (typeof s === "function" ? s(q, ctx) : contains(s, q))));
      const defined = found.filter((f) => f !== undefined);
      conditions.push(or(...defined.map((f) => (isParts(f) ? f.rows : f)))!);
      if (defined.some(isParts)) apart = { others: [...base, ...filters], parts: defined.flatMap((f) => (isParts(f) ? [...f.parts] : [f])) };
    }
    conditions.push(...filters);
    return { where: conditions.length ? and(...conditions) : undefined, apart, orderBy, limit, offset, paged };
  }

  function from(db: Db, selection: SelectedFields, join: "inner" | "left") {
    let q = db.select(selection).from(decl.table).$dynamic();
    for (const j of decl.joins ?? []) q = join === "inner" ? q.innerJoin(j.table, j.on) : q.leftJoin(j.table, j.on);
    return q;
  }

  /** The table's row count, kept by triggers (migration table_row_counts): no scan. */
  const tableName = getTableName(decl.table);
  async function tableRows(db: Db): Promise<number> {
    const result = await db.execute<{ n: number }>(sql`select coalesce(sum(filas), 0)::int as n from cambios_tabla where tabla = ${tableName}`);
    return Number(result.rows[0].n);
  }

  /** The total of a query: the kept row count when nothing narrows the table, else a count up to countBound(end). */
  async function countRows(db: Db, p: Parts, end: number): Promise<Total> {
    // Joins are to-one lookups (one match per row): they never change the count.
    if (!p.where) return { total: await tableRows(db), capped: false };
    const bound = countBound(end);
    if (p.apart) {
      // Each part's rows that no earlier part has, one part after another, until the bound.
      const { others, parts: searched } = p.apart;
      const branches = searched.map((part, i) =>
        from(db, { one: sql`1` }, "left").where(and(...others, part, ...searched.slice(0, i).map((earlier) => sql`(${earlier}) is not true`))),
      );
      const result = await db.execute<{ n: number }>(sql`select count(*)::int as n from (${sql.join(branches.map((b) => sql`(${b})`), sql` union all `)} limit ${bound + 1}) as hasta`);
      const n = Number(result.rows[0].n);
      return n > bound ? { total: bound + 1, capped: true } : { total: n, capped: false };
    }
    const matching = from(db, { one: sql`1` }, "left").where(p.where);
    const upTo = (decl.countInOrder ? matching.orderBy(...decl.defaultSort) : matching).limit(bound + 1).as("hasta");
    const [{ n }] = (await db.select({ n: count() }).from(upTo)) as { n: number }[];
    return n > bound ? { total: bound + 1, capped: true } : { total: n, capped: false };
  }

  async function read(db: Db, query: ListQuery): Promise<ListResult<Row>> {
    const p = await parts(db, query);
    if (p.paged) {
      // The page and its total as two queries sent together (two connections of the pool):
      // the database answers the second while the first one's rows travel back, on
      // PGlite as well (server/db/pglite-wire.ts). One query with a window count(*) over()
      // would make the database build and sort every matching row just to return fifty.
      const [rows, total] = await Promise.all([from(db, columns, "inner").where(p.where).orderBy(...p.orderBy).limit(p.limit).offset(p.offset), countRows(db, p, p.offset + p.limit)]);
      return { rows: rows as Row[], ...total };
    }
    // Unpaged: one row beyond the cap tells whether the cap cut the list.
    const rows = (await from(db, columns, "inner").where(p.where).orderBy(...p.orderBy).limit(cap + 1).offset(p.offset)) as Row[];
    if (rows.length <= cap) return { rows, total: null };
    return { rows: rows.slice(0, cap), ...(await countRows(db, p, p.offset + cap)) };
  }

  // The database writes the JSON (json.ts) when it can write every value as JSON.stringify
  // would: asked once, the first time, from the result types of the selection.
  let encoded: Promise<JsonSelection | null> | undefined;
  function encodedSelection(db: Db): Promise<JsonSelection | null> {
    encoded ??= (async () => {
      const slotted = slots(columns);
      if (!slotted) return null;
      let types: number[] = [];
      if (Object.values(columns).some((v) => !is(v, Column))) {
        const probe = await db.execute(sql`select * from (${from(db, slotted, "inner").limit(0)}) t`);
        types = probe.fields.map((f) => f.dataTypeID);
      }
      return jsonSelection(columns, types);
    })().catch((err: unknown) => {
      encoded = undefined;
      throw err;
    });
    return encoded;
  }

  async function readJson(db: Db, query: ListQuery): Promise<JsonResult> {
    const selection = await encodedSelection(db);
    if (!selection) {
      const { rows, ...total } = await read(db, query);
      return { json: JSON.stringify(rows), ...total };
    }
    const p = await parts(db, query);
    // One query: the rows of the page in the list's order (the subquery's LIMIT keeps it a
    // subquery, so string_agg reads them in that order), each written by row_to_json. An
    // unpaged list reads one row beyond its cap to know whether the cap cut it, and the
    // JSON keeps the first `keep` rows (row_number over the rows in that order): a list of
    // 10,000 invoices is written once, not once to learn it is cut and again without its last row.
    const page = async (limit: number, keep: number) => {
      const rows = from(db, selection.inner, "inner").where(p.where).orderBy(...p.orderBy).limit(limit).offset(p.offset);
      // The values are encoded over the page (t), so an expression of the list is computed once a row.
      const result = await db.execute<{ n: number; json: string }>(
        sql`select count(*)::int as n, coalesce('[' || string_agg(x.j, ',') filter (where x.i <= ${keep}) || ']', '[]') as json
            from (select row_to_json(r)::text as j, row_number() over () as i from (select ${selection.outer} from (${rows}) t) r) x`,
      );
      countWritten(db, result.rows[0].n);
      return result.rows[0];
    };
    if (p.paged) {
      const [{ json }, total] = await Promise.all([page(p.limit, p.limit), countRows(db, p, p.offset + p.limit)]);
      return { json, ...total };
    }
    const all = await page(cap + 1, cap);
    return { json: all.json, ...(all.n <= cap ? { total: null } : await countRows(db, p, p.offset + cap)) };
  }

  // A whole list (no parameters) rebuilt after a write keeps the JSON of the rows that did
  // not change. Each row's version is the xmin of the rows it is made of (the table's and
  // each joined table's): a committed write gives the row it writes a new xmin, so a row's
  // JSON kept under (key, version) is the JSON the database would write of it now. A
  // rebuild reads the list's order with each row's key and version, and the JSON of the
  // rows not kept in that version, in one statement (one snapshot). Only when every table
  // the statement reads is one of those versioned (a correlated subquery over another
  // table: every row again), and the row reads no clock (unless the key carries the date).
  const joinTables = (decl.joins ?? []).map((j) => j.table);
  const versioned = [decl.table, ...joinTables].every((t) => is(t, PgTable) && !(t as unknown as Record<symbol, unknown>)[IS_ALIAS])
    ? ([decl.table, ...joinTables] as PgTable[]).map((t) => getTableName(t))
    : null;
  const versionSql = versioned && new Set(versioned).size === versioned.length ? sql.join(versioned.map((t) => sql`${sql.identifier(t)}.xmin::text`), sql` || '.' || `) : null;
  /** A row's key as text without a tab or a line break: an integer as it is, anything else as JSON. */
  const keyText = INTEGER_COLUMNS.has(decl.tieBreaker.columnType) ? sql`${decl.tieBreaker}::text` : sql`to_json(${decl.tieBreaker})::text`;
  /** The JSON of the rows of the last whole answer, by "version:key", under the cache key it was built for. */
  const keptRows = new WeakMap<Db, { key: string; rows: Map<string, string>; body: ChunkedBody; cut: boolean }>();
  let rowsSql: { versionedOnly: boolean; readsClock: boolean } | undefined;

  async function readWhole(db: Db, cacheKey: string): Promise<JsonResult | { prepared: PreparedBody; total: number | null }> {
    const selection = await encodedSelection(db);
    if (!selection || !versionSql) return readJson(db, {});
    const p = await parts(db, {});
    // The list's order as "version:key" only (no value of the row is computed for it), and
    // the whole rows (every value, a state read from the clock…) of the ids not kept, each
    // found by its key (an index lookup a row).
    const id = sql`${versionSql} || ':' || ${keyText}`.as("_vk");
    const order = from(db, { _id: sql`${decl.tieBreaker}`.as("_id"), _vk: id }, "inner")
      .where(p.where)
      .orderBy(...p.orderBy)
      .limit(cap + 1);
    const notKept = sql`${decl.tieBreaker} = any(array(select o._id from o where not exists (select 1 from k where k.v = o._vk)))`;
    const rows = from(db, { ...selection.inner, _vk: id }, "inner").where(p.where ? and(p.where, notKept) : notKept);
    if (!rowsSql) {
      const text = dialect.sqlToQuery(order.getSQL()).sql + "\n" + dialect.sqlToQuery(rows.getSQL()).sql;
      rowsSql = { versionedOnly: tablesIn(text).every((t) => versioned!.includes(t)), readsClock: CLOCK.test(text) };
    }
    if (!rowsSql.versionedOnly || (rowsSql.readsClock && !DATED.test(cacheKey.slice(0, cacheKey.indexOf("?"))))) return readJson(db, {});
    const kept = keptRows.get(db)?.key === cacheKey ? keptRows.get(db)!.rows : new Map<string, string>();
    // The kept ids as one text (a line each), read as a set by the database: an array
    // parameter of 5,000 values would be planned value by value on every rebuild.
    const known = [...kept.keys()].join("\n");
    // The total (a list cut by its cap) is read meanwhile on another connection when the
    // last answer was cut: the statement below then is the only one the request waits for.
    const counting = keptRows.get(db)?.cut ? countRows(db, p, cap) : undefined;
    counting?.catch(() => {});
    // "version:key" lines in the list's order (a key is JSON: never a tab or a line break),
    // then "version:key<tab>json" of each row not kept (row_to_json writes no line break).
    const result = await db.execute<{ keys: string | null; fresh: string | null }>(
      sql`with o as materialized (${order}),
            k as (select v from unnest(string_to_array(${known}::text, E'\n')) as v)
          select (select string_agg(o._vk, E'\n') from o) as keys,
            (select string_agg(t._vk || E'\t' || row_to_json(r)::text, E'\n')
               from (${rows}) t cross join lateral (select ${selection.outer}) r) as fresh`,
    );
    const { keys, fresh } = result.rows[0];
    const written = new Map<string, string>();
    for (const line of fresh ? fresh.split("\n") : []) {
      const tab = line.indexOf("\t");
      written.set(line.slice(0, tab), line.slice(tab + 1));
    }
    countWritten(db, written.size);
    const ids = keys ? keys.split("\n") : [];
    const n = ids.length;
    if (ids.length > cap) ids.length = cap;
    const next = new Map<string, string>();
    const jsons: string[] = [];
    for (const k of ids) {
      const json = written.get(k) ?? kept.get(k);
      if (json === undefined) return readJson(db, {}); // not expected: written again whole
      next.set(k, json);
      jsons.push(json);
    }
    const store = keptRows.get(db)?.key === cacheKey ? keptRows.get(db)! : { key: cacheKey, rows: next, body: new ChunkedBody(), cut: false };
    store.rows = next;
    store.cut = n > cap;
    keptRows.set(db, store);
    return { prepared: store.body.make(cacheKey, ids, jsons), ...(n <= cap ? { total: null } : await (counting ?? countRows(db, p, cap))) };
  }

  const name = decl.name ?? getTableName(decl.table);
  const list: List<Row> = {
    name,
    cap,
    row: decl.row,
    query: listQuerySchema(fields, Boolean(decl.search?.length)) as z.ZodType<ListQuery>,
    read,
    readJson,
    usesDatabaseJson: async (db) => (await encodedSelection(db)) !== null,
    answer: (db, query, keyName = name) => {
      const key = listKey(keyName, query);
      return cachedList(db, key, () => (listKey("", query) === "?" ? readWhole(db, key) : readJson(db, query)));
    },
  };
  declared.push(list as List<object>);
  return list;
}
