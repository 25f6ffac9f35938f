// Entry point. Only the router, the light shell and the public pages live here;
// the signed-in application (Refine + antd) is a separate chunk (App.tsx).
import { StrictMode, Suspense, type ReactNode } from "react";
import { createRoot } from "react-dom/client";
import { BrowserRouter, Route, Routes } from "react-router";
import { PublicLayout } from "./components/PublicLayout";
import { ErrorBoundary } from "./components/ErrorBoundary";
import { PUBLIC_ALIASES, PUBLIC_SCREENS } from "./custom-pages/platform/screens";
import { pageLoaderAt, prepareScreenAt, watchLinkIntent } from "./custom-pages/preload";
import { loadModule, pageComponent } from "./custom-pages/page-module";
import { loadApp } from "./app-loader";
import type { ScreenDecl } from "./custom-pages/screen";

const App = pageComponent(loadApp);
// The client's quote link (issue 34): no session, no app shell.
const loadPresupuestoPublico = () => import("./custom-pages/sales/presupuesto-publico");
const PresupuestoPublicoPage = pageComponent(loadPresupuestoPublico);

/** The public pages (src/custom-pages/platform/screens.ts), at their addresses and their old ones. */
const PUBLIC_PAGE = new Map((PUBLIC_SCREENS as readonly ScreenDecl[]).map((s) => [s.id, { load: s.page, Page: pageComponent(s.page) }]));
const PUBLIC_PAGES = [...PUBLIC_SCREENS, ...PUBLIC_ALIASES].map(({ id, path }) => ({ path, ...PUBLIC_PAGE.get(id)! }));

/**
 * The code the address shows first: a public page's, the client's quote page's, or the app's
 * with the screen's. The first render waits for it (the HTML's hints have it downloading
 * already), so the page appears whole, with no blank Suspense fallback held back by React.
 * A failed load renders anyway and the route shows its error.
 */
function firstCode(pathname: string): Promise<unknown> {
  const publicPage = PUBLIC_PAGES.find((p) => p.path === pathname);
  if (publicPage) return loadModule(publicPage.load);
  if (pathname.startsWith("/p/")) return loadModule(loadPresupuestoPublico);
  // A signed-in address: the screen's code and first reads start now, beside the app's code
  // and the session check (src/custom-pages/preload.ts); links start them when pressed.
  prepareScreenAt(pathname);
  const screen = pageLoaderAt(pathname);
  return Promise.all([loadModule(loadApp), screen && loadModule(screen)]);
}

/** A page with no shell around it (the app brings its own): its errors caught, a first visit's load blank. */
function Standalone({ page }: { page: ReactNode }) {
  return (
    <ErrorBoundary>
      <Suspense fallback={null}>{page}</Suspense>
    </ErrorBoundary>
  );
}

const ready = firstCode(location.pathname).catch(() => undefined);
watchLinkIntent();

const root = document.getElementById("root");
if (!root) throw new Error("Falta el elemento #root");

void ready.then(() =>
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
            element={<Standalone page={<PresupuestoPublicoPage />} />}
          />
          <Route
            path="*"
            element={<Standalone page={<App />} />}
          />
        </Routes>
      </BrowserRouter>
    </StrictMode>,
  ),
);
