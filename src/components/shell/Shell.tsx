// The application frame (spec 2.2): a left sidebar with the logo and collapsible
// menu sections. Below 992 px the sidebar hides behind a menu button and opens as
// an overlay with a backdrop; it closes on backdrop click, Escape, route change and
// when the window widens to 992 px or more; page scrolling is locked while it is open.
// Plain React + CSS (no antd) so the public pages stay light.
import { useCallback, useEffect, useId, useLayoutEffect, useRef, useState, type ReactNode } from "react";
import { Link, NavLink, useLocation } from "react-router";
import { Logo } from "../Logo";
import type { MenuEntry, MenuGroup } from "../../providers/resources";
import "./shell.css";
import { linkTo } from "../../custom-pages/screens";

export const SIDEBAR_BREAKPOINT_PX = 992;
const DESKTOP_QUERY = `(min-width: ${SIDEBAR_BREAKPOINT_PX}px)`;

export interface ShellUser {
  nombre: string;
  rol?: string;
}

interface ShellProps {
  menu: MenuGroup[];
  user: ShellUser | null;
  onLogout?: () => void;
  loggingOut?: boolean;
  /** Top-bar tools of the signed-in app (the global search); with them the bar shows on wide screens too. */
  tools?: ReactNode;
  children: ReactNode;
}

function useIsDesktop(): boolean {
  const [isDesktop, setIsDesktop] = useState(() =>
    typeof window === "undefined" || typeof window.matchMedia !== "function" ? true : window.matchMedia(DESKTOP_QUERY).matches,
  );
  useEffect(() => {
    if (typeof window.matchMedia !== "function") return;
    const mql = window.matchMedia(DESKTOP_QUERY);
    const update = () => setIsDesktop(mql.matches);
    update();
    mql.addEventListener("change", update);
    return () => mql.removeEventListener("change", update);
  }, []);
  return isDesktop;
}

/** A link leads to its own path and to the pages under it (/presupuestos/show/5). */
function containsPath(entry: MenuEntry, pathname: string): boolean {
  if (entry.kind === "link") return entry.path === pathname || pathname.startsWith(`${entry.path}/`);
  return entry.children.some((c) => containsPath(c, pathname));
}

/** Keys of the groups that lead to the current route (expanded automatically). */
function activeGroupKeys(menu: MenuEntry[], pathname: string): string[] {
  const keys: string[] = [];
  const walk = (entries: MenuEntry[]) => {
    for (const e of entries) {
      if (e.kind === "group" && containsPath(e, pathname)) {
        keys.push(e.key);
        walk(e.children);
      }
    }
  };
  walk(menu);
  return keys;
}

