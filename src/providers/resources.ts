// The resource list, in one place: Refine's resources, the sidebar menu (grouped
// by meta.section / meta.parent, shown by role through src/domain/roles) and the
// routes of specification 2.1 are all built from it.
import type { ResourceProps } from "@refinedev/core";
import { SECTION_ROLES, SECTIONS, visibleSections, type Role, type Section } from "../domain/roles/roles";
import { DECLARED_META, listTitle, menuLabel, type ResourceMeta } from "../domain/resources/menu";

export interface VentanalMeta {
  /** Role-table section that owns the screen (src/domain/roles). */
  section: Section;
  /** Menu label. */
  label: string;
  /** Name of the parent menu entry (a section group or a submenu). */
  parent?: string;
  /** Screen title, when it differs from the menu label. */
  title?: string;
  /** Hidden from the menu (still routed). */
  hide?: boolean;
  /** A declared resource's own readers and writers (src/domain/resources), instead of its section's; who sees it in the menu when fewer. */
  readers?: readonly Role[];
  writers?: readonly Role[];
  /** Who may create its records, when more than its writers. */
  creators?: readonly Role[];
  menuRoles?: readonly Role[];
  [key: string]: unknown;
}

export type VentanalResource = ResourceProps & { meta: VentanalMeta };

const group = (section: Section, label: string): VentanalResource => ({ name: section, meta: { section, label } });

/** A screen reached by one route (a custom page) shown under `parent`. */
const screen = (
  name: string,
  path: string,
  section: Section,
  label: string,
  extra: Partial<VentanalMeta> = {},
): VentanalResource => ({
  name,
  list: path,
  meta: { section, label, parent: extra.parent ?? section, ...extra },
});

/** A CRUD resource with Refine's standard routes. */
const crud = (name: string, section: Section, label: string, withShow = true): VentanalResource => ({
  name,
  list: `/${name}`,
  create: `/${name}/create`,
  edit: `/${name}/edit/:id`,
  ...(withShow ? { show: `/${name}/show/:id` } : {}),
  meta: { section, label, parent: section, title: label, canDelete: false },
});

/** A declared resource (src/domain/resources): its pages are the generic ones (src/resources/declared); one with a specification screen (`screen`) is in the menu by that screen only, one no role sees in the menu (`menuRoles: []`: materiales, edited from Bodega's and Adquisiciones' screens) by its address only; one created on a specification screen (`createScreen`) has it as its create route. */
const declared = (m: ResourceMeta): VentanalResource => ({
  ...crud(m.name, m.section, menuLabel(m)),
  // Records made on a specification screen (facturas_guias → /FacturasGuiasPage): «Nuevo» opens it.
  ...(m.createScreen ? { create: m.createScreen } : {}),
  meta: { section: m.section, label: menuLabel(m), parent: m.section, title: listTitle(m), canDelete: true, declared: true, readers: m.readers, writers: m.writers, creators: m.creators, menuRoles: m.menuRoles, hide: m.screen !== undefined || m.menuRoles?.length === 0 },
});

/** Declared resources placed by name in the list below (their menu place predates the declarations); the rest follow their section. */
const PLACED = ["clientes", "usuarios"];
const declaredNamed = (name: string): VentanalResource => declared(DECLARED_META.find((m) => m.name === name)!);
const declaredIn = (section: Section) => DECLARED_META.filter((m) => m.section === section && !PLACED.includes(m.name)).map(declared);

