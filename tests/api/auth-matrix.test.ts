// The auth matrix: EVERY registered api/ route (app.apiRoutes, filled by the auth
// plugin's onRoute hook, so routes added later are walked too) answers 401 without a
// valid session, and 403 to each role the role table does not allow; and the same
// matrix generated from the OpenAPI document, with nothing written by a refused call.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isAllowed, ROLES, type Role } from "../../src/domain/roles/roles";
import type { ApiRouteInfo } from "../../server/plugins/auth";
import { hashToken } from "../../server/services/auth/tokens";
import { ADMIN, createTestServer, type TestServer } from "../helpers";
import { watchDatabase } from "../fuzz/db-state";
import { readOperations } from "../fuzz/openapi";

let t: TestServer;
let routes: ApiRouteInfo[];

beforeAll(async () => {
  t = await createTestServer();
  routes = t.app.apiRoutes.filter((r) => !r.public);
});
afterAll(() => t.close());

/** Path parameters become 1 (and a wildcard "x"). */
const concrete = (url: string) => url.replace(/:[A-Za-z_][\w]*(\([^)]*\))?/g, "1").replace(/\*/g, "x");
const withBody = (method: string) => !["GET", "HEAD", "DELETE", "OPTIONS"].includes(method);

async function call(route: ApiRouteInfo, auth: { token?: string; header?: string }) {
  const headers: Record<string, string> = {};
  if (auth.header !== undefined) headers.authorization = auth.header;
  else if (auth.token) headers.authorization = `Bearer ${auth.token}`;
  return t.app.inject({
    method: route.method as "GET",
    url: concrete(route.url),
    headers,
    ...(withBody(route.method) ? { payload: {} } : {}),
  });
}

/** Walks the routes and returns every one that did not answer `status`. */
async function mismatches(list: ApiRouteInfo[], status: number, auth: { token?: string; header?: string }, message?: string) {
  const wrong: string[] = [];
  for (const route of list) {
    const res = await call(route, auth);
    const ok = res.statusCode === status && (route.method === "HEAD" || !message || res.json().message === message);
    if (!ok) wrong.push(`${route.method} ${route.url} → ${res.statusCode} ${res.body.slice(0, 120)}`);
  }
  return wrong;
}

describe("the route list", () => {
  it("holds the known routes; public are only login, the client's quote link, the health check and npm run backup's local request (own secret)", () => {
    const all = t.app.apiRoutes.map((r) => `${r.method} ${r.url}`);
    for (const known of ["POST /api/logout", "GET /api/usuarios", "POST /api/usuarios", "PUT /api/usuarios/:id", "PUT /api/usuarios/:id/cambiar-contrasena"]) {
      expect(all).toContain(known);
    }
    const open = t.app.apiRoutes.filter((r) => r.public).map((r) => `${r.method} ${r.url}`);
    expect(open.sort()).toEqual([
      "GET /api/publico/presupuestos/:token",
      "GET /api/salud",
      "HEAD /api/publico/presupuestos/:token",
      "HEAD /api/salud",
      "POST /api/login",
      "POST /api/publico/presupuestos/:token/aceptacion",
      "POST /api/publico/presupuestos/:token/rechazo",
      "POST /api/respaldos/local",
    ]); // HEAD: Fastify's twin of every GET
  });

  it("the public routes need no session and answer an unknown token with the one 404, writing nothing", async () => {
    const db = await watchDatabase(t, { counts: false });
    const before = await db.snapshot();
    for (const r of t.app.apiRoutes.filter((r) => r.public && r.url.startsWith("/api/publico/"))) {
      for (const auth of [{}, { token: "basura-que-no-es-un-token" }]) {
        const res = await call(r, auth);
        if (r.method === "HEAD") expect(res.statusCode, `${r.method} ${r.url}`).toBe(404);
        else if (r.method === "GET") expect(res.json(), `${r.method} ${r.url}`).toEqual({ message: expect.stringContaining("El enlace no existe"), errors: {} });
        else expect([400, 404], `${r.method} ${r.url}`).toContain(res.statusCode); // an empty body is a 400 before the token is looked up
      }
    }
    expect(db.diff(before, await db.snapshot())).toBe("");
    expect(routes.every((r) => r.permission !== undefined)).toBe(true);
  });
});

