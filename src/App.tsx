// The signed-in application: Refine with antd in Spanish (es-CL), the protected
// root layout and every route of specification 2.1. Loaded lazily by main.tsx, so
// the public pages (/login, /register) do not download it.
import { useEffect, useMemo, type ComponentType } from "react";
import { Navigate, Route, Routes, useNavigate } from "react-router";
import { Authenticated, Refine, type IResourceItem } from "@refinedev/core";
import routerProvider, { DocumentTitleHandler, UnsavedChangesNotifier } from "@refinedev/react-router";
import { App as AntdApp, ConfigProvider } from "antd";
import esES from "antd/es/locale/es_ES";
import dayjs from "dayjs";
import "dayjs/locale/es";

import { AppLayout } from "./components/AppLayout";
import { usePrefersReducedMotion } from "./components/usePrefersReducedMotion";
import { authProvider } from "./providers/auth-provider";
import { dataProvider } from "./providers/data-provider";
import { accessControlProvider } from "./providers/access-control";
import { i18nProvider } from "./providers/i18n-provider";
import { useVentanalNotificationProvider } from "./providers/notification-provider";
import { RESOURCES, findResource } from "./providers/resources";
import { SCREENS, linkTo } from "./custom-pages/screens";
import type { PageLoader, ScreenDecl } from "./custom-pages/screen";
import { setLoginRedirectHandler } from "./providers/app-events";
import { pageComponent } from "./custom-pages/page-module";
import { DECLARED_PAGES } from "./custom-pages/preload";
import { themeFor } from "./theme";

dayjs.locale("es");

type Page = ComponentType;

const NotFoundPage = pageComponent(() => import("./custom-pages/platform/not-found"));

/** Each declared screen's page, loaded on first visit or before (src/custom-pages/preload.ts). */
const PAGES = new Map<PageLoader, Page>();
function pageOf(load: PageLoader): Page {
  let page = PAGES.get(load);
  if (!page) PAGES.set(load, (page = pageComponent(load)));
  return page;
}

/** The signed-in application's screens: every declared screen but the public ones (main.tsx routes those). */
const APP_SCREENS = (SCREENS as readonly ScreenDecl[]).filter((s) => !s.public);

/** The declared resources' pages (src/domain/resources), one set for all, told which resource by name. */
const DeclaredList = pageComponent(DECLARED_PAGES.list);
const DeclaredShow = pageComponent(DECLARED_PAGES.show);
const DeclaredCreate = pageComponent(DECLARED_PAGES.create);
const DeclaredEdit = pageComponent(DECLARED_PAGES.edit);
const DECLARED_NAMES = RESOURCES.filter((r) => r.meta.declared).map((r) => r.name);


const ACTION_TITLES: Record<string, string> = { create: "Nuevo", edit: "Editar", show: "Detalle", clone: "Copiar" };

function documentTitle({ resource, action, pathname }: { resource?: IResourceItem; action?: string; pathname?: string }): string {
  const suffix = " | Ventanal";
  const own = APP_SCREENS.find((s) => s.menu.length === 0 && s.path === pathname);
  if (own) return `${own.title}${suffix}`;
  const meta = findResource(resource?.name)?.meta;
  if (!meta) return `Página no encontrada${suffix}`;
  const name = meta.title ?? meta.label;
  const prefix = action && action !== "list" ? `${ACTION_TITLES[action] ?? action} · ` : "";
  return `${prefix}${name}${suffix}`;
}

function RefineApp() {
  const navigate = useNavigate();
  const notificationProvider = useVentanalNotificationProvider();

  useEffect(() => setLoginRedirectHandler(() => navigate(linkTo("login"), { replace: true })), [navigate]);

  return (
    <Refine
      dataProvider={dataProvider}
      authProvider={authProvider}
      accessControlProvider={accessControlProvider}
      i18nProvider={i18nProvider}
      routerProvider={routerProvider}
      notificationProvider={notificationProvider}
      resources={RESOURCES}
      options={{
        syncWithLocation: true,
        warnWhenUnsavedChanges: true,
        disableTelemetry: true,
        mutationMode: "pessimistic",
        reactQuery: { clientConfig: { defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } } } },
      }}
    >
      <Routes>
        <Route
          element={
            <Authenticated key="protected-root" fallback={<Navigate to={linkTo("login")} replace />} loading={null}>
              <AppLayout />
            </Authenticated>
          }
        >
          {APP_SCREENS.map((s) => {
            const Screen = pageOf(s.page);
            const at = s.path.slice(1);
            if (!s.crud) return at ? <Route key={s.id} path={at} element={<Screen />} /> : <Route key={s.id} index element={<Screen />} />;
            const { create: Create, edit: Edit, show: Show } = { create: pageOf(s.crud.create), edit: pageOf(s.crud.edit), show: pageOf(s.crud.show) };
            return (
              <Route key={s.id} path={at}>
                <Route index element={<Screen />} />
                <Route path="create" element={<Create />} />
                <Route path="edit/:id" element={<Edit />} />
                <Route path="show/:id" element={<Show />} />
              </Route>
            );
          })}
          {DECLARED_NAMES.map((name) => (
            <Route key={name} path={name}>
              <Route index element={<DeclaredList key={name} name={name} />} />
              <Route path="create" element={<DeclaredCreate key={name} name={name} />} />
              <Route path="edit/:id" element={<DeclaredEdit key={name} name={name} />} />
              <Route path="show/:id" element={<DeclaredShow key={name} name={name} />} />
            </Route>
          ))}
          <Route path="*" element={<NotFoundPage />} />
        </Route>
      </Routes>
      <UnsavedChangesNotifier />
      <DocumentTitleHandler handler={documentTitle} />
    </Refine>
  );
}

export default function App() {
  const reducedMotion = usePrefersReducedMotion();
  const themed = useMemo(() => themeFor(reducedMotion), [reducedMotion]);
  return (
    <ConfigProvider locale={esES} theme={themed}>
      <AntdApp>
        <RefineApp />
      </AntdApp>
    </ConfigProvider>
  );
}
