// The signed-in application: Refine with antd in Spanish (es-CL), the protected
// root layout and every route of specification 2.1. Loaded lazily by main.tsx, so
// the public pages (/login, /register) do not download it.
import { lazy, useEffect, useMemo, type ComponentType, type LazyExoticComponent } from "react";
import { Navigate, Route, Routes, useNavigate } from "react-router";
import { Authenticated, Refine, type IResourceItem } from "@refinedev/core";
import routerProvider, { DocumentTitleHandler, UnsavedChangesNotifier } from "@refinedev/react-router";
import { App as AntdApp, ConfigProvider, type ThemeConfig } from "antd";
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
import { RESOURCES, findResource, screenRoutes } from "./providers/resources";
import { setLoginRedirectHandler } from "./providers/app-events";

dayjs.locale("es");

type Page = LazyExoticComponent<ComponentType>;

const HomePage = lazy(() => import("./custom-pages/home"));
const ProfilePage = lazy(() => import("./custom-pages/profile"));
const NotFoundPage = lazy(() => import("./custom-pages/not-found"));
const EnConstruccion = lazy(() => import("./custom-pages/en-construccion"));

/** Screens that exist; every other route of the table shows "en construcción". */
const SCREEN_PAGES: Record<string, Page> = {
  "/IngresoCliente": lazy(() => import("./custom-pages/ingreso-cliente")),
  "/EmpresaPage": lazy(() => import("./custom-pages/empresa")),
  "/IngresoPresupuesto": lazy(() => import("./custom-pages/ingreso-presupuesto")),
  "/IngresoItems": lazy(() => import("./custom-pages/ingreso-items")),
  "/EditarPresupuestos": lazy(() => import("./custom-pages/editar-presupuestos")),
  "/OTPautasPage": lazy(() => import("./custom-pages/ot-pautas")),
  "/StockReservado": lazy(() => import("./custom-pages/stock-reservado")),
  "/SeguimientoUTVPage": lazy(() => import("./custom-pages/seguimiento-utv")),
  "/TrabajadoresPage": lazy(() => import("./custom-pages/trabajadores")),
  "/StockActual": lazy(() => import("./custom-pages/stock-actual")),
  "/SalidasPage": lazy(() => import("./custom-pages/salidas")),
  "/AjusteStock": lazy(() => import("./custom-pages/ajuste-stock")),
  "/CrearSolicitudBodegaPage": lazy(() => import("./custom-pages/crear-solicitud-bodega")),
  "/BodegaSolicitudesPage": lazy(() => import("./custom-pages/bodega-solicitudes")),
  "/ProveedorPage": lazy(() => import("./custom-pages/proveedores")),
  "/CrearOCPage": lazy(() => import("./custom-pages/crear-oc")),
  "/EditarOCPage": lazy(() => import("./custom-pages/editar-oc")),
  "/OCPendientePage": lazy(() => import("./custom-pages/oc-pendientes")),
  "/IngresosPage": lazy(() => import("./custom-pages/ingresos")),
  "/SeguimientoObrasPage": lazy(() => import("./custom-pages/seguimiento-obras")),
  "/ResumenObrasMatPage": lazy(() => import("./custom-pages/resumen-obras")),
  "/FacturasGuiasPage": lazy(() => import("./custom-pages/facturas-guias")),
  "/FacturasEstadoPage": lazy(() => import("./custom-pages/facturas-estado")),
  "/PagosClientesPage": lazy(() => import("./custom-pages/pagos-clientes")),
  "/auditoria": lazy(() => import("./resources/auditoria/list")),
  "/RespaldosPage": lazy(() => import("./custom-pages/platform/respaldos")),
};

interface CrudPages {
  list: Page;
  /** Without create/edit pages the resource is a list (its records are made on another screen). */
  create?: Page;
  edit?: Page;
  show?: Page;
}

const CRUD_PAGES: Record<string, CrudPages> = {
  presupuestos: {
    list: lazy(() => import("./resources/presupuestos/list")),
    create: lazy(() => import("./resources/presupuestos/create")),
    edit: lazy(() => import("./resources/presupuestos/edit")),
    show: lazy(() => import("./resources/presupuestos/show")),
  },
};

/** The declared resources' pages (src/domain/resources), one set for all, told which resource by name. */
const DeclaredList = lazy(() => import("./resources/declared/list"));
const DeclaredShow = lazy(() => import("./resources/declared/show"));
const DeclaredCreate = lazy(() => import("./resources/declared/create"));
const DeclaredEdit = lazy(() => import("./resources/declared/edit"));
const DECLARED_NAMES = RESOURCES.filter((r) => r.meta.declared).map((r) => r.name);

const theme: ThemeConfig = {
  token: {
    colorPrimary: "#1d5c8c",
    colorLink: "#1d5c8c",
    borderRadius: 6,
    fontFamily:
      '-apple-system, BlinkMacSystemFont, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
  },
};

const ACTION_TITLES: Record<string, string> = { create: "Nuevo", edit: "Editar", show: "Detalle", clone: "Copiar" };

function documentTitle({ resource, action, pathname }: { resource?: IResourceItem; action?: string; pathname?: string }): string {
  const suffix = " | Ventanal";
  if (pathname === "/") return `Inicio${suffix}`;
  if (pathname === "/ProfilePage") return `Perfil${suffix}`;
  const meta = findResource(resource?.name)?.meta;
  if (!meta) return `Página no encontrada${suffix}`;
  const name = meta.title ?? meta.label;
  const prefix = action && action !== "list" ? `${ACTION_TITLES[action] ?? action} · ` : "";
  return `${prefix}${name}${suffix}`;
}

function RefineApp() {
  const navigate = useNavigate();
  const notificationProvider = useVentanalNotificationProvider();

  useEffect(() => setLoginRedirectHandler(() => navigate("/login", { replace: true })), [navigate]);

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
            <Authenticated key="protected-root" fallback={<Navigate to="/login" replace />} loading={null}>
              <AppLayout />
            </Authenticated>
          }
        >
          <Route index element={<HomePage />} />
          <Route path="ProfilePage" element={<ProfilePage />} />
          {screenRoutes().map(({ path, title }) => {
            const Screen = SCREEN_PAGES[path];
            return (
              <Route key={path} path={path.slice(1)} element={Screen ? <Screen /> : <EnConstruccion titulo={title} />} />
            );
          })}
          {Object.entries(CRUD_PAGES).map(([name, pages]) => (
            <Route key={name} path={name}>
              <Route index element={<pages.list />} />
              {pages.create && <Route path="create" element={<pages.create />} />}
              {pages.edit && <Route path="edit/:id" element={<pages.edit />} />}
              {pages.show && <Route path="show/:id" element={<pages.show />} />}
            </Route>
          ))}
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
  // Users who ask their system for less motion get no antd animations.
  const reducedMotion = usePrefersReducedMotion();
  const themed = useMemo<ThemeConfig>(() => ({ ...theme, token: { ...theme.token, motion: !reducedMotion } }), [reducedMotion]);
  return (
    <ConfigProvider locale={esES} theme={themed}>
      <AntdApp>
        <RefineApp />
      </AntdApp>
    </ConfigProvider>
  );
}