describe("401 without a valid session, on every route", () => {
  const MSG = "Sesión no válida o expirada. Inicie sesión nuevamente.";

  it("no token", async () => {
    expect(await mismatches(routes, 401, {}, MSG)).toEqual([]);
  });

  it("a garbage token, a malformed header, another scheme", async () => {
    expect(await mismatches(routes, 401, { token: "basura-que-no-es-un-token" }, MSG)).toEqual([]);
    expect(await mismatches(routes, 401, { header: "Bearer" }, MSG)).toEqual([]);
    expect(await mismatches(routes, 401, { header: `Basic ${Buffer.from(`${ADMIN.correo}:${ADMIN.contrasena}`).toString("base64")}` }, MSG)).toEqual([]);
  });

  it("an expired token", async () => {
    const res = await t.request({ method: "POST", url: "/api/login", payload: ADMIN });
    const token = res.json().token as string;
    expect((await t.request({ method: "GET", url: "/api/usuarios", token })).statusCode).toBe(200);
    await t.database.pool.query("update sesiones set expira_en = now() - interval '1 second' where token_hash = $1", [hashToken(token)]);
    expect(await mismatches(routes, 401, { token }, MSG)).toEqual([]);
  });

  it("a revoked (logged-out) token", async () => {
    const token = (await t.request({ method: "POST", url: "/api/login", payload: ADMIN })).json().token as string;
    expect((await t.request({ method: "POST", url: "/api/logout", token })).statusCode).toBe(204);
    expect(await mismatches(routes, 401, { token }, MSG)).toEqual([]);
  });

  it("percent-encoded or odd spellings of a path never skip the check", async () => {
    for (const url of ["/%61pi/usuarios", "/api/%75suarios", "/api/usuarios?_start=0", "/api/usuarios#x"]) {
      const res = await t.app.inject({ method: "GET", url });
      expect([401, 404], url).toContain(res.statusCode);
    }
  });
});

describe("403 for every route a role may not use (role table, isAllowed)", () => {
  for (const role of ROLES as readonly Role[]) {
    it(role, async () => {
      const token = await t.tokenFor(role);
      const forbidden = routes.filter((r) => !isAllowed(role, r.permission!));
      expect(await mismatches(forbidden, 403, { token }, "No tiene permiso para esta acción.")).toEqual([]);
      // and the session itself is still valid for what the role may do
      const allowed = routes.filter((r) => isAllowed(role, r.permission!) && r.method === "GET");
      for (const r of allowed) {
        const res = await call(r, { token });
        expect(res.statusCode, `${role} ${r.method} ${r.url}`).not.toBe(401);
      }
    });
  }

  it("administration is Informático and Gerencia only", () => {
    const admin = routes.find((r) => r.method === "POST" && r.url === "/api/usuarios")!;
    expect(ROLES.filter((r) => isAllowed(r, admin.permission!)).sort()).toEqual(["Gerencia", "Informático"]);
  });
});

// The role × route matrix, generated: every operation of the OpenAPI document, each of
// the ten roles and no session, against what the role table says. A route added later is
// in the document, so it is walked without anyone adding it here.
describe("role × route matrix (OpenAPI document × role table)", () => {
  const ROLE_REFUSAL = "No tiene permiso para esta acción.";

  it("the document and the server list the same routes (HEAD aside)", async () => {
    const ops = await readOperations(t.app);
    const documented = ops.map((o) => `${o.method} ${o.url}`).sort();
    const served = t.app.apiRoutes.filter((r) => r.method !== "HEAD").map((r) => `${r.method} ${r.url}`).sort();
    expect(documented).toEqual(served);
  });

  it("every route × every role and no session: 401, 403 or through, and a refused write wrote nothing", async () => {
    const ops = (await readOperations(t.app)).filter((o) => !o.public);
    const db = await watchDatabase(t, { counts: false });
    const tokens = new Map<Role, string>();
    for (const role of ROLES) tokens.set(role, await t.tokenFor(role));
    const wrong: string[] = [];
    let cells = 0;
    for (const op of ops) {
      const route = { method: op.method, url: op.url, permission: op.permission, public: false };
      for (const role of [null, ...ROLES] as (Role | null)[]) {
        const allowed = role !== null && isAllowed(role, op.permission!);
        // Logging out would end the role's session used by the next routes.
        if (allowed && op.key === "POST /api/logout") continue;
        const before = await db.snapshot();
        const res = await call(route, role ? { token: tokens.get(role) } : {});
        cells++;
        const who = `${role ?? "sin sesión"} ${op.key}`;
        const message = op.method === "HEAD" ? undefined : (res.json() as { message?: string }).message;
        if (role === null) {
          if (res.statusCode !== 401) wrong.push(`${who}: ${res.statusCode}, se esperaba 401`);
        } else if (!allowed) {
          if (res.statusCode !== 403 || message !== ROLE_REFUSAL) wrong.push(`${who}: ${res.statusCode} ${message}, se esperaba 403`);
        } else if (res.statusCode === 401 || (res.statusCode === 403 && message === ROLE_REFUSAL)) {
          wrong.push(`${who}: ${res.statusCode}, la tabla de roles lo permite`);
        }
        if (!allowed) {
          const diff = db.diff(before, await db.snapshot());
          if (diff) wrong.push(`${who}: rechazado pero escribió ${diff}`);
        }
      }
    }
    expect(wrong).toEqual([]);
    expect(cells).toBeGreaterThan(ops.length * 10);
  });
});
