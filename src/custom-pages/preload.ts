// A screen's code fetched before it is shown: when its address is known at start (a reload),
// when a link to it is pointed at or focused (hover: code), pressed (pointerdown: code and
// first reads, src/data/prefetch.ts), and, for the menu's screens, when the browser is idle.
// A page's module is fetched once (page-module.ts); its page then renders without suspending.
import { SCREENS } from "./screens";
import { isModuleStarted, loadModule } from "./page-module";
import type { ScreenDecl } from "./screen";
import { prefetcher } from "../data/prefetch";
import { getStoredUser, getToken } from "../providers/session";

/** Something that loads a page's module. */
type Loader = () => Promise<unknown>;

/** The declared resources' pages (src/resources/declared), one set for every declared resource. */
export const DECLARED_PAGES = {
  list: () => import("../resources/declared/list"),
  create: () => import("../resources/declared/create"),
  edit: () => import("../resources/declared/edit"),
  show: () => import("../resources/declared/show"),
} satisfies Record<"list" | "create" | "edit" | "show", Loader>;

const ACTIONS = ["create", "edit", "show"] as const;

/** The page module of a signed-in address: a declared screen, a CRUD screen's page, or a declared resource's. */
export function pageLoaderAt(pathname: string): Loader | undefined {
  const screens = SCREENS as readonly ScreenDecl[];
  const exact = screens.find((s) => s.path === pathname);
  if (exact) return exact.page;
  const [, base = "", action] = pathname.split("/");
  const crud = screens.find((s) => s.path === `/${base}`)?.crud;
  const kind = ACTIONS.find((a) => a === action);
  if (crud) return kind ? crud[kind] : undefined;
  if (!/^[a-z_]+$/.test(base)) return undefined;
  return kind ? DECLARED_PAGES[kind] : action === undefined ? DECLARED_PAGES.list : undefined;
}

/** Fetches the code of the screen at `pathname` (once); failures are left to the route. */
export function preloadScreenAt(pathname: string): void {
  const load = pageLoaderAt(pathname);
  if (load) loadModule(load).catch(() => undefined);
}

/** Code and first reads of the screen at `pathname`, when someone is signed in. */
export function prepareScreenAt(pathname: string): void {
  const token = getToken();
  if (!token) return;
  preloadScreenAt(pathname);
  prefetcher.setUser(getStoredUser()?.id);
  prefetcher.prefetch(pathname, token);
}

/** The in-app address of the link an event started on, or undefined. */
function internalLink(event: Event): string | undefined {
  const a = (event.target as Element | null)?.closest?.("a[href]") as HTMLAnchorElement | null;
  if (!a || a.origin !== location.origin || (a.target && a.target !== "_self") || a.hasAttribute("download")) return undefined;
  return a.pathname;
}

/** Listens, once for the whole document, for the moments a person is about to open a link. */
export function watchLinkIntent(): void {
  const opts = { capture: true, passive: true } as const;
  const code = (e: Event) => {
    const path = internalLink(e);
    if (path && getToken()) preloadScreenAt(path);
  };
  document.addEventListener("pointerover", code, opts);
  document.addEventListener("focusin", code, opts);
  document.addEventListener(
    "pointerdown",
    (e) => {
      const path = (e as PointerEvent).button === 0 ? internalLink(e) : undefined;
      if (path && path !== location.pathname) prepareScreenAt(path);
    },
    opts,
  );
  document.addEventListener(
    "keydown",
    (e) => {
      const path = (e as KeyboardEvent).key === "Enter" ? internalLink(e) : undefined;
      if (path && path !== location.pathname) prepareScreenAt(path);
    },
    opts,
  );
}

/** Idle preloading starts this long after the screen opened: its own code and reads go first. */
const IDLE_AFTER_MS = 2_000;

/** When the browser is idle, the code of these screens (the menu's), one at a time. */
export function preloadWhenIdle(paths: readonly string[]): () => void {
  let cancelled = false;
  const idle = (fn: () => void) => {
    if (typeof window.requestIdleCallback === "function") window.requestIdleCallback(fn, { timeout: 4_000 });
    else setTimeout(fn, 1_500);
  };
  const queue = paths.map(pageLoaderAt).filter((l): l is Loader => Boolean(l) && !isModuleStarted(l!));
  const next = () => {
    const load = queue.shift();
    if (cancelled || !load) return;
    if (isModuleStarted(load)) return next();
    loadModule(load)
      .catch(() => undefined)
      .finally(() => idle(next));
  };
  const timer = setTimeout(() => idle(next), IDLE_AFTER_MS);
  return () => {
    clearTimeout(timer);
    cancelled = true;
  };
}
