// Refine access control from the role table in src/domain/roles: a resource's
// meta.section and the action decide (read for list/show, write for the rest).
import type { AccessControlProvider } from "@refinedev/core";
import { canAccess, isRole, SECTIONS, type Section } from "../domain/roles/roles";
import { findResource } from "./resources";
import { getStoredUser } from "./session";
import { FORBIDDEN_MESSAGE } from "./app-events";

const READ_ACTIONS = new Set(["list", "show", "read", "export"]);

function isSection(value: unknown): value is Section {
  return typeof value === "string" && (SECTIONS as readonly string[]).includes(value);
}

export function sectionOf(resource: string | undefined, meta?: Record<string, unknown>): Section | undefined {
  const fromMeta = meta?.section;
  if (isSection(fromMeta)) return fromMeta;
  const found = findResource(resource)?.meta.section;
  return isSection(found) ? found : undefined;
}

export const accessControlProvider: AccessControlProvider = {
  can: async ({ resource, action, params }) => {
    const section = sectionOf(resource, params?.resource?.meta as Record<string, unknown> | undefined);
    if (!section) return { can: true };
    const role = getStoredUser()?.rol;
    if (!isRole(role)) return { can: false, reason: FORBIDDEN_MESSAGE };
    const read = READ_ACTIONS.has(action);
    // A declared resource names its own readers and writers (src/domain/resources).
    const meta = findResource(resource)?.meta;
    const roles = read ? meta?.readers : action === "create" ? (meta?.creators ?? meta?.writers) : action === "delete" ? (meta?.deleters ?? meta?.writers) : meta?.writers;
    const can = roles ? roles.includes(role) : canAccess(role, section, read ? "read" : "write");
    return can ? { can } : { can, reason: FORBIDDEN_MESSAGE };
  },
  options: {
    buttons: { enableAccessControl: true, hideIfUnauthorized: true },
  },
};

export default accessControlProvider;
