// Entry point. Only the router, the light shell and the public pages live here;
// the signed-in application (Refine + antd) is a separate chunk (App.tsx).
import { StrictMode, Suspense, lazy } from "react";
import { createRoot } from "react-dom/client";
import { BrowserRouter, Route, Routes } from "react-router";
import { PublicLayout } from "./components/PublicLayout";
import { ErrorBoundary } from "./components/ErrorBoundary";

const LoginPage = lazy(() => import("./custom-pages/login"));
const RegisterPage = lazy(() => import("./custom-pages/register"));
const App = lazy(() => import("./App"));
// The client's quote link (issue 34): no session, no app shell.
const PresupuestoPublicoPage = lazy(() => import("./custom-pages/sales/presupuesto-publico"));

const root = document.getElementById("root");
if (!root) throw new Error("Falta el elemento #root");

createRoot(root).render(
  <StrictMode>
    <BrowserRouter>
      <Routes>
        <Route element={<PublicLayout />}>
          <Route path="/login" element={<LoginPage />} />
          <Route path="/LoginPage" element={<LoginPage />} />
          <Route path="/register" element={<RegisterPage />} />
          <Route path="/RegisterPage" element={<RegisterPage />} />
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
