// Which row buttons are working (a save, a delete, a PDF of one row): `during(key, fn)`
// marks the key while fn runs; `busy.has(key)` shows the button loading or disabled. A
// second call for a key still running (a double click) does nothing and gives undefined.
import { useCallback, useRef, useState } from "react";

export function useBusy<K extends string | number = string>() {
  const [busy, setBusy] = useState<ReadonlySet<K>>(new Set());
  // Read synchronously: two clicks in one frame both see the state of before the first.
  const running = useRef(new Set<K>());
  const during = useCallback(async <T,>(key: K, fn: () => Promise<T>): Promise<T | undefined> => {
    if (running.current.has(key)) return undefined;
    running.current.add(key);
    setBusy(new Set(running.current));
    try {
      return await fn();
    } finally {
      running.current.delete(key);
      setBusy(new Set(running.current));
    }
  }, []);
  return { busy, during };
}
