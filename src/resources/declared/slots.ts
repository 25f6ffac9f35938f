// What a declared resource's pages show besides its fields (custom behaviour as a slot, not
// a copy of the page): by resource name, a part loaded with the page, given the record.
import { lazy, type ComponentType, type LazyExoticComponent } from "react";
import type { Row } from "./fields";

type Slot = LazyExoticComponent<ComponentType<{ row: Row }>>;

/** Under the record's fields on its show page. */
export const SHOW_SLOTS: Record<string, Slot> = {
  clientes: lazy(() => import("../../custom-pages/sales/clientes/Presupuestos")),
  facturas_guias: lazy(() => import("../../custom-pages/operations/registro-compras-sii/SiiOnDocument")),
};