export const RESOURCES: VentanalResource[] = [
  group("ventas", "Ventas"),
  screen("ingreso-cliente", "/IngresoCliente", "ventas", "Ingreso de Cliente"),
  screen("ingreso-presupuesto", "/IngresoPresupuesto", "ventas", "Nuevo Presupuesto"),
  screen("ingreso-items", "/IngresoItems", "ventas", "Ingreso de Ítems"),
  screen("editar-presupuestos", "/EditarPresupuestos", "ventas", "Editar Presupuestos"),
  declaredNamed("clientes"),
  crud("presupuestos", "ventas", "Presupuestos"),

  ...declaredIn("ventas"),

  group("bodega", "Bodega"),
  screen("stock-actual", "/StockActual", "bodega", "Stock Actual"),
  screen("ingresos", "/IngresosPage", "bodega", "Ingreso de Facturas/Guias", { title: "Ingreso de Facturas/Guías" }),
  screen("facturas-guias", "/FacturasGuiasPage", "bodega", "Registro de Facturas/Guias", {
    title: "Registro de Facturas/Guías",
  }),
  screen("salidas", "/SalidasPage", "bodega", "Salidas de Material"),
  screen("stock-reservado", "/StockReservado", "bodega", "Stock reservado por OT"),
  screen("crear-solicitud-bodega", "/CrearSolicitudBodegaPage", "bodega", "Solicitud de materiales a OT"),
  screen("ajuste-stock", "/AjusteStock", "bodega", "Ajuste de Stock", { title: "Ajuste de Stock/Inventario" }),
  screen("oc-pendientes-bodega", "/OCPendientePage", "bodega", "OC Pendientes", {
    title: "OC Pendientes/Histórico de Compras",
  }),
  screen("seguimiento-utv", "/SeguimientoUTVPage", "bodega", "Seguimiento UTV"),
  screen("trabajadores", "/TrabajadoresPage", "bodega", "Asistencia Trabajadores"),

  ...declaredIn("bodega"),

  group("oficinaTecnica", "Oficina Técnica"),
  screen("stock-actual-ot", "/StockActual", "oficinaTecnica", "Stock Actual"),
  screen("ot-pautas", "/OTPautasPage", "oficinaTecnica", "Pautas de Materiales"),

  ...declaredIn("oficinaTecnica"),

  group("adquisiciones", "Adquisiciones"),
  screen("stock-actual-adquisiciones", "/StockActual", "adquisiciones", "Stock Actual"),
  { name: "ordenes-compra", meta: { section: "adquisiciones", label: "Órdenes de Compra", parent: "adquisiciones" } },
  screen("crear-oc", "/CrearOCPage", "adquisiciones", "Crear", { parent: "ordenes-compra", title: "Crear Orden de Compra" }),
  screen("editar-oc", "/EditarOCPage", "adquisiciones", "Editar", { parent: "ordenes-compra", title: "Editar Orden de Compra" }),
  screen("oc-pendientes", "/OCPendientePage", "adquisiciones", "Pendientes/Histórico", {
    parent: "ordenes-compra",
    title: "OC Pendientes/Histórico de Compras",
  }),
  screen("proveedor-page", "/ProveedorPage", "adquisiciones", "Proveedores", {
    parent: "ordenes-compra",
    title: "Crear/Editar Proveedores",
  }),
  screen("bodega-solicitudes", "/BodegaSolicitudesPage", "adquisiciones", "Ver solicitudes de Bodega"),

  ...declaredIn("adquisiciones"),

  group("operaciones", "Operaciones"),
  screen("resumen-obras", "/ResumenObrasMatPage", "operaciones", "Resumen de Obras y Materiales"),
  screen("seguimiento-obras", "/SeguimientoObrasPage", "operaciones", "Seguimiento Obras"),
  screen("facturas-estado", "/FacturasEstadoPage", "operaciones", "Facturas/Guías", {
    title: "Control de pago de Facturas/Guías",
  }),
  screen("pagos-clientes", "/PagosClientesPage", "operaciones", "Pagos Clientes"),
  ...declaredIn("operaciones"),

  group("administracion", "Administración"),
  declaredNamed("usuarios"),
  screen("empresa", "/EmpresaPage", "administracion", "Empresa", { title: "Datos de la empresa" }),
  screen("auditoria", "/auditoria", "administracion", "Historial de cambios"),
  screen("respaldos", "/RespaldosPage", "administracion", "Respaldos"),
  ...declaredIn("administracion"),
];

export function findResource(name: string | undefined): VentanalResource | undefined {
  return name === undefined ? undefined : RESOURCES.find((r) => r.name === name);
}

/** The distinct custom-page routes (path → screen title), in menu order. */
export function screenRoutes(): { path: string; title: string }[] {
  const seen = new Map<string, string>();
  for (const r of RESOURCES) {
    if (typeof r.list === "string" && !r.create && !seen.has(r.list)) seen.set(r.list, r.meta.title ?? r.meta.label);
  }
  return [...seen].map(([path, title]) => ({ path, title }));
}

export interface MenuLink {
  kind: "link";
  key: string;
  label: string;
  /** The screen's full title (e.g. "Crear Orden de Compra" for the menu's "Crear"). */
  title: string;
  path: string;
}
export interface MenuGroup {
  kind: "group";
  key: string;
  label: string;
  children: MenuEntry[];
}
export type MenuEntry = MenuLink | MenuGroup;

/** Whether `role` sees the entry: a declared resource's readers, else its section's roles. */
function shownTo(r: VentanalResource, role: Role | undefined): boolean {
  if (!role) return true;
  const roles = r.meta.menuRoles ?? r.meta.readers;
  return roles ? roles.includes(role) : SECTION_ROLES[r.meta.section].includes(role);
}

function entriesUnder(parent: string, role?: Role): MenuEntry[] {
  const out: MenuEntry[] = [];
  for (const r of RESOURCES) {
    if (r.meta.parent !== parent || r.meta.hide || !shownTo(r, role)) continue;
    if (typeof r.list === "string") out.push({ kind: "link", key: r.name, label: r.meta.label, title: r.meta.title ?? r.meta.label, path: r.list });
    else out.push({ kind: "group", key: r.name, label: r.meta.label, children: entriesUnder(r.name, role) });
  }
  return out;
}

/** The menu for a set of visible sections (see `visibleSections` in src/domain/roles); with `role`, only the entries that role sees. */
export function buildMenu(sections: readonly Section[], role?: Role): MenuGroup[] {
  return sections.map((section) => {
    const root = findResource(section);
    return { kind: "group", key: section, label: root?.meta.label ?? section, children: entriesUnder(section, role) };
  });
}

/**
 * A role's menu: its sections (the role table), plus the sections of declared resources
 * it may read (Bodega sees Operaciones → Vehículos and nothing else of Operaciones).
 */
export function menuFor(role: Role): MenuGroup[] {
  const own = visibleSections(role);
  const extra = DECLARED_META.filter((m) => (m.menuRoles ?? m.readers).includes(role)).map((m) => m.section);
  return buildMenu(SECTIONS.filter((s) => own.includes(s) || extra.includes(s)), role);
}
