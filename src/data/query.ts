// The web's one data layer for reads and writes outside Refine's data provider, on
// @tanstack/react-query with the QueryClient Refine creates (App.tsx: no retries, no
// refetch on focus). A read's key is what is selected (["facturas_estado", filter]): the
// answer shown is the one for that key, so an answer for a selection the person already
// left is never shown (no "wanted.current" guards); answers are cached per key while the
// screen lives and asked again when the screen opens; a write invalidates the keys it
// changes, whose screens then read again. A failed read is logged (specification 8) and
// its screen shows it as empty (`failed`).
import { useCallback, useEffect, useRef, useState } from "react";
import { keys } from "@refinedev/core";
import type { Paged } from "./page";
import { keepPreviousData, matchQuery, useQuery, useQueryClient, type Query, type QueryClient, type QueryKey } from "@tanstack/react-query";

export interface ApiQueryOptions<T> {
  /** Logged with the error when the read fails. */
  failMessage: string;
  /** False while the selection is not complete (nothing is asked). */
  enabled?: boolean;
  /** Keep showing the previous key's answer while the new one loads (`current` stays null). */
  keepPrevious?: boolean;
  /** How long an answer is fresh (default 0: asked again when a screen opens). */
  staleTime?: number;
  /** Shown at once for a key without an answer yet (e.g. the record a screen was opened with). */
  initialData?: T;
}

export interface ApiQuery<T> {
  /** The answer for the current key; null while it loads (or when it failed). */
  current: T | null;
  /** The latest answer, possibly for a previous key (with `keepPrevious`). */
  latest: T | null;
  loading: boolean;
  failed: boolean;
  /** Why it failed (the HTTP error), when `failed`. */
  error: unknown;
  /** Changes the cached answer of the current key (a saved row, an optimistic toggle). */
  setData: (update: (data: T) => T) => void;
  refetch: () => Promise<unknown>;
}

/** A read whose key is what is selected; `fn` may pass the signal on to the request. */
export function useApiQuery<T>(key: QueryKey, fn: (signal: AbortSignal) => Promise<T>, opts: ApiQueryOptions<T>): ApiQuery<T> {
  const client = useQueryClient();
  const { failMessage } = opts;
  const q = useQuery<T>({
    queryKey: key,
    // `signal` aborts the request when no screen needs its answer any more (a search typed further).
    queryFn: ({ signal }) =>
      fn(signal).catch((error: unknown) => {
        if (signal.aborted) throw error;
        console.error(failMessage, error);
        throw error;
      }),
    enabled: opts.enabled ?? true,
    staleTime: opts.staleTime ?? 0,
    placeholderData: opts.keepPrevious ? keepPreviousData : undefined,
    initialData: opts.initialData,
  });
  const hash = JSON.stringify(key);
  const setData = useCallback(
    (update: (data: T) => T) => client.setQueryData<T>(JSON.parse(hash) as QueryKey, (old) => (old === undefined ? old : update(old))),
    [client, hash],
  );
  const current = q.isPlaceholderData || q.data === undefined || q.isError ? null : q.data;
  return { current, latest: q.data ?? null, loading: q.isFetching && current === null, failed: q.isError, error: q.error, setData, refetch: q.refetch };
}

/** The write helper: after a write, `invalidate(key)` asks again every read under the area's key (src/custom-pages/<area>/keys.ts) and Refine's of the same resource. */
export function useInvalidate() {
  const client = useQueryClient();
  return useCallback((prefix: QueryKey) => invalidate(client, prefix), [client]);
}

/**
 * Asks again every read under `prefix`. A key starts with the resource (table) its rows come
 * from (each area's keys.ts), so the same resource's reads by Refine's data provider (the
 * declared list of `facturas_guias`, a record's page: ["data", "default", resource, …]) are
 * asked again too: one invalidation reaches every view of the same rows.
 */
export function invalidate(client: QueryClient, prefix: QueryKey): Promise<void> {
  const [resource] = prefix;
  const refine = typeof resource === "string" ? [keys().data().resource(resource).get()] : [];
  return Promise.all([prefix, ...refine].map((queryKey) => client.invalidateQueries({ queryKey }))).then(() => undefined);
}

/**
 * Writes made from a list's rows (a count, a toggle, a saved field): each row's answer is
 * patched into the page at once, but a read of the list that ran while a write was under
 * way (a search typed just after "Ajustar", a page opened again) may have been answered by
 * the server before the write committed, and would land over the patch or show the row as
 * it was. So the reads under `prefix` that ran during the writes are asked again when the
 * last write ends (one still running is cancelled first: its answer is dropped). Other
 * pages are not read again: a row that stops matching a filter stays until the person
 * moves on, so a toggle can still be undone.
 */
