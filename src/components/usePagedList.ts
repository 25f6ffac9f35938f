// A custom screen's server-paged list: the query (page, typed search and the screen's own
// filters), the search box's text sent as `q` after a 300 ms pause (from page 1), and the
// answer. An answer applies only to the query it was asked for: `current` is null while
// a newer query is loading, and a late answer for an old query is dropped. A failed load
// is logged (section 8) and leaves the list empty with `failed` set.
import { useEffect, useRef, useState } from "react";

export interface ListQuery {
  page: number;
  q: string;
}

export interface PageAnswer<Q, Row> {
  query: Q;
  rows: Row[];
  total: number;
  failed: boolean;
}

export function usePagedList<Q extends ListQuery, Row>(initial: Q, fetchPage: (query: Q) => Promise<{ rows: Row[]; total: number }>, failMessage: string) {
  const [query, setQuery] = useState<Q>(initial);
  const [text, setText] = useState(initial.q);
  const [answer, setAnswer] = useState<PageAnswer<Q, Row> | null>(null);
  // The latest fetcher without re-running the load when the screen re-renders.
  const fetchRef = useRef(fetchPage);
  useEffect(() => {
    fetchRef.current = fetchPage;
  });

  useEffect(() => {
    let live = true;
    fetchRef.current(query).then(
      ({ rows, total }) => {
        if (live) setAnswer({ query, rows, total, failed: false });
      },
      (error: unknown) => {
        console.error(failMessage, error);
        if (live) setAnswer({ query, rows: [], total: 0, failed: true });
      },
    );
    return () => {
      live = false;
    };
  }, [query, failMessage]);

  useEffect(() => {
    const timer = setTimeout(() => setQuery((q) => (q.q === text.trim() ? q : { ...q, q: text.trim(), page: 1 })), 300);
    return () => clearTimeout(timer);
  }, [text]);

  const current = answer?.query === query ? answer : null;
  return { query, setQuery, text, setText, answer, setAnswer, current };
}
