// Refine data provider over axios with the @refinedev/simple-rest conventions the
// server follows (server-behaviour "Lists", server/lists): `_start`, `_end`, `_sort`,
// `_order`, `q` free text, `field=value` filters (`_ne`, `_lt`, `_gt`, `_lte`, `_gte`,
// `_like`, repeated keys for "in"), total in `X-Total-Count`.
import type { AxiosResponse } from "axios";
import type { BaseRecord, CrudFilter, CrudSort, DataProvider, LogicalFilter, Pagination } from "@refinedev/core";
import { API_BASE_URL, createHttpClient, IDEMPOTENCY_HEADER, newIdempotencyKey, toHttpError } from "./http";
import { resourcePath, updateMethod } from "./resource-paths";
import { totalFromHeaders } from "../domain/format/total";

/** Its own client: Refine routes 401/403 through authProvider.onError, so no redirect here. */
export const httpClient = createHttpClient();

type Params = Record<string, string | number | Array<string | number>>;

const OPERATOR_SUFFIX: Partial<Record<CrudFilter["operator"], string>> = {
  ne: "_ne",
  lt: "_lt",
  gt: "_gt",
  lte: "_lte",
  gte: "_gte",
  contains: "_like",
};

function append(params: Params, key: string, value: string | number): void {
  const current = params[key];
  if (current === undefined) params[key] = value;
  else params[key] = Array.isArray(current) ? [...current, value] : [current, value];
}

/**
 * Refine filters → query parameters. A filter the API cannot express (an OR of conditions,
 * an operator without a suffix) throws instead of being left out: a list must never come
 * back wider than asked. The server answers 400 for a field or operator the list does
 * not declare.
 */
export function filtersToParams(filters: CrudFilter[] | undefined, params: Params = {}): Params {
  for (const filter of filters ?? []) {
    if (filter.operator === "and") {
      filtersToParams(filter.value, params); // conditions apply together anyway
      continue;
    }
    if (filter.operator === "or") throw new Error("La API no admite filtros con «o» (or).");
    const { field, operator, value } = filter as LogicalFilter;
    if (value === undefined || value === null || value === "") continue;
    if (field === "q") {
      append(params, "q", String(value));
      continue;
    }
    if (operator === "in" && Array.isArray(value)) {
      for (const v of value) append(params, field, v);
      continue;
    }
    const suffix = operator === "eq" ? "" : OPERATOR_SUFFIX[operator];
    if (suffix === undefined) throw new Error(`La API no admite el filtro «${operator}» (campo ${field}).`);
    append(params, `${field}${suffix}`, Array.isArray(value) ? value.join(",") : value);
  }
  return params;
}

export function sortersToParams(sorters: CrudSort[] | undefined, params: Params = {}): Params {
  if (sorters && sorters.length > 0) {
    params._sort = sorters.map((s) => s.field).join(",");
    params._order = sorters.map((s) => s.order).join(",");
  }
  return params;
}

export function paginationToParams(pagination: Pagination | undefined, params: Params = {}): Params {
  const { currentPage = 1, pageSize = 10, mode = "server" } = pagination ?? {};
  if (mode === "server") {
    params._start = (currentPage - 1) * pageSize;
    params._end = currentPage * pageSize;
  }
  return params;
}

/** Repeated keys for arrays (`id=1&id=2`), as simple-rest servers expect. */
export function serializeParams(params: Params): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    for (const v of Array.isArray(value) ? value : [value]) search.append(key, String(v));
  }
  return search.toString();
}

/** X-Total-Count (and X-Total-Count-Capped: "más de N", src/domain/format/total.ts). */
function totalOf(response: AxiosResponse<unknown>, rows: unknown[]) {
  return totalFromHeaders(response.headers as Record<string, unknown>, rows.length);
}

async function call<T>(promise: Promise<AxiosResponse<T>>): Promise<AxiosResponse<T>> {
  try {
    return await promise;
  } catch (error) {
    throw toHttpError(error);
  }
}

