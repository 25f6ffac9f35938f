// The workshop screens (in Bodega's menu): see ../screen.ts.
import type { ScreenDecl } from "../screen";

export const WORKSHOP_SCREENS = [
  { id: "seguimiento-utv", path: "/SeguimientoUTVPage", title: "Seguimiento UTV", menu: [{ section: "bodega", order: 90 }], page: () => import("./seguimiento-utv") },
  { id: "trabajadores", path: "/TrabajadoresPage", title: "Asistencia Trabajadores", menu: [{ section: "bodega", order: 100 }], page: () => import("./trabajadores") },
] as const satisfies readonly ScreenDecl[];
