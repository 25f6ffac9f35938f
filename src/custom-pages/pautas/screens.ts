// The technical office's screens (Oficina Técnica; the reserved stock is Bodega's view of the pautas): see ../screen.ts.
import type { ScreenDecl } from "../screen";

export const PAUTAS_SCREENS = [
  { id: "ot-pautas", path: "/OTPautasPage", title: "Pautas de Materiales", menu: [{ section: "oficinaTecnica", order: 20 }], page: () => import("./ot-pautas") },
  { id: "stock-reservado", path: "/StockReservado", title: "Stock reservado por OT", menu: [{ section: "bodega", order: 50 }], page: () => import("./stock-reservado") },
] as const satisfies readonly ScreenDecl[];
