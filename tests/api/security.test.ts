// Browser hardening and hostile input: security headers on every answer, body limits,
// malformed bodies, no 500 from any bad input on any route, no stack in a 500 body,
// and the OpenAPI description.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../server/app";
import { loadConfig } from "../../server/config";
import { openTestDatabase } from "../helpers";
import { createTestServer, type TestServer } from "../helpers";
import type { ApiRouteInfo } from "../../server/plugins/auth";

let t: TestServer;
beforeAll(async () => {
  t = await createTestServer();
});
afterAll(() => t.close());

function expectHardened(headers: Record<string, unknown>, label: string) {
  const csp = String(headers["content-security-policy"] ?? "");
  expect(csp, label).toContain("default-src 'self'");
  // only the app's own scripts; WebAssembly compilation (the PDF renderer) but never eval
  expect(csp, label).toMatch(/script-src 'self' 'wasm-unsafe-eval'(;|$)/);
  expect(csp, label).not.toContain("'unsafe-eval'");
  expect(csp, label).not.toMatch(/script-src[^;]*'unsafe-inline'/);
  expect(csp, label).toContain("frame-ancestors 'none'");
  expect(csp, label).toContain("object-src 'none'");
  // served over plain http on the workshop LAN: an upgrade would send the app's own
  // scripts to https and leave a blank page
  expect(csp, label).not.toContain("upgrade-insecure-requests");
  expect(headers["x-content-type-options"], label).toBe("nosniff");
  expect(headers["referrer-policy"], label).toBe("strict-origin-when-cross-origin");
  expect(headers["x-frame-options"], label).toBe("DENY");
  expect(headers["x-powered-by"], label).toBeUndefined();
}

describe("security headers", () => {
  it("on successes, refusals, errors and unknown paths", async () => {
    const cases = [
      await t.request({ method: "GET", url: "/health" }),
      await t.request({ method: "GET", url: "/api/usuarios", as: "Informático" }),
      await t.request({ method: "GET", url: "/api/usuarios" }),
      await t.request({ method: "GET", url: "/api/usuarios", as: "Bodega" }),
      await t.request({ method: "POST", url: "/api/login", payload: {} }),
      await t.request({ method: "GET", url: "/api/no-existe" }),
      await t.request({ method: "GET", url: "/cualquier/cosa" }),
    ];
    for (const res of cases) expectHardened(res.headers, `${res.statusCode} ${res.body.slice(0, 60)}`);
  });
});

