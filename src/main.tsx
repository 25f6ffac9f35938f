// Entry point. Only the router, the light shell and the public pages live here;
// the signed-in application (Refine + antd) is a separate chunk (App.tsx).
import { StrictMode, Suspense, lazy } from "react";
import { createRoot } from "react-dom/client";
import { BrowserRouter, Route, Routes } from "react-router";
import { PublicLayout } from "./components/PublicLayout";
import { ErrorBoundary } from "./components/ErrorBoundary";
import { PUBLIC_ALIASES, PUBLIC_SCREENS } from "./custom-pages/platform/screens";
import { prepareScreenAt, watchLinkIntent } from "./custom-pages/preload";

const App = lazy(() => import("./App"));
// The client's quote link (issue 34): no session, no app shell.
const PresupuestoPublicoPage = lazy(() => import("./custom-pages/sales/presupuesto-publico"));

/** The public pages (src/custom-pages/platform/screens.ts), at their addresses and their old ones. */
const PUBLIC_PAGE = new Map(PUBLIC_SCREENS.map((s) => [s.id as string, lazy(s.page)]));
const PUBLIC_PAGES = [...PUBLIC_SCREENS, ...PUBLIC_ALIASES].map(({ id, path }) => ({ path, Page: PUBLIC_PAGE.get(id)! }));

// A signed-in address: the screen's code and first reads start now, beside the app's code
// and the session check (src/custom-pages/preload.ts); links start them when pressed.
if (!PUBLIC_PAGES.some((p) => p.path === location.pathname)) prepareScreenAt(location.pathname);
watchLinkIntent();

const root = document.getElementById("root");
if (!root) throw new Error("Falta el elemento #root");

createRoot(root).render(
  <StrictMode>
    <BrowserRouter>
      <Routes>
        <Route element={<PublicLayout />}>
          {PUBLIC_PAGES.map(({ path, Page }) => (
            <Route key={path} path={path} element={<Page />} />
          ))}
        </Route>
        <Route
          path="/p/:token"
          element={
            <ErrorBoundary>
              <Suspense fallback={null}>
                <PresupuestoPublicoPage />
              </Suspense>
            </ErrorBoundary>
          }
        />
        <Route
          path="*"
          element={
            <ErrorBoundary>
              <Suspense fallback={null}>
                <App />
              </Suspense>
            </ErrorBoundary>
          }
        />
      </Routes>
    </BrowserRouter>
  </StrictMode>,
);