function metaHeaders(meta: Record<string, unknown> | undefined): Record<string, string> {
  const headers = meta?.headers;
  return typeof headers === "object" && headers !== null ? (headers as Record<string, string>) : {};
}

type WriteListener = (resource: string) => void;
const writeListeners = new Set<WriteListener>();

/** Called with the resource after every write through the provider that succeeded (src/data/query.ts: useProviderWrites). */
export function onProviderWrite(listener: WriteListener): () => void {
  writeListeners.add(listener);
  return () => void writeListeners.delete(listener);
}

function wrote<T>(resource: string, answer: T): T {
  for (const listener of writeListeners) listener(resource);
  return answer;
}

export const dataProvider: DataProvider = {
  getApiUrl: () => API_BASE_URL,

  getList: async ({ resource, pagination, sorters, filters, meta }) => {
    const params = paginationToParams(pagination, sortersToParams(sorters, filtersToParams(filters)));
    const response = await call(
      httpClient.get<unknown>(resourcePath(resource, "list"), {
        params,
        paramsSerializer: { serialize: serializeParams },
        headers: metaHeaders(meta),
      }),
    );
    const rows = Array.isArray(response.data) ? response.data : [];
    const { total, capped } = totalOf(response, rows);
    // totalCapped: the count stopped at its bound (the tables say "más de N": withTotal).
    return { data: rows, total, totalCapped: capped };
  },

  getMany: async ({ resource, ids, meta }) => {
    const response = await call(
      httpClient.get<unknown>(resourcePath(resource, "list"), {
        params: { id: ids.map(String) },
        paramsSerializer: { serialize: serializeParams },
        headers: metaHeaders(meta),
      }),
    );
    return { data: Array.isArray(response.data) ? response.data : [] };
  },

  getOne: async ({ resource, id, meta }) => {
    const response = await call(httpClient.get(resourcePath(resource, "one", id), { headers: metaHeaders(meta) }));
    return { data: response.data };
  },

  create: async ({ resource, variables, meta }) => {
    // One key per user action (this mutation call); axios retries re-send the same config.
    const headers = { [IDEMPOTENCY_HEADER]: newIdempotencyKey(), ...metaHeaders(meta) };
    const response = await call(httpClient.post(resourcePath(resource, "create"), variables, { headers }));
    return wrote(resource, { data: response.data });
  },

  update: async ({ resource, id, variables, meta }) => {
    const response = await call(
      httpClient.request({
        method: updateMethod(resource),
        url: resourcePath(resource, "update", id),
        data: variables,
        headers: metaHeaders(meta),
      }),
    );
    return wrote(resource, { data: response.data });
  },

  deleteOne: async ({ resource, id, variables, meta }) => {
    const response = await call(
      httpClient.delete(resourcePath(resource, "delete", id), { data: variables, headers: metaHeaders(meta) }),
    );
    return wrote(resource, { data: (response.data ?? { id }) as BaseRecord as never });
  },

  custom: async ({ url, method, filters, sorters, payload, query, headers }) => {
    const params = sortersToParams(sorters, filtersToParams(filters));
    if (query && typeof query === "object") Object.assign(params, query);
    const requestHeaders: Record<string, string> = { ...(headers as Record<string, string> | undefined) };
    if (method === "post" && !requestHeaders[IDEMPOTENCY_HEADER]) requestHeaders[IDEMPOTENCY_HEADER] = newIdempotencyKey();
    // Absolute URLs pass through; relative ones are resolved against /api.
    const target = /^https?:\/\//.test(url) ? url : url.replace(/^\/?(api\/)?/, "");
    const response = await call(
      httpClient.request({
        method,
        url: target,
        data: payload,
        params,
        paramsSerializer: { serialize: serializeParams },
        headers: requestHeaders,
      }),
    );
    return { data: response.data };
  },
};

export default dataProvider;
