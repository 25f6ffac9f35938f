// The banner of a screen: one message at a time. Success messages disappear after
// 3 s (specification section 9); errors and warnings stay until the next action, unless
// the screen's messages all disappear (`{ hideAll: true }`, e.g. the Pauta row of
// section 8).
import { useCallback, useEffect, useRef, useState } from "react";

export const SUCCESS_MS = 3000;

export type BannerType = "success" | "error" | "warning" | "info";

export interface Banner {
  type: BannerType;
  message: string;
  /** Optional second line (e.g. which row failed). */
  description?: string;
}

export function useBanner(opts: { hideAll?: boolean } = {}) {
  const hideAll = opts.hideAll === true;
  const [banner, setBanner] = useState<Banner | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  const clearTimer = () => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
  };

  const show = useCallback((next: Banner | null) => {
    clearTimer();
    setBanner(next);
    if (next && (next.type === "success" || hideAll)) {
      timer.current = setTimeout(() => setBanner(null), SUCCESS_MS);
    }
  }, [hideAll]);

  useEffect(() => clearTimer, []);

  return { banner, show, clear: useCallback(() => show(null), [show]) };
}
