// Frame for the public pages (/login, /register): the same sidebar without menu
// sections; logged-out visitors see the Login and Registrar links.
import { Suspense, useState } from "react";
import { Outlet, useLocation, useNavigate } from "react-router";
import { Shell, type ShellUser } from "./shell/Shell";
import { PageLoading } from "./PageLoading";
import { ErrorBoundary } from "./ErrorBoundary";
import { getStoredUser } from "../providers/session";
import { logout } from "../providers/auth-provider";
import { linkTo } from "../custom-pages/screens";

const NO_MENU: never[] = [];

export function PublicLayout() {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const stored = getStoredUser();
  const user: ShellUser | null = stored ? { nombre: stored.nombre, rol: stored.rol } : null;
  const [loggingOut, setLoggingOut] = useState(false);

  const onLogout = async () => {
    setLoggingOut(true);
    try {
      await logout();
    } finally {
      setLoggingOut(false);
      navigate(linkTo("login"), { replace: true });
    }
  };

  return (
    <Shell menu={NO_MENU} user={user} onLogout={onLogout} loggingOut={loggingOut}>
      <ErrorBoundary resetKey={pathname}>
        <Suspense fallback={<PageLoading />}>
          <Outlet />
        </Suspense>
      </ErrorBoundary>
    </Shell>
  );
}

export default PublicLayout;