export function useListWrites(prefix: QueryKey) {
  const client = useQueryClient();
  const pending = useRef(0);
  const ran = useRef(new Set<Query>());
  const stopWatching = useRef<() => void>(() => {});
  const hash = JSON.stringify(prefix);
  return useCallback(
    async <T,>(write: () => Promise<T>): Promise<T> => {
      const filter = { queryKey: JSON.parse(hash) as QueryKey };
      if (pending.current++ === 0) {
        const cache = client.getQueryCache();
        ran.current = new Set(cache.findAll({ ...filter, fetchStatus: "fetching" }));
        stopWatching.current = cache.subscribe((event) => {
          if (event.type === "updated" && event.action.type === "fetch" && matchQuery(filter, event.query)) ran.current.add(event.query);
        });
      }
      try {
        return await write();
      } finally {
        if (--pending.current === 0) {
          stopWatching.current();
          const reads = ran.current;
          ran.current = new Set();
          if (reads.size > 0) {
            const predicate = (query: Query) => reads.has(query);
            void client.cancelQueries({ predicate }).then(() => client.invalidateQueries({ predicate }));
          }
        }
      }
    },
    [client, hash],
  );
}

export interface ListQuery {
  page: number;
  q: string;
}


/**
 * A custom screen's server-paged list: the query (page, typed search and the screen's own
 * filters) is the key; the search box's text is sent as `q` after a 300 ms pause, from page
 * 1. `current` is the page of the current query (null while it loads; empty with `failed`
 * when it failed); `latest` keeps the previous page's total while a new page loads.
 * `write` wraps a write made from the rows (useListWrites): reads that ran meanwhile are asked again.
 */
export function usePagedQuery<Q extends ListQuery, Row>(name: string, initial: Q, fetchPage: (query: Q) => Promise<Paged<Row>>, failMessage: string) {
  const [query, setQuery] = useState<Q>(initial);
  const [text, setText] = useState(initial.q);
  useEffect(() => {
    const timer = setTimeout(() => setQuery((q) => (q.q === text.trim() ? q : { ...q, q: text.trim(), page: 1 })), 300);
    return () => clearTimeout(timer);
  }, [text]);
  const page = useApiQuery<Paged<Row>>([name, "page", query], () => fetchPage(query), { failMessage, keepPrevious: true });
  const current = page.failed ? { rows: [] as Row[], total: 0, capped: false, failed: true } : page.current && { ...page.current, failed: false };
  /** Changes the rows shown (a saved row, an optimistic toggle). */
  const setRows = (update: (rows: Row[]) => Row[]) => page.setData((a) => ({ ...a, rows: update(a.rows) }));
  const write = useListWrites([name, "page"]);
  return { query, setQuery, text, setText, current, latest: page.latest, setRows, write, refetch: page.refetch };
}

const suggestionKey = (text: string) => text.trim().toLocaleLowerCase("es-CL");

/**
 * Search-as-you-type over `GET api/<name>/sugerencias?q=` (the pickers): one answer per
 * text, kept a minute; `items` is the answer for the latest text searched (the previous
 * one while it loads, never an older text's late answer). `lookup(text)` gives the answer
 * for any text (cached the same way). A failed search is silent (specification 8): logged,
 * an empty list, and not kept.
 */
export function useSuggestions<T>(name: string, suggest: (text: string) => Promise<T[]>, failMessage: string) {
  const client = useQueryClient();
  const [text, setText] = useState("");
  const options = useCallback(
    (t: string) => ({
      queryKey: [name, "sugerencias", suggestionKey(t)] as QueryKey,
      queryFn: () =>
        suggest(t.trim()).catch((error: unknown) => {
          console.error(failMessage, error);
          throw error;
        }),
      staleTime: 60_000,
    }),
    [name, suggest, failMessage],
  );
  const q = useQuery<T[]>({ ...options(text), placeholderData: keepPreviousData });
  const lookup = useCallback((t: string): Promise<T[]> => client.fetchQuery<T[]>(options(t)).catch(() => []), [client, options]);
  return { items: q.isError ? [] : (q.data ?? []), loading: q.isFetching || q.isPlaceholderData, search: setText, lookup };
}

/** Changes the cached answer of any key (a write whose answer belongs to the record it was made for, not to what is selected now). */
export function useSetQueryData() {
  const client = useQueryClient();
  return useCallback(<T,>(key: QueryKey, update: (data: T) => T) => client.setQueryData<T>(key, (old) => (old === undefined ? old : update(old))), [client]);
}
