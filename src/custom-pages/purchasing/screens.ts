// The purchasing screens (Adquisiciones → Órdenes de Compra; receipts and pending orders also in Bodega): see ../screen.ts.
import type { MenuGroupDecl, ScreenDecl } from "../screen";

export const PURCHASING_MENU_GROUPS = [{ name: "ordenes-compra", section: "adquisiciones", label: "Órdenes de Compra", order: 20 }] as const satisfies readonly MenuGroupDecl[];

export const PURCHASING_SCREENS = [
  { id: "ingresos", path: "/IngresosPage", title: "Ingreso de Facturas/Guías", menu: [{ section: "bodega", order: 20, label: "Ingreso de Facturas/Guias" }], page: () => import("./ingresos") },
  { id: "crear-oc", path: "/CrearOCPage", title: "Crear Orden de Compra", menu: [{ section: "adquisiciones", parent: "ordenes-compra", order: 21, label: "Crear" }], page: () => import("./crear-oc") },
  { id: "editar-oc", path: "/EditarOCPage", title: "Editar Orden de Compra", menu: [{ section: "adquisiciones", parent: "ordenes-compra", order: 22, label: "Editar" }], page: () => import("./editar-oc") },
  {
    id: "oc-pendientes",
    path: "/OCPendientePage",
    title: "OC Pendientes/Histórico de Compras",
    menu: [
      { section: "bodega", order: 80, label: "OC Pendientes", name: "oc-pendientes-bodega" },
      { section: "adquisiciones", parent: "ordenes-compra", order: 23, label: "Pendientes/Histórico" },
    ],
    page: () => import("./oc-pendientes"),
  },
  { id: "proveedor-page", path: "/ProveedorPage", title: "Crear/Editar Proveedores", menu: [{ section: "adquisiciones", parent: "ordenes-compra", order: 24, label: "Proveedores" }], page: () => import("./proveedores") },
] as const satisfies readonly ScreenDecl[];
