// The resource list, in one place: Refine's resources, the sidebar menu (grouped
// by meta.section / meta.parent, shown by role through src/domain/roles) and the
// routes of specification 2.1 are all built from it.
import type { ResourceProps } from "@refinedev/core";
import { SECTION_LABELS, SECTION_ROLES, SECTIONS, visibleSections, type Role, type Section } from "../domain/roles/roles";
import { DECLARED_META, listTitle, menuLabel, type ResourceMeta } from "../domain/resources/menu";
import { MENU_GROUPS, SCREENS, linkTo, resourcePath, type ScreenId } from "../custom-pages/screens";
import type { MenuPlace, ScreenDecl } from "../custom-pages/screen";

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
  /** Who may delete its records, when fewer than its writers. */
  deleters?: readonly Role[];
  /** Who may create its records, when more than its writers. */
  creators?: readonly Role[];
  menuRoles?: readonly Role[];
  [key: string]: unknown;
}

export type VentanalResource = ResourceProps & { meta: VentanalMeta };

const group = (section: Section, label: string): VentanalResource => ({ name: section, meta: { section, label } });

/** One menu place of a declared screen (src/custom-pages/<area>/screens.ts): a custom page, or a CRUD resource (presupuestos) with Refine's standard routes. */
const screenPlace = (s: ScreenDecl, place: MenuPlace): VentanalResource => ({
  name: place.name ?? s.id,
  list: s.path,
  ...(s.crud ? { create: `${s.path}/create`, edit: `${s.path}/edit/:id`, show: `${s.path}/show/:id` } : {}),
  meta: { section: place.section, label: place.label ?? s.title, parent: place.parent ?? place.section, title: s.title, ...(s.crud ? { canDelete: false } : {}), ...(s.roles ? { menuRoles: s.roles } : {}) },
});

/** A declared resource's Refine routes. */
const crud = (name: string, section: Section, label: string): VentanalResource => ({
  name,
  list: resourcePath(name),
  create: `${resourcePath(name)}/create`,
  edit: `${resourcePath(name)}/edit/:id`,
  show: `${resourcePath(name)}/show/:id`,
  meta: { section, label, parent: section, title: label, canDelete: false },
});

/** A declared resource (src/domain/resources): its pages are the generic ones (src/resources/declared); one with a specification screen (`screen`) is in the menu by that screen only, one no role sees in the menu (`menuRoles: []`: materiales, edited from Bodega's and Adquisiciones' screens) by its address only; one created on a specification screen (`createScreen`) has it as its create route. */
const declared = (m: ResourceMeta): VentanalResource => ({
  ...crud(m.name, m.section, menuLabel(m)),
  // Records made on a specification screen (facturas_guias → Registro de Facturas/Guías): «Nuevo» opens it.
  ...(m.createScreen ? { create: linkTo(m.createScreen as ScreenId) } : {}),
  meta: { section: m.section, label: menuLabel(m), parent: m.section, title: listTitle(m), canDelete: true, declared: true, readers: m.readers, writers: m.writers, creators: m.creators, deleters: m.deleters, menuRoles: m.menuRoles, hide: m.screen !== undefined || m.menuRoles?.length === 0 },
});

/** Declared resources placed among a section's screens (their menu place predates the declarations), by menu order; the rest follow their section's screens. */
const PLACED: Record<string, number> = { clientes: 50, usuarios: 10 };

interface Placed {
  section: Section;
  order: number;
  resource: VentanalResource;
}

function sectionEntries(section: Section): VentanalResource[] {
  const placed: Placed[] = [
    ...SCREENS.flatMap((s: ScreenDecl) => s.menu.map((place) => ({ section: place.section, order: place.order, resource: screenPlace(s, place) }))),
    ...MENU_GROUPS.map((g) => ({ section: g.section, order: g.order, resource: { name: g.name, meta: { section: g.section, label: g.label, parent: g.section } } })),
    ...DECLARED_META.filter((m) => PLACED[m.name] !== undefined).map((m) => ({ section: m.section, order: PLACED[m.name], resource: declared(m) })),
  ];
  return [
    group(section, SECTION_LABELS[section]),
    ...placed.filter((p) => p.section === section).sort((a, b) => a.order - b.order).map((p) => p.resource),
    ...DECLARED_META.filter((m) => m.section === section && PLACED[m.name] === undefined).map(declared),
  ];
}

export const RESOURCES: VentanalResource[] = SECTIONS.flatMap(sectionEntries);

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
