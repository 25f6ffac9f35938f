// The platform's screens: the home, the profile, the public pages and Administración's own
// (Usuarios is a declared resource, at 10: src/providers/resources.ts). See ../screen.ts.
import type { ScreenDecl } from "../screen";

export const PLATFORM_SCREENS = [
  { id: "home", path: "/", title: "Inicio", menu: [], page: () => import("./home") },
  { id: "profile", path: "/ProfilePage", title: "Perfil", menu: [], page: () => import("./profile") },
  { id: "login", path: "/login", title: "Ingresar", menu: [], public: true, page: () => import("./login") },
  { id: "register", path: "/register", title: "Registro", menu: [], public: true, page: () => import("./register") },
  { id: "empresa", path: "/EmpresaPage", title: "Datos de la empresa", menu: [{ section: "administracion", order: 20, label: "Empresa" }], page: () => import("./empresa") },
  { id: "auditoria", path: "/auditoria", title: "Historial de cambios", menu: [{ section: "administracion", order: 30 }], page: () => import("./auditoria/list") },
  { id: "respaldos", path: "/RespaldosPage", title: "Respaldos", menu: [{ section: "administracion", order: 40 }], page: () => import("./respaldos") },
] as const satisfies readonly ScreenDecl[];

/** The old addresses of the public pages, still opened. */
export const PUBLIC_ALIASES = [
  { id: "login", path: "/LoginPage" },
  { id: "register", path: "/RegisterPage" },
] as const;

/** The pages outside the signed-in application (main.tsx routes them; the rest are App.tsx's). */
export const PUBLIC_SCREENS = PLATFORM_SCREENS.filter((s) => "public" in s && s.public);
