// The declared resources' names, labels, sections and roles: what the menu, the Refine
// resources and the role checks need, kept free of zod so the first screen loads without it
// (tests/e2e/shell.e2e.ts's budget). Each entry is a resource's registration; its fields
// are in its declaration file (src/domain/<area>/<entity>.resource.ts), which starts from
// this entry, and the list of declarations is ./registry.ts.
import { ROLES, SECTION_READERS, SECTION_ROLES, type Role, type Section } from "../roles/roles";

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
  readers: readonly Role[];
  writers: readonly Role[];
}


export const RESOURCE_META = {
  vehiculos: { name: "vehiculos", singular: "vehículo", plural: "vehículos", section: "operaciones", readers: ROLES, writers: ["Operaciones", "Gerencia"] },
  usuarios: { name: "usuarios", singular: "usuario", plural: "usuarios", section: "administracion", readers: SECTION_READERS.administracion, writers: SECTION_ROLES.administracion },
} as const satisfies Record<string, ResourceMeta>;

export const DECLARED_META: readonly ResourceMeta[] = Object.values(RESOURCE_META);

/** The menu label. */
export function menuLabel(meta: ResourceMeta): string {
  return meta.menu ?? meta.plural.charAt(0).toUpperCase() + meta.plural.slice(1);
}

/** "Nuevo vehículo", "Nueva bodega". */
export function newLabel(meta: ResourceMeta): string {
  return `${meta.feminine ? "Nueva" : "Nuevo"} ${meta.singular}`;
}