function ChevronIcon() {
  return (
    <svg className="vt-nav__chevron" viewBox="0 0 16 16" width="14" height="14" aria-hidden="true">
      <path d="M4 6l4 4 4-4" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

interface NavGroupProps {
  group: MenuGroup;
  depth: number;
  expanded: ReadonlySet<string>;
  toggle: (key: string) => void;
}

function NavGroup({ group, depth, expanded, toggle }: NavGroupProps) {
  const id = useId();
  const open = expanded.has(group.key);
  return (
    <li className={`vt-nav__group vt-nav__group--depth${depth}`}>
      <button
        type="button"
        className="vt-nav__section"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => toggle(group.key)}
      >
        <span>{group.label}</span>
        <ChevronIcon />
      </button>
      <ul id={id} className="vt-nav__list" hidden={!open}>
        {group.children.map((child) =>
          child.kind === "group" ? (
            <NavGroup key={child.key} group={child} depth={depth + 1} expanded={expanded} toggle={toggle} />
          ) : (
            <li key={child.key}>
              <NavLink to={child.path} className={({ isActive }) => `vt-nav__link${isActive ? " is-active" : ""}`}>
                {child.label}
              </NavLink>
            </li>
          ),
        )}
      </ul>
    </li>
  );
}

export function Shell({ menu, user, onLogout, loggingOut = false, tools, children }: ShellProps) {
  const { pathname } = useLocation();
  const isDesktop = useIsDesktop();
  const [open, setOpen] = useState(false);
  const overlayOpen = open && !isDesktop;
  const menuButtonRef = useRef<HTMLButtonElement>(null);
  const closeButtonRef = useRef<HTMLButtonElement>(null);

  const [expanded, setExpanded] = useState<Set<string>>(() => new Set(activeGroupKeys(menu, pathname)));
  const toggle = useCallback((key: string) => {
    setExpanded((prev) => {
      const next = new Set(prev);
      if (next.has(key)) next.delete(key);
      else next.add(key);
      return next;
    });
  }, []);

  // Route change: close the overlay and unfold the sections that lead to the page.
  const menuRef = useRef(menu);
  menuRef.current = menu;
  useEffect(() => {
    setOpen(false);
    const keys = activeGroupKeys(menuRef.current, pathname);
    if (keys.length > 0) setExpanded((prev) => (keys.every((k) => prev.has(k)) ? prev : new Set([...prev, ...keys])));
  }, [pathname]);

  // Widening to the desktop layout closes the overlay.
  useEffect(() => {
    if (isDesktop) setOpen(false);
  }, [isDesktop]);

  // Closing by hand (Escape, backdrop, close button) gives the focus back to the menu
  // button once it is no longer inert.
  const restoreFocus = useRef(false);
  const close = useCallback(() => {
    restoreFocus.current = true;
    setOpen(false);
  }, []);
  useEffect(() => {
    if (!overlayOpen && restoreFocus.current) {
      restoreFocus.current = false;
      menuButtonRef.current?.focus();
    }
  }, [overlayOpen]);

  // While open: Escape closes it and the page behind does not scroll. A layout effect,
  // so the lock comes and goes in the same commit as the overlay.
  useLayoutEffect(() => {
    if (!overlayOpen) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") close();
    };
    document.addEventListener("keydown", onKey);
    const body = document.body;
    const previous = body.style.overflow;
    body.style.overflow = "hidden";
    body.classList.add("vt-scroll-locked");
    closeButtonRef.current?.focus();
    return () => {
      document.removeEventListener("keydown", onKey);
      body.style.overflow = previous;
      body.classList.remove("vt-scroll-locked");
    };
  }, [overlayOpen, close]);

  return (
    <div className={`vt-shell${overlayOpen ? " is-menu-open" : ""}${tools ? " vt-shell--tools" : ""}`}>
      <header className="vt-topbar" inert={overlayOpen}>
        <button
          ref={menuButtonRef}
          type="button"
          className="vt-topbar__menu"
          aria-label="Abrir menú"
          aria-expanded={overlayOpen}
          aria-controls="vt-sidebar"
          onClick={() => setOpen(true)}
        >
          <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
            <path d="M4 7h16M4 12h16M4 17h16" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
        </button>
        <Link to={linkTo("home")} className="vt-topbar__brand">
          <Logo size={28} />
          <span>Ventanal</span>
        </Link>
        {tools && <div className="vt-topbar__tools">{tools}</div>}
      </header>

      <aside
        id="vt-sidebar"
        className={`vt-sidebar${overlayOpen ? " is-open" : ""}`}
        aria-label="Barra lateral"
        {...(!isDesktop && overlayOpen ? { role: "dialog", "aria-modal": true } : {})}
      >
        <div className="vt-sidebar__head">
          <Link to={linkTo("home")} className="vt-sidebar__brand">
            <Logo size={36} />
            <span className="vt-sidebar__brand-text">
              <strong>Ventanal</strong>
              <small>Producción · Inventario · Administración</small>
            </span>
          </Link>
          <button ref={closeButtonRef} type="button" className="vt-sidebar__close" aria-label="Cerrar menú" onClick={close}>
            <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
              <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            </svg>
          </button>
        </div>

        <nav role="navigation" aria-label="Menú principal" className="vt-nav">
          {menu.length > 0 && (
            <ul className="vt-nav__root">
              <li>
                <NavLink to={linkTo("home")} end className={({ isActive }) => `vt-nav__link vt-nav__link--home${isActive ? " is-active" : ""}`}>
                  Inicio
                </NavLink>
              </li>
              {menu.map((group) => (
                <NavGroup key={group.key} group={group} depth={0} expanded={expanded} toggle={toggle} />
              ))}
            </ul>
          )}
        </nav>

        <div className="vt-sidebar__account">
          {user ? (
            <>
              <Link to={linkTo("profile")} className="vt-account__user" title="Ver perfil">
                <span className="vt-account__avatar" aria-hidden="true">
                  {user.nombre.trim().charAt(0).toUpperCase() || "?"}
                </span>
                <span className="vt-account__text">
                  <span className="vt-account__name">{user.nombre}</span>
                  {user.rol && <small className="vt-account__role">{user.rol}</small>}
                </span>
              </Link>
              <button type="button" className="vt-account__logout" onClick={onLogout} disabled={loggingOut}>
                Logout
              </button>
            </>
          ) : (
            <div className="vt-account__public">
              <NavLink to={linkTo("login")} className={({ isActive }) => `vt-account__link${isActive ? " is-active" : ""}`}>
                Login
              </NavLink>
              <NavLink to={linkTo("register")} className={({ isActive }) => `vt-account__link${isActive ? " is-active" : ""}`}>
                Registrar
              </NavLink>
            </div>
          )}
        </div>
      </aside>

      {overlayOpen && <div className="vt-backdrop" data-testid="sidebar-backdrop" aria-hidden="true" onClick={close} />}

      <main className="vt-main" id="contenido" inert={overlayOpen}>
        {children}
      </main>
    </div>
  );
}

export default Shell;
