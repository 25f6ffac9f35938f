// Where each Refine resource lives on the server, when it differs from the
// simple-rest default (`/api/<resource>` and `/api/<resource>/{id}`).
// Templates are relative to /api and may use `{id}`.
//
// Other screens add their entries here (or call `registerResourcePaths` from their own
// module before first use), e.g. the sales screens' `presupuestos` below.

export interface ResourcePaths {
  /** GET list (simple-rest params) and getMany. Default: `<resource>`. */
  list?: string;
  /** GET one record. Default: `<resource>/{id}`. */
  one?: string;
  /** POST a new record. Default: `<resource>`. */
  create?: string;
  /** Update one record. Default: `<resource>/{id}`. */
  update?: string;
  /** HTTP method used to update. Default: PUT (the API contract uses PUT). */
  updateMethod?: "put" | "patch";
  /** DELETE one record. Default: `<resource>/{id}`. */
  delete?: string;
}

export const RESOURCE_PATHS: Record<string, ResourcePaths> = {
  presupuestos: { one: "presupuestos/id/{id}" },
};

export function registerResourcePaths(resource: string, paths: ResourcePaths): void {
  RESOURCE_PATHS[resource] = { ...RESOURCE_PATHS[resource], ...paths };
}

type Kind = "list" | "one" | "create" | "update" | "delete";

function fill(template: string, id?: string | number): string {
  return template.replace(/^\/+/, "").replace(/\{id\}/g, id === undefined ? "" : encodeURIComponent(String(id)));
}

/** The path (relative to /api, no leading slash) for one operation on a resource. */
export function resourcePath(resource: string, kind: Kind, id?: string | number): string {
  const custom = RESOURCE_PATHS[resource]?.[kind];
  if (custom) return fill(custom, id);
  return kind === "list" || kind === "create" ? fill(resource) : `${fill(resource)}/${encodeURIComponent(String(id))}`;
}

export function updateMethod(resource: string): "put" | "patch" {
  return RESOURCE_PATHS[resource]?.updateMethod ?? "put";
}
