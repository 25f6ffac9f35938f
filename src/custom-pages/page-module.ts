// A page's code, loaded once and readable synchronously once loaded. React's `lazy` suspends
// on every first render, even when the chunk is already in memory (its promise settles a tick
// later), and React 19 holds a revealed Suspense boundary back up to 300 ms after the last
// fallback it showed. A page read through `use()` of a promise that carries React's
// `status`/`value` fields renders at once when its code is there, and suspends only when it
// is not (a first visit with nothing preloaded).
import { createElement, use, type ComponentType } from "react";

type Module<P> = { default: ComponentType<P> };
type Tracked<T> = Promise<T> & { status?: "pending" | "fulfilled" | "rejected"; value?: T; reason?: unknown };

const modules = new Map<() => Promise<unknown>, Tracked<unknown>>();

/** The module `load` imports, started once; a failed load is forgotten, so a later visit retries. */
export function loadModule<T>(load: () => Promise<T>): Tracked<T> {
  let p = modules.get(load) as Tracked<T> | undefined;
  if (p) return p;
  p = load() as Tracked<T>;
  const tracked = p;
  tracked.status = "pending";
  tracked.then(
    (value) => {
      tracked.status = "fulfilled";
      tracked.value = value;
    },
    (reason: unknown) => {
      tracked.status = "rejected";
      tracked.reason = reason;
      modules.delete(load);
    },
  );
  modules.set(load, tracked);
  return tracked;
}

/** True once `load`'s module has been asked for (loading or loaded). */
export const isModuleStarted = (load: () => Promise<unknown>): boolean => modules.has(load);

/** A component rendering the default export of `load`'s module: `lazy` without a needless suspension. */
export function pageComponent<P extends object>(load: () => Promise<Module<P>>): ComponentType<P> {
  function LoadedPage(props: P) {
    const mod = use(loadModule(load) as Promise<Module<P>>);
    return createElement(mod.default, props);
  }
  return LoadedPage;
}
