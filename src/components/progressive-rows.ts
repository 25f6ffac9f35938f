// A page of rows paints in two steps: the rows that fill the screen at once, the rest (below
// the fold) right after the browser has shown those. Drawing 50 antd table rows is most of
// what a list costs on a slow phone (issue 36: at CPU 4× the first row came 0.6–1.1 s after
// the screen's frame although the data was there); the person reads the first rows while the
// others are drawn, and nothing on screen moves (the new rows go below what is shown).
// A change to the rows already shown (a saved row, an optimistic toggle) is drawn at once.
import { useEffect, useState, type Key } from "react";

/** Rows drawn first: more than a 1280×900 screen (or a phone's cards) shows. */
export const FIRST_ROWS = 20;

/**
 * The rows to draw now: all of them, or for a page just arrived (its first and last keys
 * and its length not seen before) its first `first` until the next frame.
 */
export function useProgressiveRows<T>(rows: readonly T[] | undefined, keyOf: (row: T, index: number) => Key, first = FIRST_ROWS): readonly T[] | undefined {
  const page = rows && rows.length > first ? `${String(keyOf(rows[0], 0))}…${String(keyOf(rows[rows.length - 1], rows.length - 1))}#${rows.length}` : null;
  const [drawn, setDrawn] = useState<string | null>(null);
  useEffect(() => {
    if (page === null || page === drawn) return;
    // After the browser paints the first rows: a frame, then a task.
    let timer = 0;
    const frame = requestAnimationFrame(() => {
      timer = window.setTimeout(() => setDrawn(page), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [page, drawn]);
  return page === null || page === drawn ? rows : rows!.slice(0, first);
}
