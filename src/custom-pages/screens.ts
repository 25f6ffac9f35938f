// Every screen of the web, from each area's screens.ts, and the one way to build a link to
// one: `linkTo(id, query?)`. No other file writes a screen's address.
import type { MenuGroupDecl, ScreenDecl } from "./screen";
import { SALES_SCREENS } from "./sales/screens";
import { INVENTORY_SCREENS } from "./inventory/screens";
import { PAUTAS_SCREENS } from "./pautas/screens";
import { PURCHASING_MENU_GROUPS, PURCHASING_SCREENS } from "./purchasing/screens";
import { OPERATIONS_SCREENS } from "./operations/screens";
import { WORKSHOP_SCREENS } from "./workshop/screens";
import { PLATFORM_SCREENS } from "./platform/screens";

export { PUBLIC_ALIASES } from "./platform/screens";

export const SCREENS = [
  ...SALES_SCREENS,
  ...INVENTORY_SCREENS,
  ...PAUTAS_SCREENS,
  ...PURCHASING_SCREENS,
  ...OPERATIONS_SCREENS,
  ...WORKSHOP_SCREENS,
  ...PLATFORM_SCREENS,
] as const satisfies readonly ScreenDecl[];

export const MENU_GROUPS: readonly MenuGroupDecl[] = [...PURCHASING_MENU_GROUPS];

export type ScreenId = (typeof SCREENS)[number]["id"];

/** A link's query: each value one parameter (a list: repeated); empty values are left out. */
export type LinkQuery = Record<string, string | number | boolean | readonly string[] | null | undefined>;

export function findScreen(id: string): ScreenDecl | undefined {
  return (SCREENS as readonly ScreenDecl[]).find((s) => s.id === id);
}

function screen(id: ScreenId): ScreenDecl {
  const found = findScreen(id);
  if (!found) throw new Error(`Pantalla desconocida: ${id}`);
  return found;
}

function withQuery(path: string, query?: LinkQuery): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) for (const v of value) params.append(key, v);
    else params.append(key, String(value));
  }
  const text = params.toString();
  return text ? `${path}?${text}` : path;
}

/** The address of a screen, with its query ("/StockActual?codigo=PER+7%2F2"). */
export function linkTo(id: ScreenId, query?: LinkQuery): string {
  return withQuery(screen(id).path, query);
}

/** A Refine resource's record page ("/clientes/show/12"): a declared resource or a CRUD screen (presupuestos). */
export function recordLink(resource: string, id: string | number, action: "show" | "edit" = "show", query?: LinkQuery): string {
  return withQuery(`${resourcePath(resource)}/${action}/${encodeURIComponent(String(id))}`, query);
}

/** A Refine resource's list ("/facturas_guias"): its screen's path, else its name (the declared resources' routes). */
export function resourcePath(resource: string): string {
  return findScreen(resource)?.path ?? `/${resource}`;
}

/** A Refine resource's list with a query. */
export function resourceLink(resource: string, query?: LinkQuery): string {
  return withQuery(resourcePath(resource), query);
}
