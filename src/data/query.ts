// The web's one data layer for reads and writes outside Refine's data provider, on
// @tanstack/react-query with the QueryClient Refine creates (App.tsx: no retries, no
// refetch on focus). A read's key is what is selected (["facturas_estado", filter]): the
// answer shown is the one for that key, so an answer for a selection the person already
// left is never shown (no "wanted.current" guards); answers are cached per key while the
// screen lives and asked again when the screen opens; a write invalidates the keys it
// changes, whose screens then read again. A failed read is logged (specification 8) and
// its screen shows it as empty (`failed`).
import { useCallback, useEffect, useState } from "react";
import { keys } from "@refinedev/core";
import type { Paged } from "./page";
import { onProviderWrite } from "../providers/data-provider";
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

export interface WriteEffects {
  /**
   * The keys the write changes (each area's keys.ts): once it is saved, their reads and
   * Refine's of the same resource are asked again, and the write resolves when the screens
   * showing them have their new answer. A refused write asks nothing again: a screen whose
   * editable rows start from a read keeps what the person typed.
   */
  invalidates?: readonly QueryKey[];
  /**
   * The list the write was made from, whose rows the caller patches with the answer (a
   * count, a toggle, a saved field): a read of it that ran while a write was under way (a
   * search typed just after "Ajustar", a page opened again) may have been answered before
   * the write committed and would land over the patch, so the reads under this key that ran
   * during its writes are asked again when the last of them ends (one still running is
   * cancelled first). Other pages are not read again: a row that stops matching a filter
   * stays until the person moves on, so a toggle can still be undone.
   */
  from?: QueryKey;
}

/**
 * The one way a screen writes outside Refine's data provider:
 * `write(() => api.call(...), { invalidates: [keys.x()], from: keys.list() })`. It returns
 * the call's answer (a saved row the caller may put in the cache with `setData`).
 */
export function useWrite() {
  const client = useQueryClient();
  return useCallback(<T,>(call: () => Promise<T>, effects: WriteEffects = {}) => write(client, call, effects), [client]);
}

export async function write<T>(client: QueryClient, call: () => Promise<T>, { invalidates = [], from }: WriteEffects = {}): Promise<T> {
  const ended = from ? watchReads(client, from) : () => {};
  let answer: T;
  try {
    answer = await call();
  } finally {
    ended();
  }
  await Promise.all(invalidates.map((key) => invalidate(client, key)));
  return answer;
}

/**
 * The other way round: a write through Refine's data provider (a declared resource's form, a
 * row's «Eliminar») asks again the screens' reads of its resource, the keys that start with
 * it (a picker's suggestions, kept a minute, find a client saved a moment ago). Refine asks
 * again its own. Mounted once, in the signed-in layout.
 */
export function useProviderWrites() {
  const client = useQueryClient();
  useEffect(() => onProviderWrite((resource) => void client.invalidateQueries({ queryKey: [resource] })), [client]);
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

/** The reads under one list's key that ran while writes made from its rows were under way. */
interface Watch {
  pending: number;
  ran: Set<Query>;
  stop: () => void;
}
const watches = new WeakMap<QueryClient, Map<string, Watch>>();

/** Starts watching `prefix`'s reads for a write (see `WriteEffects.from`); the function returned ends it. */
function watchReads(client: QueryClient, prefix: QueryKey): () => void {
  const byKey = watches.get(client) ?? new Map<string, Watch>();
  watches.set(client, byKey);
  const hash = JSON.stringify(prefix);
  const filter = { queryKey: prefix };
  let watch = byKey.get(hash);
  if (!watch) {
    const cache = client.getQueryCache();
    const ran = new Set(cache.findAll({ ...filter, fetchStatus: "fetching" }));
    const stop = cache.subscribe((event) => {
      if (event.type === "updated" && event.action.type === "fetch" && matchQuery(filter, event.query)) ran.add(event.query);
    });
    watch = { pending: 0, ran, stop };
    byKey.set(hash, watch);
  }
  watch.pending++;
  const current = watch;
  return () => {
    if (--current.pending > 0) return;
    current.stop();
    byKey.delete(hash);
    if (current.ran.size === 0) return;
    const predicate = (query: Query) => current.ran.has(query);
    void client.cancelQueries({ predicate }).then(() => client.invalidateQueries({ predicate }));
  };
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
 * A write made from its rows passes `from: listKey` to `useWrite`'s write.
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
  return { query, setQuery, text, setText, current, latest: page.latest, setRows, refetch: page.refetch, listKey: [name, "page"] as QueryKey };
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