describe("request bodies", () => {
  const big = JSON.stringify({ correo: "a@b.cl", contrasena: "x".repeat(1024 * 1024) });

  it("a JSON body over 1 MiB answers 413 in Spanish and writes nothing", async () => {
    const before = await t.count("usuarios");
    const login = await t.request({ method: "POST", url: "/api/login", headers: { "content-type": "application/json" }, payload: big });
    expect(login.statusCode).toBe(413);
    expect(login.json()).toEqual({ message: "La solicitud es demasiado grande (máximo 1 MiB).", errors: {} });
    const create = await t.request({
      method: "POST",
      url: "/api/usuarios",
      as: "Informático",
      headers: { "content-type": "application/json" },
      payload: JSON.stringify({ nombre: "x".repeat(1100 * 1024), correo: "grande@ejemplo.cl", rol: "Ventas", contrasena: "secreta1" }),
    });
    expect(create.statusCode).toBe(413);
    expect(await t.count("usuarios")).toBe(before);
  });

  it("malformed JSON answers 400 in Spanish", async () => {
    for (const payload of ['{"correo": "a@b.cl",', "{correo: 1}", "nada", '{"a":1}}', '{"__proto__": {"admin": true}}', '{"constructor": {"prototype": {"x": 1}}}']) {
      const res = await t.request({ method: "POST", url: "/api/login", headers: { "content-type": "application/json" }, payload });
      expect(res.statusCode, payload).toBe(400);
      expect(res.json().message, payload).toBe("El cuerpo de la solicitud no es JSON válido.");
    }
  });

  it("an empty JSON body or another content type answers 4xx in Spanish", async () => {
    const empty = await t.request({ method: "POST", url: "/api/usuarios", as: "Informático", headers: { "content-type": "application/json" }, payload: "" });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe("El cuerpo de la solicitud está vacío.");
    const xml = await t.request({ method: "POST", url: "/api/usuarios", as: "Informático", headers: { "content-type": "application/xml" }, payload: "<a/>" });
    expect(xml.statusCode).toBe(415);
    expect(xml.json().message).toBe("Tipo de contenido no soportado: envíe JSON.");
    // text/plain is read as text, then refused by the schema, in Spanish (a declared resource's body says what it expects)
    const text = await t.request({ method: "POST", url: "/api/usuarios", as: "Informático", headers: { "content-type": "text/plain" }, payload: "hola" });
    expect(text.statusCode).toBe(400);
    expect(text.json().message).toBe("Datos inválidos: El cuerpo de la solicitud debe ser un objeto JSON");
    const noBody = await t.request({ method: "POST", url: "/api/usuarios", as: "Informático" });
    expect(noBody.statusCode).toBe(400);
    expect(noBody.json().message).toMatch(/[a-záéíóú]/);
  });

  it("text the database can't store (a NUL character) is a 400, not a 500", async () => {
    const before = await t.count("usuarios");
    const res = await t.request({
      method: "POST",
      url: "/api/usuarios",
      as: "Informático",
      payload: { nombre: "Nul\u0000o", correo: "nul@ejemplo.cl", rol: "Ventas", contrasena: "secreta1" },
    });
    expect(res.statusCode).toBe(400);
    expect(await t.count("usuarios")).toBe(before);
  });

  it("odd authorization headers are 401, never 500", async () => {
    for (const header of ["Bearer " + "x".repeat(6000), "Bearer \u00e9\u00f1", "bearer", "Bearer a b", "Token abc", ""]) {
      const res = await t.app.inject({ method: "GET", url: "/api/usuarios", headers: { authorization: header } });
      expect(res.statusCode, header.slice(0, 20)).toBe(401);
    }
  });
});

describe("no 500 from bad input, on any route", () => {
  // A separate server: these requests run as an administrator on every route and may
  // write whatever validation lets through.
  let f: TestServer;
  beforeAll(async () => {
    f = await createTestServer();
  });
  afterAll(() => f.close());

  const badParams = ["abc", "0", "-1", "1.5", "1e3", "99999999999999999999", "%00", "%27%3B--", "%E2%82%AC", "x".repeat(300)];
  const badBodies: unknown[] = [
    {},
    [],
    "texto",
    42,
    null,
    { id: "1; drop table usuarios" },
    { nombre: null, correo: [], rol: {}, contrasena: 1, activo: "x", cantidad: "mucho", fecha: "31-02-2025", items: "no" },
    { nombre: "x".repeat(100_000) },
    { cantidad: -1e308, precio_unitario: 1e308, total_neto_presupuestado: 2 ** 63, fecha: "2025-02-30", cliente_id: 2 ** 40 },
    { a: { b: { c: { d: { e: { f: { g: [[[[[[]]]]]] } } } } } } },
    { nombre: "\u0000", correo: "\ud800@x.cl" },
  ];
  const badQueries = ["?_start=abc&_end=-5", "?_sort=;drop&_order=x", "?q=%00", "?q=" + "%25".repeat(100), "?_start=1e309", "?_end=99999999999999999999", "?cliente_id=abc&presupuesto_id=-1", "?mes=13&anio=abc&periodo=2025-99"];

  const concrete = (url: string, value: string) => url.replace(/:[A-Za-z_]\w*(\([^)]*\))?/g, value);
  const writes = (r: ApiRouteInfo) => !["GET", "HEAD", "DELETE"].includes(r.method);
  const skip = (r: ApiRouteInfo) => r.url === "/api/logout"; // would end the session used here

  it("hostile path parameters, bodies and query strings", async () => {
    const token = await f.tokenFor("Informático"); // allowed on every route
    const routes = f.app.apiRoutes.filter((r) => !skip(r));
    const failures: string[] = [];
    const check = async (method: string, url: string, payload?: unknown) => {
      const res = await f.app.inject({
        method: method as "GET",
        url,
        headers: { authorization: `Bearer ${token}`, ...(payload !== undefined ? { "content-type": "application/json" } : {}) },
        ...(payload !== undefined ? { payload: JSON.stringify(payload) } : {}),
      });
      if (res.statusCode >= 500) failures.push(`${method} ${url} ${JSON.stringify(payload)?.slice(0, 80)} → ${res.statusCode} ${res.body.slice(0, 100)}`);
    };
    for (const r of routes) {
      const hasParams = r.url.includes(":");
      for (const p of hasParams ? badParams : ["1"]) {
        const url = concrete(r.url, p);
        if (writes(r)) for (const b of badBodies) await check(r.method, url, b);
        else await check(r.method, url);
      }
      for (const q of badQueries) await check(r.method, concrete(r.url, "1") + q, writes(r) ? {} : undefined);
    }
    expect(failures).toEqual([]);
  });
});

