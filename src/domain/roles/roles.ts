// The role table (specification section 6, plus user administration).
// The server applies it to every route and the web app builds its menus from it:
// one rule, one place.

export const ROLES = [
  "Gerencia",
  "Contabilidad",
  "Informático",
  "Ventas",
  "Oficina Técnica",
  "Adquisiciones",
  "Operaciones",
  "Fábrica",
  "Secretaria",
  "Bodega",
] as const;
export type Role = (typeof ROLES)[number];

/** Roles that see every menu section (section 6): all but Bodega. */
export const PRIVILEGED_ROLES = ROLES.filter((r) => r !== "Bodega") as readonly Role[];

export const SECTIONS = ["ventas", "bodega", "oficinaTecnica", "adquisiciones", "operaciones", "administracion"] as const;
export type Section = (typeof SECTIONS)[number];

export const SECTION_LABELS: Record<Section, string> = {
  ventas: "Ventas",
  bodega: "Bodega",
  oficinaTecnica: "Oficina Técnica",
  adquisiciones: "Adquisiciones",
  operaciones: "Operaciones",
  administracion: "Administración",
};

/** Who sees a menu section and may write the data it owns. */
export const SECTION_ROLES: Record<Section, readonly Role[]> = {
  ventas: PRIVILEGED_ROLES, // "Ventas or any privileged role"
  bodega: ROLES, // "Bodega, Fábrica or any privileged role"
  oficinaTecnica: PRIVILEGED_ROLES,
  adquisiciones: PRIVILEGED_ROLES,
  operaciones: PRIVILEGED_ROLES,
  administracion: ["Informático", "Gerencia"],
};

/**
 * Data one section owns that screens of another section must read (the warehouse's
 * exit screen reads clients and quotes; the warehouse sees pending purchase orders).
 * Reading is allowed to these roles; writing stays with SECTION_ROLES.
 */
export const SECTION_READERS: Record<Section, readonly Role[]> = {
  ventas: ROLES,
  bodega: ROLES,
  oficinaTecnica: ROLES,
  adquisiciones: ROLES,
  operaciones: PRIVILEGED_ROLES,
  administracion: ["Informático", "Gerencia"],
};

export type Access = "read" | "write";

/**
 * What a route needs: a section and an access kind, or "session" for routes any
 * signed-in user may call (logout, own password change).
 */
export type RoutePermission = { section: Section; access: Access; only?: readonly Role[]; roles?: readonly Role[] } | "session";

/** Only Informático edits the company's own data (Administración → Empresa). */
export const EMPRESA_EDITORS: readonly Role[] = ["Informático"];

/**
 * Only Informático grants the Informático role, or edits, resets the password of or deletes
 * an Informático account (issue 32): Gerencia administers every other user.
 */
export const INFORMATICO_ADMINS: readonly Role[] = ["Informático"];
export function mayAdministerRole(actor: string, target: string): boolean {
  return target !== "Informático" || (INFORMATICO_ADMINS as readonly string[]).includes(actor);
}

export function isRole(value: unknown): value is Role {
  return typeof value === "string" && (ROLES as readonly string[]).includes(value);
}

export function canAccess(role: Role, section: Section, access: Access): boolean {
  const allowed = access === "write" ? SECTION_ROLES[section] : SECTION_READERS[section];
  return allowed.includes(role);
}

export function isAllowed(role: Role, permission: RoutePermission): boolean {
  if (permission === "session") return true;
  // `roles` replaces the section's roles (a declared resource's readers or writers,
  // src/domain/resources); `only` narrows them for one route (the company data: Informático).
  const allowed = permission.roles ? permission.roles.includes(role) : canAccess(role, permission.section, permission.access);
  return allowed && (!permission.only || permission.only.includes(role));
}

/** Menu sections a role sees, in menu order. */
export function visibleSections(role: Role): Section[] {
  return SECTIONS.filter((s) => SECTION_ROLES[s].includes(role));
}
