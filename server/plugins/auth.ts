// Authentication and the role table, applied in one hook to every api/ route:
// 401 without a valid session, 403 for a role outside the table.
import fp from "fastify-plugin";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { isAllowed, isRole, type RoutePermission } from "../../src/domain/roles/roles";
import { forbidden, unauthorized } from "../errors";
import { userForToken } from "../services/auth/session";
import type { Actor } from "../services/write";

declare module "fastify" {
  interface FastifyContextConfig {
    /** Who may call the route; every api/ route declares it (or `public: true`). */
    permission?: RoutePermission;
    public?: boolean;
  }
  interface FastifyRequest {
    user?: Actor;
    token?: string;
  }
  interface FastifyInstance {
    /** Every api/ route with what it needs (the auth-matrix test walks this list). */
    apiRoutes: ApiRouteInfo[];
  }
}

export interface ApiRouteInfo {
  method: string;
  url: string;
  permission?: RoutePermission;
  public: boolean;
}

const isApiRoute = (url: string | undefined): boolean => !!url && url.startsWith("/api/") && !url.startsWith("/api/docs");

export function bearerToken(req: FastifyRequest): string | null {
  const header = req.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match ? match[1] : null;
}

export default fp(async function authPlugin(app: FastifyInstance) {
  const routes: ApiRouteInfo[] = [];
  app.decorate("apiRoutes", routes);
  app.addHook("onRoute", (route) => {
    if (!isApiRoute(route.url)) return;
    const cfg = (route.config ?? {}) as { permission?: RoutePermission; public?: boolean };
    if (!cfg.public && !cfg.permission) throw new Error(`La ruta ${route.method} ${route.url} no declara permiso`);
    for (const method of [route.method].flat()) routes.push({ method, url: route.url, permission: cfg.permission, public: !!cfg.public });
  });

  app.addHook("onRequest", async (req) => {
    const cfg = req.routeOptions.config;
    // Decided on the matched route, never on the raw URL: "/%61pi/..." reaches the same
    // route as "/api/..." and must be checked the same way.
    if (!isApiRoute(req.routeOptions.url) || cfg.public) return;
    if (!cfg.permission) throw forbidden(); // unreachable: onRoute refuses such routes
    const token = bearerToken(req);
    if (!token) throw unauthorized();
    const user = await userForToken(app.database.db, token);
    if (!user) throw unauthorized();
    req.user = user;
    req.token = token;
    if (!isRole(user.rol) || !isAllowed(user.rol, cfg.permission)) {
      req.log.warn({ userId: user.id, rol: user.rol, route: req.routeOptions.url }, "acceso denegado (403)");
      throw forbidden();
    }
  });
});
