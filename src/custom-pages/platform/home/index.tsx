// Home (spec 1): greeting with the product name, tagline, image, version and footer; below
// them the role's cards of what needs attention today ("Hoy", issue 19) and quick links.
import { useMemo } from "react";
import { Link } from "react-router";
import { useGetIdentity } from "@refinedev/core";
import illustration from "../../../assets/home-illustration.svg";
import { menuFor, type MenuEntry } from "../../../providers/resources";
import type { SessionUser } from "../../../providers/session";
import { HomeCards } from "./HomeCards";
import { HomeAviso } from "../respaldos/HomeAviso";
import { canAccess, isRole } from "../../../domain/roles/roles";
import "./home.css";

export const APP_VERSION = "v0.6b";

function links(entries: MenuEntry[]): { key: string; title: string; path: string }[] {
  return entries.flatMap((e) => (e.kind === "link" ? [e] : links(e.children)));
}

export default function HomePage() {
  const { data: user } = useGetIdentity<SessionUser | null>();
  const menu = useMemo(() => (user?.rol ? menuFor(user.rol) : []), [user?.rol]);


  return (
    <div className="vt-home">
      <section className="vt-home__hero">
        <div className="vt-home__text">
          {user && <p className="vt-home__hello">Hola, {user.nombre}</p>}
          <h1>Bienvenido a Ventanal</h1>
          <p className="vt-home__tagline">Sistema integrado de producción, inventario y administración</p>
          <span className="vt-home__version">{APP_VERSION}</span>
        </div>
        <img
          className="vt-home__img"
          src={illustration}
          alt="Ilustración de un edificio con ventanas, un taller y paneles de vidrio"
          width={640}
          height={360}
        />
      </section>

      {user && isRole(user.rol) && canAccess(user.rol, "administracion", "read") && <HomeAviso />}
      {user && <HomeCards />}

      {menu.length > 0 && (
        <section className="vt-home__sections" aria-label="Accesos rápidos">
          {menu.map((section) => (
            <div key={section.key} className="vt-home__card">
              <h2>{section.label}</h2>
              <ul>
                {links(section.children)
                  .filter((l, i, all) => all.findIndex((o) => o.path === l.path) === i)
                  .slice(0, 4)
                  .map((l) => (
                    <li key={l.key}>
                      <Link to={l.path}>{l.title}</Link>
                    </li>
                  ))}
              </ul>
            </div>
          ))}
        </section>
      )}

      <footer className="vt-home__footer">© 2025 Ventanal</footer>
    </div>
  );
}
