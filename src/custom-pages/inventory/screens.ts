// The warehouse screens (Bodega; Stock Actual is also in Oficina Técnica and Adquisiciones): see ../screen.ts.
import type { ScreenDecl } from "../screen";

export const INVENTORY_SCREENS = [
  {
    id: "stock-actual",
    path: "/StockActual",
    title: "Stock Actual",
    menu: [
      { section: "bodega", order: 10 },
      { section: "oficinaTecnica", order: 10, name: "stock-actual-ot" },
      { section: "adquisiciones", order: 10, name: "stock-actual-adquisiciones" },
    ],
    page: () => import("./stock-actual"),
  },
  { id: "salidas", path: "/SalidasPage", title: "Salidas de Material", menu: [{ section: "bodega", order: 40 }], page: () => import("./salidas") },
  { id: "crear-solicitud-bodega", path: "/CrearSolicitudBodegaPage", title: "Solicitud de materiales a OT", menu: [{ section: "bodega", order: 60 }], page: () => import("./crear-solicitud-bodega") },
  { id: "ajuste-stock", path: "/AjusteStock", title: "Ajuste de Stock/Inventario", menu: [{ section: "bodega", order: 70, label: "Ajuste de Stock" }], page: () => import("./ajuste-stock") },
  { id: "bodega-solicitudes", path: "/BodegaSolicitudesPage", title: "Ver solicitudes de Bodega", menu: [{ section: "adquisiciones", order: 30 }], page: () => import("./bodega-solicitudes") },
] as const satisfies readonly ScreenDecl[];
