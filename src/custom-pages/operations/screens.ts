// The operations screens (Operaciones; the invoice register is also Bodega's): see ../screen.ts.
import type { ScreenDecl } from "../screen";

export const OPERATIONS_SCREENS = [
  { id: "facturas-guias", path: "/FacturasGuiasPage", title: "Registro de Facturas/Guías", menu: [{ section: "bodega", order: 30, label: "Registro de Facturas/Guias" }], page: () => import("./facturas-guias") },
  { id: "resumen-obras", path: "/ResumenObrasMatPage", title: "Resumen de Obras y Materiales", menu: [{ section: "operaciones", order: 10 }], page: () => import("./resumen-obras") },
  { id: "seguimiento-obras", path: "/SeguimientoObrasPage", title: "Seguimiento Obras", menu: [{ section: "operaciones", order: 20 }], page: () => import("./seguimiento-obras") },
  { id: "facturas-estado", path: "/FacturasEstadoPage", title: "Control de pago de Facturas/Guías", menu: [{ section: "operaciones", order: 30, label: "Facturas/Guías" }], page: () => import("./facturas-estado") },
  { id: "pagos-clientes", path: "/PagosClientesPage", title: "Pagos Clientes", menu: [{ section: "operaciones", order: 40 }], page: () => import("./pagos-clientes") },
  { id: "registro-compras-sii", path: "/RegistroComprasSII", title: "Registro de Compras SII", menu: [{ section: "operaciones", order: 50 }], page: () => import("./registro-compras-sii") },
] as const satisfies readonly ScreenDecl[];
