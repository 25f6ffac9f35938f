// A page of a server list (the list parameters `_start`/`_end`, sort, filters and `q`):
// its rows and its total, read the one way every area's api.ts reads one.
import { api } from "../providers/api";
import { totalFromHeaders } from "../domain/format/total";
import { asArray } from "./common";

/** A page of a server list and its total (X-Total-Count). */
export interface Paged<T> {
  rows: T[];
  total: number;
  /** The count stopped at its bound: "más de total − 1" (src/domain/format/total.ts). */
  capped: boolean;
}

/** A screen's fixed list filter (a home card's `?filtro=`): parameters, a repeated one as an array. */
export type ListFilter = Record<string, string | string[]>;

/** The page an answer carries: its rows and the total of its headers. */
export function pagedAnswer<T>(data: unknown, headers: unknown): Paged<T> {
  const rows = asArray<T>(data);
  return { rows, ...totalFromHeaders(headers as Record<string, unknown>, rows.length) };
}

/** GET a page of `url`: the parameters (undefined and empty ones left out) and a fixed filter's. */
export async function readPage<T>(url: string, params: Record<string, string | number | boolean | undefined>, filter?: ListFilter | null): Promise<Paged<T>> {
  const query = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== "") query.append(k, String(v));
  for (const [k, v] of Object.entries(filter ?? {})) for (const one of [v].flat()) query.append(k, one);
  const { data, headers } = await api.get(url, { params: query });
  return pagedAnswer<T>(data, headers);
}
