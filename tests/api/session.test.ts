import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN, createTestServer, type TestServer } from "../helpers";

let t: TestServer;
beforeAll(async () => {
  t = await createTestServer();
});
afterAll(() => t.close());

describe("POST api/login", () => {
  it("answers token and usuario", async () => {
    const res = await t.request({ method: "POST", url: "/api/login", payload: ADMIN });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.token).toMatch(/^[\w-]{43}$/);
    expect(body.usuario).toMatchObject({ nombre: "Administrador", correo: ADMIN.correo, rol: "Informático" });
  });
  it("a sign-in is 2 statements, each its own transaction: the throttle's reserve with the user's read, then the throttle's success with the session and its audit row", async () => {
    await t.request({ method: "POST", url: "/api/login", payload: ADMIN }); // warm: the dummy hash, prepared caches
    const statements: string[] = [];
    const proto = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
    const query = proto.query;
    proto.query = function (this: unknown, ...args: unknown[]) {
      const q = args[0];
      statements.push(typeof q === "string" ? q : String((q as { text?: string }).text));
      return query.apply(this, args);
    };
    try {
      const res = await t.request({ method: "POST", url: "/api/login", payload: ADMIN });
      expect(res.statusCode).toBe(200);
    } finally {
      proto.query = query;
    }
    expect(statements.filter((s) => /^(begin|commit)/i.test(s))).toHaveLength(0);
    expect(statements).toHaveLength(2);
    expect(statements[0]).toMatch(/ventanal_ingreso_reservar/);
    expect(statements[1]).toMatch(/insert into "sesiones"[\s\S]*insert into "auditoria"[\s\S]*ventanal_ingreso_terminar/);
    // The session's audit row, as write()'s audit() writes it.
    const { rows } = await t.database.pool.query("select a.usuario_id, a.ruta, a.entidad, a.cambios, a.registro = 'sesiones:' || a.entidad_id as registro from auditoria a order by a.id desc limit 1");
    expect(rows[0]).toMatchObject({ ruta: "POST /api/login", entidad: "sesiones", cambios: { accion: "login" }, registro: true });
    // Nothing in flight is left, nothing failed: the keys' rows stay (the purge drops them later).
    const counts = await t.database.pool.query("select sum(en_curso)::int as en_curso, sum(fallos)::int as fallos from intentos_ingreso");
    expect(counts.rows[0]).toEqual({ en_curso: 0, fallos: 0 });
  });
  it("refuses a wrong password with the Spanish message", async () => {
    const res = await t.request({ method: "POST", url: "/api/login", payload: { ...ADMIN, contrasena: "mala" } });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe("Correo o contraseña incorrectos");
  });
  it("400 for bad input, writes no session", async () => {
    const before = await t.count("sesiones");
    const res = await t.request({ method: "POST", url: "/api/login", payload: { correo: "no-es-correo" } });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toHaveProperty("correo");
    expect(res.json().errors).toHaveProperty("contrasena");
    expect(await t.count("sesiones")).toBe(before);
  });
  it("logout revokes the token", async () => {
    const { token } = (await t.request({ method: "POST", url: "/api/login", payload: ADMIN })).json();
    expect((await t.request({ method: "POST", url: "/api/logout", token })).statusCode).toBe(204);
    expect((await t.request({ method: "POST", url: "/api/logout", token })).statusCode).toBe(401);
  });
  it("GET api/sesion answers the token's user as it is now", async () => {
    const { token } = (await t.request({ method: "POST", url: "/api/login", payload: ADMIN })).json();
    const res = await t.request({ method: "GET", url: "/api/sesion", token });
    expect(res.statusCode).toBe(200);
    expect(res.json().usuario).toMatchObject({ correo: ADMIN.correo, rol: "Informático" });
    const ventasId = await t.userIdFor("Ventas");
    const ventasToken = await t.tokenFor("Ventas");
    expect((await t.request({ method: "PUT", url: `/api/usuarios/${ventasId}`, token, payload: { rol: "Bodega" } })).statusCode).toBe(200);
    const after = await t.request({ method: "GET", url: "/api/sesion", token: ventasToken });
    expect(after.json().usuario.rol).toBe("Bodega");
    expect((await t.request({ method: "GET", url: "/api/sesion" })).statusCode).toBe(401);
  });
});
