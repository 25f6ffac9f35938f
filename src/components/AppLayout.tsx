// Frame of every signed-in page: the sidebar menu comes from the resource list
// (src/providers/resources.ts) filtered by the role table (src/domain/roles).
import { Suspense, useEffect, useLayoutEffect, useMemo } from "react";
import { Outlet, useLocation } from "react-router";
import { useGetIdentity, useLogout } from "@refinedev/core";
import { Shell } from "./shell/Shell";
import { PageLoading } from "./PageLoading";
import { GlobalSearch } from "./global-search/GlobalSearch";
import { ErrorBoundary } from "./ErrorBoundary";
import { menuFor, type MenuEntry } from "../providers/resources";
import { getStoredUser, type SessionUser } from "../providers/session";
import { prefetcher } from "../data/prefetch";
import { useProviderWrites } from "../data/query";
import { prepareScreenAt, preloadWhenIdle } from "../custom-pages/preload";

export function AppLayout() {
  const { pathname } = useLocation();
  // The stored user is the user while the server confirms it (GET api/sesion refreshes it in
  // the background): the screen's code and data do not wait for that round trip.
  const { data: identity } = useGetIdentity<SessionUser | null>();
  const user = identity ?? getStoredUser();
  // Each arrival at a screen: its learned first reads start now, beside the screen's code
  // (src/data/prefetch.ts; a link's pointerdown may have started them already). Keyed by the
  // path: a list that writes its page into the address (?current=…) stays the same screen.
  useLayoutEffect(() => {
    prefetcher.setUser(getStoredUser()?.id);
    prefetcher.arrive(pathname);
    prepareScreenAt(pathname);
  }, [pathname]);
  useProviderWrites();
  const { mutate: logout, isPending } = useLogout();
  const role = user?.rol;
  const menu = useMemo(() => (role ? menuFor(role) : []), [role]);
  // The menu's other screens: their code, when the browser has nothing else to do.
  useEffect(() => preloadWhenIdle(menuPaths(menu)), [menu]);

  // No user at all (no stored session): render nothing (spec 2.1; Authenticated redirects).
  if (!user) return null;

  return (
    <Shell menu={menu} user={{ nombre: user.nombre, rol: user.rol }} onLogout={() => logout()} loggingOut={isPending} tools={<GlobalSearch />}>
      <ErrorBoundary resetKey={pathname}>
        <Suspense fallback={<PageLoading />}>
          <Outlet />
        </Suspense>
      </ErrorBoundary>
    </Shell>
  );
}

/** Every screen address of a menu, in its order. */
function menuPaths(entries: readonly MenuEntry[]): string[] {
  return entries.flatMap((e) => (e.kind === "link" ? [e.path] : menuPaths(e.children)));
}

export default AppLayout;
