// Which row buttons are working (a save, a delete, a PDF of one row): `during(key, fn)`
// marks the key while fn runs; `busy.has(key)` shows the button loading.
import { useCallback, useState } from "react";

export function useBusy() {
  const [busy, setBusy] = useState<ReadonlySet<string>>(new Set());
  const mark = useCallback(
    (key: string, on: boolean) =>
      setBusy((b) => {
        const next = new Set(b);
        if (on) next.add(key);
        else next.delete(key);
        return next;
      }),
    [],
  );
  const during = useCallback(
    async <T,>(key: string, fn: () => Promise<T>): Promise<T> => {
      mark(key, true);
      try {
        return await fn();
      } finally {
        mark(key, false);
      }
    },
    [mark],
  );
  return { busy, during };
}
