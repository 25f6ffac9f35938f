// What a screen's declaration holds (each area's screens.ts): its id, address, title, menu
// places, who sees it and its page, loaded on first visit. The router (App.tsx), the menu and
// Refine's resources (src/providers/resources.ts), the home's links, the global search and the
// Hoy cards read these entries; links are built by `linkTo` (./screens.ts). The entries are
// plain data (the page is a loader the router wraps in React's `lazy`), so the server's Hoy
// cards and the tests read the same addresses without loading React pages.
import type { ComponentType } from "react";
import type { Role, Section } from "../domain/roles/roles";

/** A page module: its default export is the screen. */
export type PageLoader = () => Promise<{ default: ComponentType }>;

/** One place of a screen in the sidebar menu (a screen may sit in several sections: Stock Actual). */
export interface MenuPlace {
  /** Role-table section that owns the entry (src/domain/roles). */
  section: Section;
  /** Menu label, when it differs from the screen's title. */
  label?: string;
  /** The parent menu entry (a submenu's name, as "ordenes-compra"); default: the section. */
  parent?: string;
  /** Position inside the section (the menu lists a section's entries by it; declared resources follow). */
  order: number;
  /** Refine's resource name for this place, when the screen is in more than one section (default: the screen's id). */
  name?: string;
}

export interface ScreenDecl {
  /** The screen's name in code: linkTo(id), Refine's resource name. */
  id: string;
  /** Its web address (spec 2.1). */
  path: `/${string}`;
  /** The screen's title (document title, the home's links). */
  title: string;
  /** Where the sidebar shows it; empty: reached by address and links only. */
  menu: readonly MenuPlace[];
  /** Who sees it in the menu, when fewer than its sections' roles (src/domain/roles). */
  roles?: readonly Role[];
  /** Outside the signed-in application (login, register): no menu, no Refine. */
  public?: boolean;
  /** The page (the list, for a Refine CRUD resource). */
  page: PageLoader;
  /** A Refine CRUD resource's other pages, at `path`/create, `path`/edit/:id, `path`/show/:id. */
  crud?: { create: PageLoader; edit: PageLoader; show: PageLoader };
}

/** A submenu of a section (Adquisiciones → Órdenes de Compra): its screens name it as `parent`. */
export interface MenuGroupDecl {
  name: string;
  section: Section;
  label: string;
  order: number;
}
