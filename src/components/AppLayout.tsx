// Frame of every signed-in page: the sidebar menu comes from the resource list
// (src/providers/resources.ts) filtered by the role table (src/domain/roles).
import { Suspense, useMemo } from "react";
import { Outlet, useLocation } from "react-router";
import { useGetIdentity, useLogout } from "@refinedev/core";
import { Shell } from "./shell/Shell";
import { PageLoading } from "./PageLoading";
import { GlobalSearch } from "./global-search/GlobalSearch";
import { ErrorBoundary } from "./ErrorBoundary";
import { menuFor } from "../providers/resources";
import type { SessionUser } from "../providers/session";

export function AppLayout() {
  const { pathname } = useLocation();
  const { data: user } = useGetIdentity<SessionUser | null>();
  const { mutate: logout, isPending } = useLogout();
  const role = user?.rol;
  const menu = useMemo(() => (role ? menuFor(role) : []), [role]);

  // Stored session but user not loaded yet: render nothing (spec 2.1).
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

export default AppLayout;
