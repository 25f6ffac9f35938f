// The sales screens (Ventas): see ../screen.ts.
import type { ScreenDecl } from "../screen";

export const SALES_SCREENS = [
  { id: "ingreso-cliente", path: "/IngresoCliente", title: "Ingreso de Cliente", menu: [{ section: "ventas", order: 10 }], page: () => import("./ingreso-cliente") },
  { id: "ingreso-presupuesto", path: "/IngresoPresupuesto", title: "Nuevo Presupuesto", menu: [{ section: "ventas", order: 20 }], page: () => import("./ingreso-presupuesto") },
  { id: "ingreso-items", path: "/IngresoItems", title: "Ingreso de Ítems", menu: [{ section: "ventas", order: 30 }], page: () => import("./ingreso-items") },
  { id: "editar-presupuestos", path: "/EditarPresupuestos", title: "Editar Presupuestos", menu: [{ section: "ventas", order: 40 }], page: () => import("./editar-presupuestos") },
  // Clientes (a declared resource) comes at 50: src/providers/resources.ts.
  {
    id: "presupuestos",
    path: "/presupuestos",
    title: "Presupuestos",
    menu: [{ section: "ventas", order: 60 }],
    page: () => import("../../resources/presupuestos/list"),
    crud: {
      create: () => import("../../resources/presupuestos/create"),
      edit: () => import("../../resources/presupuestos/edit"),
      show: () => import("../../resources/presupuestos/show"),
    },
  },
] as const satisfies readonly ScreenDecl[];
