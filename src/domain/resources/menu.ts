// The declared resources' names, labels, sections and roles: what the menu, the Refine
// resources and the role checks need, kept free of zod so the first screen loads without it
// (tests/e2e/shell.e2e.ts's budget). Each entry is a resource's registration; its fields
// are in its declaration file (src/domain/<area>/<entity>.resource.ts), which starts from
// this entry, and the list of declarations is ./registry.ts.
import { PRIVILEGED_ROLES, ROLES, SECTION_READERS, SECTION_ROLES, type Role, type Section } from "../roles/roles";

/** What the menu and the role checks need: plain data, no zod. */
export interface ResourceMeta {
  /** The specification's Spanish name: table = API path = Refine resource. */
  name: string;
  singular: string;
  plural: string;
  /** "Nueva …" instead of "Nuevo …". */
  feminine?: boolean;
  /** Menu section (src/domain/roles). */
  section: Section;
  /** The menu label (default: the plural with a capital). */
  menu?: string;
  /** The list's heading when it says more than the menu label. */
  heading?: string;
  readers: readonly Role[];
  writers: readonly Role[];
  /** Who sees it in the menu, when fewer than its readers (a section's data other sections' screens read: clientes). */
  menuRoles?: readonly Role[];
  /**
   * The id of the specification's own screen that lists and edits it (src/custom-pages/<area>/screens.ts,
   * e.g. "proveedor-page"): the menu entry opens that screen (rendered from the declaration) instead of the generic list.
   */
  screen?: string;
  /** Who may create records (POST), when more than its writers (a document the warehouse registers and Operaciones then edits). */
  creators?: readonly Role[];
  /** Who may delete records (DELETE), when fewer than its writers (a supplier's invoice: the payment's roles). */
  deleters?: readonly Role[];
  /** The id of the specification screen that creates its records (the list's «Nuevo» button opens it), instead of the generic create form. */
  createScreen?: string;
}


export const RESOURCE_META = {
  clientes: { name: "clientes", singular: "cliente", plural: "clientes", section: "ventas", readers: SECTION_READERS.ventas, writers: SECTION_ROLES.ventas, menuRoles: SECTION_ROLES.ventas },
  proveedores: { name: "proveedores", singular: "proveedor", plural: "proveedores", section: "adquisiciones", readers: SECTION_READERS.adquisiciones, writers: SECTION_ROLES.adquisiciones, menuRoles: SECTION_ROLES.adquisiciones, screen: "proveedor-page" },
  facturas_guias: {
    name: "facturas_guias",
    singular: "factura o guía",
    plural: "facturas y guías",
    feminine: true,
    section: "operaciones",
    menu: "Listado de Facturas/Guías",
    readers: ROLES,
    writers: PRIVILEGED_ROLES,
    creators: ROLES,
    // Deleting a document is Control de pago's: Operaciones, Contabilidad and Informático (issue 32).
    deleters: ["Operaciones", "Contabilidad", "Informático"],
    menuRoles: PRIVILEGED_ROLES,
    createScreen: "facturas-guias",
  },
  pagos_clientes: { name: "pagos_clientes", singular: "pago", plural: "pagos", section: "operaciones", menu: "Listado de Pagos", heading: "Listado de Pagos de Clientes", readers: PRIVILEGED_ROLES, writers: PRIVILEGED_ROLES },
  vehiculos: { name: "vehiculos", singular: "vehículo", plural: "vehículos", section: "operaciones", readers: ROLES, writers: ["Operaciones", "Gerencia"] },
  // The catalogue: every role reads it (pickers, Stock Actual); purchasing creates and edits
  // products (Crear OC), the warehouse renames them (Ajuste de Stock, its own route). Its
  // screens are the specification's (Stock Actual, Crear OC): no menu entry of its own.
  materiales: { name: "materiales", singular: "material", plural: "materiales", section: "bodega", readers: SECTION_READERS.bodega, writers: SECTION_ROLES.adquisiciones, menuRoles: [] },
  usuarios: { name: "usuarios", singular: "usuario", plural: "usuarios", section: "administracion", readers: SECTION_READERS.administracion, writers: SECTION_ROLES.administracion },
} as const satisfies Record<string, ResourceMeta>;

export const DECLARED_META: readonly ResourceMeta[] = Object.values(RESOURCE_META);

/** The menu label. */
export function menuLabel(meta: ResourceMeta): string {
  return meta.menu ?? meta.plural.charAt(0).toUpperCase() + meta.plural.slice(1);
}

/** The list's heading. */
export function listTitle(meta: ResourceMeta): string {
  return meta.heading ?? menuLabel(meta);
}

/** "Nuevo vehículo", "Nueva bodega". */
export function newLabel(meta: ResourceMeta): string {
  return `${meta.feminine ? "Nueva" : "Nuevo"} ${meta.singular}`;
}