describe("a 500 never shows internals", () => {
  it("answers a fixed Spanish message with no stack, SQL or detail", async () => {
    const database = await openTestDatabase();
    try {
      const app = await buildApp({ database, config: { ...loadConfig({}), webDir: undefined }, logger: false });
      app.get("/api/prueba/error", { config: { public: true } }, async () => {
        throw new Error("detalle secreto del servidor");
      });
      app.get("/api/prueba/sql", { config: { public: true } }, async () => {
        await database.pool.query("select * from tabla_secreta_inexistente");
        return {};
      });
      await app.ready();
      for (const url of ["/api/prueba/error", "/api/prueba/sql"]) {
        const res = await app.inject({ method: "GET", url });
        expect(res.statusCode).toBe(500);
        expect(res.json()).toEqual({ message: "Error interno del servidor. Intente nuevamente.", errors: {} });
        expect(res.body).not.toMatch(/secret|stack|at |\.ts|select/i);
        expectHardened(res.headers, url);
      }
      await app.close();
    } finally {
      await database.close();
    }
  });
});

describe("OpenAPI", () => {
  it("GET /api/docs answers the HTML page and /api/docs/json lists the routes (to a session: 32.3.9)", async () => {
    const page = await t.request({ method: "GET", url: "/api/docs", as: "Bodega" });
    expect(page.statusCode).toBe(200);
    expect(page.headers["content-type"]).toMatch(/text\/html/);
    expect(page.body).toMatch(/<html/i);
    expect(page.headers["content-security-policy"]).not.toContain("upgrade-insecure-requests");
    expect(page.headers["content-security-policy"]).toContain("frame-ancestors 'none'");
    const json = await t.request({ method: "GET", url: "/api/docs/json", as: "Bodega" });
    expect(json.statusCode).toBe(200);
    const doc = json.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.info.title).toBe("Ventanal API");
    const paths = Object.keys(doc.paths);
    for (const p of ["/api/login", "/api/usuarios", "/api/usuarios/{id}", "/api/usuarios/{id}/cambiar-contrasena"]) expect(paths).toContain(p);
    expect(Object.keys(doc.paths["/api/usuarios"]).sort()).toEqual(["get", "post"]);
    // every non-docs api route is described
    for (const r of t.app.apiRoutes.filter((x) => x.method !== "HEAD")) {
      const p = r.url.replace(/:(\w+)/g, "{$1}");
      expect(doc.paths[p]?.[r.method.toLowerCase()], `${r.method} ${r.url}`).toBeDefined();
    }
    expect(JSON.stringify(doc)).not.toMatch(/password_hash|passwordHash/);
  });
});

describe("URLs the router refuses (found by the API fuzzer)", () => {
  it("a path parameter over the router's length limit: 414 { message, errors } in Spanish, without echoing the URL", async () => {
    const res = await t.request({ method: "GET", url: `/api/materiales/${"x".repeat(10_240)}/movimientos`, as: "Gerencia" });
    expect(res.statusCode).toBe(414);
    expect(res.json()).toEqual({ message: "La dirección es demasiado larga.", errors: {} });
  });

  it("a malformed percent-encoding in the path: 400 { message, errors } in Spanish", async () => {
    const res = await t.request({ method: "GET", url: "/api/clientes/%E0%A4%A", as: "Gerencia" });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: "La dirección no es válida.", errors: {} });
  });
});
